'use client';

import { useRef, useState } from 'react';
import { CopyButton } from '../copy-button';
import { buttonClass } from '../ui';
import { useHydrated } from '../use-hydrated';
import { SourceBadge, SourceExplanation, type ConnectorApp } from './app-source';
import { ConnectorAppForm } from './connector-app-form';

const CATEGORY_LABEL: Record<string, string> = {
  crm: 'CRM',
  telephony: 'Telephony',
  scheduling: 'Scheduling',
  accounting: 'Accounting',
  billing: 'Billing',
};

interface ConnectorAppCardProps {
  app: ConnectorApp;
  onRemove: (app: ConnectorApp) => void;
}

export function ConnectorAppCard({ app, onRemove }: ConnectorAppCardProps) {
  const [isEditing, setEditing] = useState(false);
  const [isSaved, setSaved] = useState(false);
  const isHydrated = useHydrated();
  const headingId = `app-${app.connectorId}-heading`;
  const isOwn = app.configured === 'organization';
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = `app-${app.connectorId}-form`;
  const close = () => {
    setEditing(false);
    toggleRef.current?.focus();
  };
  const forName = <span className="sr-only"> for {app.name}</span>;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex items-start gap-3">
        {/* Decorative: the name is the heading next to it. */}
        <img src={app.logo} alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {app.name}
            </h2>
            <SourceBadge configured={app.configured} />
          </div>
          <p className="text-sm text-slate-600">
            {CATEGORY_LABEL[app.category] ?? app.category} · {app.authKind === 'oauth2' ? 'OAuth 2' : 'API key'}
          </p>
        </div>
      </div>
      <div className="mt-3 space-y-2 text-sm text-slate-700">
        <SourceExplanation app={app} />
      </div>
      {app.authKind === 'oauth2' ? (
        <>
          <div className="mt-3 text-sm">
            <p className="font-medium text-slate-700">Redirect URL to register at {app.name}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-800">{app.callbackUrl}</code>
              <CopyButton value={app.callbackUrl} label="Copy URL" context={`the ${app.name} redirect URL`} />
            </div>
          </div>
          {/* Always rendered: a live region that appears together with its text is often not announced. */}
          <p role="status" className="mt-3 text-sm font-medium text-emerald-700 empty:hidden">
            {isSaved ? 'Saved. The secret is stored encrypted and will not be shown again.' : ''}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={toggleRef}
              type="button"
              // Primary only where something is missing; in sandbox mode ten loud buttons would only be noise.
              className={buttonClass(app.configured === 'missing' && !isEditing ? 'primary' : 'secondary')}
              disabled={!isHydrated}
              aria-expanded={isEditing}
              aria-controls={isEditing ? formId : undefined}
              onClick={() => {
                setSaved(false);
                setEditing((open) => !open);
              }}
            >
              {isOwn ? 'Replace app' : 'Set your own app'}
              {forName}
            </button>
            {isOwn ? (
              <button type="button" className={buttonClass('dangerOutline')} disabled={!isHydrated} onClick={() => onRemove(app)}>
                Remove{forName}
              </button>
            ) : null}
          </div>
          {isEditing ? (
            <ConnectorAppForm
              id={formId}
              app={app}
              onSaved={() => {
                close();
                setSaved(true);
              }}
              onCancel={close}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
