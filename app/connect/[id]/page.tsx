import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getConnectPage } from '@/server/services/authorizations';
import { ensureReady } from '@/server/services/bootstrap';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Connect an account', robots: { index: false } };

const CATEGORY_LABEL: Record<string, string> = {
  crm: 'CRM',
  telephony: 'telephony',
  scheduling: 'scheduling',
  accounting: 'accounting',
  billing: 'billing',
};

// The hosted connect page (`mode=connect`): shows what the application asks for, then sends the user to the vendor.
export default async function ConnectPage({ params }: { params: Promise<{ id: string }> }) {
  await ensureReady();
  const { id } = await params;
  const page = getConnectPage({ id });
  if (!page) notFound();

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <section aria-labelledby="connect-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-4">
          <img src={page.logo} alt="" width={48} height={48} className="h-12 w-12 rounded-lg" />
          <div>
            <h1 id="connect-title" className="text-xl font-semibold text-slate-900">
              Connect {page.connectorName}
            </h1>
            <p className="text-sm text-slate-600">Your {CATEGORY_LABEL[page.category] ?? page.category} account</p>
          </div>
        </div>

        <h2 className="mt-6 text-sm font-semibold text-slate-900">This application asks to:</h2>
        {page.operations.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {page.operations.map((operation) => (
              <li key={operation}>{describeOperation(operation)}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Connect to your {page.connectorName} account.</p>
        )}
        {page.scopes.length > 0 && (
          <details className="mt-3 text-sm text-slate-600">
            <summary className="cursor-pointer">Permissions requested from {page.connectorName}</summary>
            <ul className="mt-2 flex flex-wrap gap-1">
              {page.scopes.map((scope) => (
                <li key={scope} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs">
                  {scope}
                </li>
              ))}
            </ul>
          </details>
        )}

        {page.authorizeUrl ? (
          <a
            href={page.authorizeUrl}
            className="mt-6 block w-full rounded-md bg-indigo-600 px-4 py-2 text-center font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            Connect
          </a>
        ) : (
          <p role="alert" className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
            {page.state === 'used'
              ? 'This link was already used. Ask the application for a new one.'
              : 'This link has expired. Ask the application for a new one.'}
          </p>
        )}
        {page.authorizeUrl && (
          <p className="mt-4 text-xs text-slate-500">You will sign in at {page.connectorName} and can review the access there.</p>
        )}
      </section>
    </main>
  );
}

const ACTION_LABEL: Record<string, string> = {
  list: 'list',
  retrieve: 'read',
  create: 'create',
  update: 'update',
  delete: 'delete',
  fieldRead: 'read the fields of',
  fieldWrite: 'add fields to',
};

function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

function describeOperation(operation: string): string {
  const [model = operation, action = ''] = operation.split('::');
  const noun = model
    .replace(/^(generic|crm|telephony|scheduling|accounting|widget)/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${ACTION_LABEL[action] ?? action} ${plural(noun)}`.replace(/^./, (first) => first.toUpperCase());
}
