// One load measurement with autocannon: a warm-up, then a measured run whose every response time is kept at
// full resolution (autocannon's own histogram rounds to whole milliseconds), plus the CPU time the service and
// the fake vendor spent during the measured run (/proc utime + stime of each process tree).
import autocannon from 'autocannon';
import { treeCpuSeconds } from './processes.mjs';

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function run(options, onResponse) {
  return new Promise((resolveRun, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolveRun(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/**
 * `target`: { url, method, headers, body }, or { url, requests: [{ method, path, headers }…] } for a sequence of
 * calls that counts as one request (its latency is the sum over the sequence, on each connection in turn).
 * `pids`: { service, fake } to sample CPU from.
 * Answers req/s, p50/p99 (ms), request and error counts, and CPU ms per request of each process tree.
 */
export async function measure(target, { connections, warmupSeconds, seconds, pids }) {
  const base = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
    connections,
    pipelining: 1,
    timeout: 10,
  };
  if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });

  const group = target.requests?.length ?? 1;
  const partial = new Map();
  const latencies = [];
  const statuses = new Map();
  const before = { service: treeCpuSeconds(pids.service), fake: treeCpuSeconds(pids.fake), at: process.hrtime.bigint() };
  const result = await run({ ...base, duration: seconds }, (client, statusCode, _bytes, responseTime) => {
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    if (group === 1) {
      latencies.push(responseTime);
      return;
    }
    const sofar = partial.get(client) ?? { count: 0, ms: 0 };
    sofar.count += 1;
    sofar.ms += responseTime;
    if (sofar.count === group) {
      latencies.push(sofar.ms);
      partial.delete(client);
    } else partial.set(client, sofar);
  });
  const end = process.hrtime.bigint();
  const elapsed = Number(end - before.at) / 1e9;
  const after = { service: treeCpuSeconds(pids.service), fake: treeCpuSeconds(pids.fake) };

  const requests = latencies.length;
  const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const ok2xx = [...statuses].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, count]) => sum + count, 0);
  // In group mode `requests` counts whole sequences; every answer of the run still has to be a 2xx.
  const ok = ok2xx === answered ? requests : requests - (answered - ok2xx);
  const sorted = Float64Array.from(latencies).sort();
  return {
    connections,
    callsPerRequest: group,
    seconds: result.duration ?? elapsed,
    requests,
    ok,
    statuses: Object.fromEntries(statuses),
    errors: result.errors,
    timeouts: result.timeouts,
    rps: requests / (result.duration ?? elapsed),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    serviceCpuMs: requests > 0 ? ((after.service - before.service) * 1000) / requests : NaN,
    fakeCpuMs: requests > 0 ? ((after.fake - before.fake) * 1000) / requests : NaN,
    // The measured window on the monotonic clock in µs (the clock of V8 CPU profiles on Linux).
    windowUs: [Number(before.at / 1000n), Number(end / 1000n)],
    serviceCpuUtil: (after.service - before.service) / elapsed,
  };
}
