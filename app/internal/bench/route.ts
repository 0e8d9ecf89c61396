// The framework's ceiling for `npm run bench` (docs/benchmarks.md): a bare route handler in the same production
// build that answers a constant, with none of the /v1 pipeline. Not part of the public API: it answers 404 unless
// the server was started with BENCH_ROUTES=1 (read per request).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const NOT_FOUND = JSON.stringify({ error: 'not_found' });
const OK = JSON.stringify({ ok: true });

export function GET(): Response {
  if (process.env.BENCH_ROUTES !== '1') return new Response(NOT_FOUND, { status: 404, headers: { 'content-type': 'application/json' } });
  return new Response(OK, { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}
