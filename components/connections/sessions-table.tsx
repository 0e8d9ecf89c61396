import type { RouterOutputs } from '../trpc';
import { Badge, DateTime, TABLE_WRAPPER_CLASS } from '../ui';

type Session = RouterOutputs['connections']['detail']['sessions'][number];

const HEAD = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const CELL = 'px-3 py-2.5 align-top';

function SessionState({ session, now }: { session: Session; now: number }) {
  if (session.revokedAt) return <Badge tone="slate">Revoked</Badge>;
  if (Date.parse(session.expiresAt) <= now) return <Badge tone="slate">Expired</Badge>;
  return <Badge tone="green">Active</Badge>;
}

/** Session tokens handed to front ends for this connection (the tokens themselves are never kept readable). */
export function SessionsTable({ sessions, now }: { sessions: Session[]; now: number }) {
  return (
    <div className={TABLE_WRAPPER_CLASS}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Sessions of this connection, newest first</caption>
        <thead className="bg-slate-50">
          <tr>
            {['Created', 'Expires', 'Revoked', 'State', 'Operations'].map((column) => (
              <th key={column} scope="col" className={HEAD}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <tr key={session.id}>
              <td className={CELL}>
                <DateTime value={session.createdAt} compact />
              </td>
              <td className={CELL}>
                <DateTime value={session.expiresAt} compact />
              </td>
              <td className={CELL}>
                <DateTime value={session.revokedAt} compact />
              </td>
              <td className={CELL}>
                <SessionState session={session} now={now} />
              </td>
              <td className={`${CELL} whitespace-nowrap tabular-nums`} title={session.operations.join('\n') || undefined}>
                {session.operations.length}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
