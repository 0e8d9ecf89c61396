import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Authorization result', robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Where the OAuth callback sends the browser when the caller gave no redirectUrl.
export default async function ConnectResultPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const read = (key: string) => (typeof params[key] === 'string' ? params[key] : undefined);
  const authorized = read('status') === 'authorized';
  const connectorId = read('connectorId');
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <section aria-labelledby="result-title" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="result-title" className="text-xl font-semibold text-slate-900">
          {authorized ? 'Account connected' : 'The account was not connected'}
        </h1>
        {authorized ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {connectorId ? `Your ${connectorId} account` : 'Your account'} is now connected. You can close this window.
          </p>
        ) : (
          <div role="alert" className="mt-3 space-y-2 text-sm text-slate-700">
            <p>{read('message') ?? 'The authorization did not complete.'}</p>
            {read('error') && <p className="font-mono text-xs break-all text-red-700">{read('error')}</p>}
            <p>Go back to the application and try again.</p>
          </div>
        )}
      </section>
    </main>
  );
}
