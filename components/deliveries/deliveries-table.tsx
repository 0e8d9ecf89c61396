'use client';

import { Fragment, useState, type ReactNode } from 'react';
import { ConnectorLabel } from '../connections/badges';
import type { ConnectorInfo } from '../connections/connectors';
import { formatRelative } from '../relative-time';
import { buttonClass, DateTime, ErrorCode, TABLE_WRAPPER_CLASS } from '../ui';
import { DeliveryAttempts } from './delivery-attempts';
import { DeliveryStatusBadge, Outcome, type Delivery } from './delivery-parts';

const HEAD = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const CELL = 'px-3 py-2.5 align-top';

interface DeliveriesTableProps {
  deliveries: Delivery[];
  connectors: Map<string, ConnectorInfo>;
  now: number;
  replayingId: string | null;
  onReplay: (delivery: Delivery) => void;
}

/** "next try in 5 minutes" for a pending delivery; nothing once it is settled. */
function NextRetry({ delivery, now }: { delivery: Delivery; now: number }) {
  if (delivery.status !== 'pending') return null;
  // Held until the worker has fetched the record the vendor's event only named (docs/events.md).
  if (!delivery.nextAttemptAt) return <span className="block text-xs whitespace-nowrap text-slate-600">waiting for the record</span>;
  return (
    <span className="block text-xs whitespace-nowrap text-slate-600">
      next try{' '}
      <time dateTime={delivery.nextAttemptAt} title={delivery.nextAttemptAt}>
        {Date.parse(delivery.nextAttemptAt) <= now ? 'now' : formatRelative(delivery.nextAttemptAt, now)}
      </time>
    </span>
  );
}

function EventCell({ delivery, connectors }: { delivery: Delivery; connectors: Map<string, ConnectorInfo> }) {
  return (
    <>
      <ErrorCode code={delivery.event} className="block text-slate-900" />
      <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <ConnectorLabel connectorId={delivery.connectorId} connector={connectors.get(delivery.connectorId)} />
        <span className="break-all">{delivery.ownerId}</span>
      </span>
    </>
  );
}

function Actions({
  delivery,
  isOpen,
  isReplaying,
  onToggle,
  onReplay,
}: {
  delivery: Delivery;
  isOpen: boolean;
  isReplaying: boolean;
  onToggle: () => void;
  onReplay: () => void;
}) {
  return (
    <span className="inline-flex gap-2 whitespace-nowrap">
      <button type="button" className={buttonClass('secondary')} aria-expanded={isOpen} onClick={onToggle}>
        <span aria-hidden="true" className="text-xs text-slate-500">
          {isOpen ? '▾' : '▸'}
        </span>
        Attempts
        <span className="sr-only">
          {' '}
          of {delivery.event} ({delivery.id})
        </span>
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={onReplay} disabled={isReplaying}>
        {isReplaying ? 'Replaying…' : 'Replay'}
        <span className="sr-only">
          {' '}
          {delivery.event} ({delivery.id})
        </span>
      </button>
    </span>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** Deliveries newest first; a row opens to its attempts. A table from sm up, cards on a phone. */
export function DeliveriesTable({ deliveries, connectors, now, replayingId, onReplay }: DeliveriesTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const actions = (delivery: Delivery) => (
    <Actions
      delivery={delivery}
      isOpen={open.has(delivery.id)}
      isReplaying={replayingId === delivery.id}
      onToggle={() => toggle(delivery.id)}
      onReplay={() => onReplay(delivery)}
    />
  );
  const columns = ['Event', 'Endpoint', 'Status', 'Last result', 'Created'];

  return (
    <>
      <div className={`${TABLE_WRAPPER_CLASS} max-xl:hidden`}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Deliveries, newest first</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={HEAD}>
                  {column}
                </th>
              ))}
              <th scope="col" className={HEAD}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {deliveries.map((delivery) => (
              <Fragment key={delivery.id}>
                <tr>
                  <td className={`${CELL} min-w-44`}>
                    <EventCell delivery={delivery} connectors={connectors} />
                  </td>
                  <td className={`${CELL} max-w-60 min-w-40 font-mono text-xs break-all text-slate-700`}>{delivery.endpointUrl}</td>
                  <td className={CELL}>
                    <DeliveryStatusBadge status={delivery.status} />
                    <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
                      {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                    </span>
                    <NextRetry delivery={delivery} now={now} />
                  </td>
                  <td className={`${CELL} min-w-32`}>
                    <Outcome statusCode={delivery.lastStatusCode} error={delivery.lastError} />
                  </td>
                  <td className={CELL}>
                    <DateTime value={delivery.createdAt} compact />
                  </td>
                  <td className={`${CELL} text-right`}>{actions(delivery)}</td>
                </tr>
                {open.has(delivery.id) ? (
                  <tr className="bg-slate-50">
                    <td colSpan={columns.length + 1} className="px-3 py-3">
                      <DeliveryAttempts deliveryId={delivery.id} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Deliveries, newest first" className="space-y-3 xl:hidden">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <EventCell delivery={delivery} connectors={connectors} />
              </div>
              <DeliveryStatusBadge status={delivery.status} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
              <div className="col-span-2">
                <Item label="Endpoint">
                  <span className="font-mono break-all">{delivery.endpointUrl}</span>
                </Item>
              </div>
              <Item label="Attempts">{delivery.attempts}</Item>
              <Item label="Last result">
                <Outcome statusCode={delivery.lastStatusCode} error={delivery.lastError} />
              </Item>
              <Item label="Next try">
                {delivery.status === 'pending' ? <NextRetry delivery={delivery} now={now} /> : <span className="text-slate-400">—</span>}
              </Item>
              <Item label="Created">
                <DateTime value={delivery.createdAt} compact />
              </Item>
            </dl>
            <div className="mt-3">{actions(delivery)}</div>
            {open.has(delivery.id) ? (
              <div className="mt-3">
                <DeliveryAttempts deliveryId={delivery.id} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
