// Tables of `npm run bench`, for the console and for docs/benchmarks.md. The hand-written part of the document
// between `<!-- analysis:start -->` and `<!-- analysis:end -->` is kept when the figures are regenerated.

const TARGET_ADDED_P50_MS = 2;
const TARGET_CPU_MS = 1;

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const ratio = (value, base) => (Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${(value / base).toFixed(2)}×` : '—');

function byKey(report) {
  const map = new Map();
  for (const result of report.results) map.set(`${result.id}@${result.connections}`, result);
  return map;
}

/** Rows of the main table: one per scenario and concurrency, with the added latency and ratios to (d). */
function rows(report) {
  const results = byKey(report);
  const out = [];
  for (const connections of report.concurrencies) {
    const ceiling = results.get(`d@${connections}`);
    for (const scenario of report.scenarios) {
      const result = results.get(`${scenario.id}@${connections}`);
      if (!result) continue;
      const baseline = scenario.baseline ? results.get(`${scenario.baseline}@${connections}`) : undefined;
      const serviceSide = scenario.side === 'service';
      out.push({
        scenario,
        connections,
        result,
        addedP50: baseline ? result.p50 - baseline.p50 : undefined,
        addedP99: baseline ? result.p99 - baseline.p99 : undefined,
        cpu: serviceSide ? result.serviceCpuMs : undefined,
        ratios:
          serviceSide && ceiling
            ? {
                rps: ratio(result.rps, ceiling.rps),
                p50: ratio(result.p50, ceiling.p50),
                p99: ratio(result.p99, ceiling.p99),
                cpu: ratio(result.serviceCpuMs, ceiling.serviceCpuMs),
              }
            : undefined,
      });
    }
  }
  return out;
}

function targets(report) {
  const results = byKey(report);
  const proxy = results.get('a-proxy@1');
  const direct = results.get('a-direct@1');
  const added = proxy && direct ? proxy.p50 - direct.p50 : NaN;
  const cpu = proxy?.serviceCpuMs ?? NaN;
  return {
    added,
    cpu,
    addedMet: added < TARGET_ADDED_P50_MS,
    cpuMet: cpu < TARGET_CPU_MS,
    cpu16: results.get('a-proxy@16')?.serviceCpuMs ?? NaN,
  };
}

function table(header, lines) {
  const all = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...all.map((line) => String(line[column]).length)));
  const format = (line) => `| ${line.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
  return [format(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...lines.map(format)].join('\n');
}

function mainTable(report) {
  return table(
    ['scenario', 'conc.', 'req/s', 'p50 ms', 'p99 ms', 'added p50 ms', 'added p99 ms', 'service CPU ms/req', 'fake CPU ms/req'],
    rows(report).map(({ scenario, connections, result, addedP50, addedP99, cpu }) => [
      scenario.label,
      connections,
      fixed(result.rps, 0),
      fixed(result.p50, 2),
      fixed(result.p99, 2),
      addedP50 === undefined ? '' : fixed(addedP50, 2),
      addedP99 === undefined ? '' : fixed(addedP99, 2),
      cpu === undefined ? '(not the service)' : fixed(cpu, 3),
      fixed(result.fakeCpuMs, 3),
    ]),
  );
}

function ratioTable(report) {
  return table(
    ['scenario', 'conc.', 'req/s ÷ (d)', 'p50 ÷ (d)', 'p99 ÷ (d)', 'service CPU/req ÷ (d)'],
    rows(report)
      .filter((row) => row.ratios)
      .map(({ scenario, connections, ratios }) => [scenario.label, connections, ratios.rps, ratios.p50, ratios.p99, ratios.cpu]),
  );
}

function profileTables(profile, limit = 15) {
  const perRequest = (ms) => fixed(ms / profile.requests, 4);
  const share = (ms) => `${fixed((100 * ms) / profile.busyMs, 1)} %`;
  const self = table(
    ['self ms/req', 'share', 'where', 'function (original source)'],
    profile.self.slice(0, limit).map((entry) => [perRequest(entry.ms), share(entry.ms), entry.kind, entry.label.replace(/\|/g, '\\|')]),
  );
  const ours = table(
    ['incl. ms/req', 'share', 'function (original source)'],
    profile.inclusive
      .filter((entry) => entry.kind === 'ours')
      .slice(0, limit)
      .map((entry) => [perRequest(entry.ms), share(entry.ms), entry.label.replace(/\|/g, '\\|')]),
  );
  const kinds = table(
    ['where', 'self ms/req', 'share'],
    profile.byKind.slice(0, 12).map((entry) => [entry.kind, perRequest(entry.ms), share(entry.ms)]),
  );
  return { self, ours, kinds };
}

export function renderConsole(report) {
  const goal = targets(report);
  const lines = ['', mainTable(report), '', ratioTable(report), ''];
  lines.push(
    `target: proxy adds < ${TARGET_ADDED_P50_MS} ms at p50 (c=1): ${fixed(goal.added, 2)} ms — ${goal.addedMet ? 'met' : 'MISSED'}`,
    `target: service CPU < ${TARGET_CPU_MS} ms per proxied request (c=1): ${fixed(goal.cpu, 3)} ms — ${goal.cpuMet ? 'met' : 'MISSED'}`,
  );
  if (report.profile) {
    const tables = profileTables(report.profile, 12);
    lines.push('', 'CPU profile, proxy at c=1, top self time:', tables.self, '', 'our code, inclusive:', tables.ours, '', tables.kinds);
  }
  if (report.notes.length > 0) lines.push('', 'notes:', ...report.notes.map((note) => `- ${note}`));
  return lines.join('\n');
}

const ANALYSIS_START = '<!-- analysis:start -->';
const ANALYSIS_END = '<!-- analysis:end -->';

function keptAnalysis(previous) {
  const start = previous.indexOf(ANALYSIS_START);
  const end = previous.indexOf(ANALYSIS_END);
  if (start < 0 || end < start) return `${ANALYSIS_START}\n\n_No analysis written yet._\n\n${ANALYSIS_END}`;
  return previous.slice(start, end + ANALYSIS_END.length);
}

export function renderMarkdown(report, previous = '') {
  const { machine } = report;
  const goal = targets(report);
  const contacts = report.contacts;
  const measuredCalls = [
    `- (a) the vendor call \`GET ${report.proxied.call.path}${report.proxied.call.search}\` of the **${report.proxied.connectorId}** fake, straight to the fake process with a bearer token of the bench's own, and the same call as \`POST /v1/proxy\` \`{ "method": "GET", "path": "${report.proxied.call.path}", "query": ${JSON.stringify(report.proxied.call.query)} }\`.`,
    contacts
      ? `- (b) \`GET /v1/resources/genericContact?limit=20\` on the **${contacts.connectorId}** connection (${contacts.count} contacts answered, seeded through the proxy), against the raw fake call behind it. One unified list made ${contacts.calls.length} vendor call(s): ${contacts.calls.map((call) => `\`${call.method} ${call.path}\``).join(', ')}.`
      : '- (b) not measured: no connector answered `GET /v1/resources/genericContact` when the bench ran.',
    `- (c) \`GET /v1/connections/{connectorId}/{ownerId}\` with the key pair.`,
    `- (d) \`GET /internal/bench\` (app/internal/bench/route.ts): a bare route handler in the same build that answers \`{"ok":true}\`; 404 unless \`BENCH_ROUTES=1\`. Not part of the public API.`,
  ];
  const parts = [
    '# Benchmarks',
    '',
    '<!-- Generated by `npm run bench` (scripts/bench.mjs); the figures are replaced on every run. Edit only the analysis section. -->',
    '',
    `Last run: ${report.startedAt.toISOString()} · command: \`${report.command}\``,
    '',
    '## Machine',
    '',
    `${machine.cpu}, ${machine.nproc} CPUs (\`nproc\`), ${machine.memoryGiB} GiB memory, Node ${machine.node}, ${machine.kernel}. The load generator ` +
      'runs on the same machine and shares its CPUs with the service and the fake vendor. ' +
      `1-minute load average: ${fixed(report.load.before, 2)} when the run started, ${fixed(report.load.after, 2)} when it ended` +
      (report.load.before > machine.nproc / 2 ? ' (**other work was running on the machine: latencies are inflated and noisy**).' : '.'),
    '',
    '## Method',
    '',
    "- The production build (`next build`, built first when `.next` is missing) served by `npm start`'s server (`node scripts/serve.mjs`: Next.js, with `/v1` answered by the fast path of docs/decisions.md) on 127.0.0.1 with a fresh SQLite file, " +
      'a random `ENCRYPTION_KEY`, a pinned key pair, `SANDBOX=1`, `LOG_LEVEL=warn`, `BENCH_ROUTES=1`, and `CONNECTOR_<ID>_AUTHORIZE_URL`, ' +
      '`_TOKEN_URL`, `_BASE_URL` pointing the connectors at the fake vendor, which runs **as its own process** ' +
      '(`node --import tsx scripts/sandbox-server.ts`, a plain `node:http` server over server/connectors/sandbox.ts), as a real vendor would.',
    '- Connections are created and authorized through the public API (OAuth authorization code with `prompt=none` on the fake).',
    `- Each scenario at each concurrency (autocannon \`connections\`: ${report.concurrencies.join(' and ')}, no pipelining): a ${report.warmupSeconds} s warm-up, then a measured ${report.seconds} s run; ` +
      `the whole sequence ran ${report.rounds ?? 1} time(s) in interleaved rounds, and every figure below is the median of the rounds (req/s, percentiles and CPU each on its own). ` +
      'Latency percentiles are computed from every response time autocannon reports (full resolution; its own histogram rounds to whole ms). ' +
      'Only 2xx answers are counted as successes (all runs below were 2xx unless a note says otherwise).',
    '- **Added latency** = through the service − straight to the fake, both measured in the same run at the same concurrency.',
    "- **Service CPU per request** = utime + stime of the service process tree (`/proc/<pid>/stat`, `getconf CLK_TCK` ticks) over the measured run ÷ requests answered. The fake vendor's CPU is shown separately.",
    '',
    'Calls measured:',
    '',
    ...measuredCalls,
    `- Response body sizes: ${report.scenarios.map((scenario) => `${scenario.id} ${scenario.bytes} B`).join(', ')}.`,
    '',
    '## Results',
    '',
    mainTable(report),
    '',
    '### Ratios to the framework ceiling (d), same concurrency',
    '',
    ratioTable(report),
    '',
    '## Targets',
    '',
    `- The proxy adds under ${TARGET_ADDED_P50_MS} ms at p50, concurrency 1: **${fixed(goal.added, 2)} ms — ${goal.addedMet ? 'met' : 'missed'}**.`,
    `- The service spends under ${TARGET_CPU_MS} ms of CPU per proxied request: **${fixed(goal.cpu, 3)} ms at concurrency 1 (${fixed(goal.cpu16, 3)} ms at 16) — ${goal.cpuMet ? 'met' : 'missed'}**.`,
    '',
  ];
  if (report.profile) {
    const tables = profileTables(report.profile);
    const { run } = report.profile;
    parts.push(
      '## CPU profile of the proxy path',
      '',
      `\`node --cpu-prof scripts/serve.mjs\` (a second server on the same database and fake), (a) through the proxy at concurrency 1: ${run.requests} requests, ${fixed(run.rps, 0)} req/s, p50 ${fixed(run.p50, 2)} ms ` +
        `under the profiler. Main-thread busy time ${fixed(report.profile.busyMs / run.requests, 3)} ms per request` +
        `${report.profile.windowed ? ' (samples of the measured run only)' : ' (whole process lifetime)'}; minified frames mapped back to the sources through the build's source maps.`,
      '',
      'Top self time:',
      '',
      tables.self,
      '',
      'Our code (server/, app/), inclusive time:',
      '',
      tables.ours,
      '',
      'Self time by origin:',
      '',
      tables.kinds,
      '',
    );
  }
  if (report.notes.length > 0) parts.push('## Notes from the run', '', ...report.notes.map((note) => `- ${note}`), '');
  parts.push('## Analysis', '', keptAnalysis(previous), '');
  return parts.join('\n');
}
