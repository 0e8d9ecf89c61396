'use client';

import { useState, type FormEvent } from 'react';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice, INPUT_CLASS, LABEL_CLASS } from '../ui';
import type { ConnectorApp } from './app-source';

interface ConnectorAppFormProps {
  id: string;
  app: ConnectorApp;
  onSaved: () => void;
  onCancel: () => void;
}

/** Client id and secret of the organization's own OAuth app. The secret field is never filled in from the server. */
export function ConnectorAppForm({ id: formId, app, onSaved, onCancel }: ConnectorAppFormProps) {
  const [clientId, setClientId] = useState(app.configured === 'organization' ? (app.clientId ?? '') : '');
  const [clientSecret, setClientSecret] = useState('');
  const utils = trpc.useUtils();
  const save = trpc.connectorApps.set.useMutation({
    onSuccess: () => {
      setClientSecret('');
      void utils.connectorApps.list.invalidate();
      onSaved();
    },
  });
  const id = (name: string) => `app-${app.connectorId}-${name}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ connectorId: app.connectorId, clientId, clientSecret });
  }

  return (
    <form
      id={formId}
      onSubmit={submit}
      aria-label={`Your ${app.name} app`}
      className="mt-4 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <div>
        <label htmlFor={id('client-id')} className={LABEL_CLASS}>
          Client id
        </label>
        <input
          id={id('client-id')}
          name="clientId"
          required
          maxLength={500}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          // Opening the form is the user's request to type here.
          autoFocus
          autoComplete="off"
          spellCheck={false}
          className={`mt-1 font-mono ${INPUT_CLASS}`}
        />
      </div>
      <div>
        <label htmlFor={id('client-secret')} className={LABEL_CLASS}>
          Client secret
        </label>
        <input
          id={id('client-secret')}
          name="clientSecret"
          type="password"
          required
          maxLength={2000}
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          aria-describedby={id('secret-hint')}
          // Not the operator's own password: keep the browser's password manager out of it.
          autoComplete="new-password"
          spellCheck={false}
          className={`mt-1 font-mono ${INPUT_CLASS}`}
        />
        <p id={id('secret-hint')} className="mt-1 text-xs text-slate-500">
          Stored encrypted; it is never shown again. To change it, save the app again with the new secret.
        </p>
      </div>
      {save.error ? <ErrorNotice error={save.error} /> : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save app'}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
