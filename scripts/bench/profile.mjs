// Summarises a V8 .cpuprofile of the service: self and inclusive time per function, with the production build's
// minified frames mapped back to the original source through the build's source maps (.next/**/*.js.map).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const maps = new Map();
const sourceLines = new Map();

function loadMap(file) {
  if (maps.has(file)) return maps.get(file);
  let map;
  try {
    if (existsSync(`${file}.map`)) {
      const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
      // The sources as they were built (the working tree may have moved on since), for the line shown.
      const contents = new Map();
      for (const part of payload.sections ? payload.sections.map((section) => section.map) : [payload]) {
        (part?.sources ?? []).forEach((source, index) => {
          const content = part.sourcesContent?.[index];
          if (typeof content === 'string') contents.set(source, content.split('\n'));
        });
      }
      map = { sourceMap: new SourceMap(payload), contents };
    }
  } catch {
    map = undefined;
  }
  maps.set(file, map);
  return map;
}

/** `pkg:<name>` for a file under node_modules, else undefined. */
function packageOf(path) {
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  // drizzle-orm publishes maps whose sources point one folder too high (`node_modules/src/…`).
  if (name === 'src') return 'pkg:drizzle-orm';
  return name ? `pkg:${name}` : undefined;
}

/** A path relative to the project (the build snapshot), or to the working tree for files outside it. */
function shownPath(root, path) {
  const inRoot = relative(root, path);
  return inRoot.startsWith('..') ? relative(process.cwd(), path) : inRoot;
}

function lineOf(file, line) {
  if (!sourceLines.has(file)) {
    try {
      sourceLines.set(file, readFileSync(file, 'utf8').split('\n'));
    } catch {
      sourceLines.set(file, []);
    }
  }
  return sourceLines.get(file)[line]?.trim() ?? '';
}

/** A readable name for a call frame: `path:line name` in the original source where a map knows it. */
function describe(frame, root) {
  const { functionName, url, lineNumber, columnNumber } = frame;
  const name = functionName || '(anonymous)';
  if (!url) return { key: name, label: name, kind: name.startsWith('(') ? name : 'native' };
  if (url.startsWith('node:')) return { key: `${url}:${name}`, label: `${url} ${name}`, kind: 'node' };
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  const map = loadMap(file);
  const entry = map?.sourceMap.findEntry(lineNumber, columnNumber);
  if (entry && entry.originalSource) {
    const source = resolve(dirname(file), entry.originalSource.replace(/^file:\/\//, ''));
    const shown = shownPath(root, source);
    const line = entry.originalLine + 1;
    const built = map.contents.get(entry.originalSource)?.[entry.originalLine];
    const text = (built ?? (lineOf(source, entry.originalLine) || lineOf(resolve(shown), entry.originalLine))).trim().slice(0, 90);
    // A package's own maps point into its sources (e.g. drizzle's src/): the generated file names the package.
    const kind = packageOf(file) ?? packageOf(shown) ?? (shown.startsWith('.next/') ? 'next-runtime' : 'ours');
    return { key: `${shown}:${line}`, label: `${shown}:${line} ${entry.name ?? ''} — ${text}`.replace(/\s+/g, ' '), kind };
  }
  const shown = shownPath(root, file);
  const kind = packageOf(shown) ?? 'other';
  return { key: `${shown}:${lineNumber + 1}:${name}`, label: `${shown}:${lineNumber + 1} ${name}`, kind };
}

/** Self time, inclusive time and time by kind (ours, each package, node internals, GC…) in ms. */
export function summariseProfile(file, { root = process.cwd(), requests, windowUs } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const described = new Map(profile.nodes.map((node) => [node.id, describe(node.callFrame, root)]));

  const self = new Map();
  const inclusive = new Map();
  // Each sample charged to the innermost frame of our own code on its stack (libraries and Node internals it
  // called included); samples with none of our frames go to the framework.
  const attributed = new Map();
  const byKind = new Map();
  let total = 0;
  let idle = 0;
  let at = profile.startTime;
  // Samples outside the measured window (start-up, warm-up, shutdown) are left out when the window is known.
  const inWindow = (time) => !windowUs || (time >= windowUs[0] && time <= windowUs[1]);
  const windowed = windowUs && profile.startTime <= windowUs[1] && profile.endTime >= windowUs[0];
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (windowed && !inWindow(at)) return;
    const ms = delta / 1000;
    const info = described.get(id);
    if (info.key === '(idle)') {
      idle += ms;
      return;
    }
    total += ms;
    const entry = self.get(info.key) ?? { label: info.label, kind: info.kind, ms: 0 };
    entry.ms += ms;
    self.set(info.key, entry);
    byKind.set(info.kind, (byKind.get(info.kind) ?? 0) + ms);
    const seen = new Set();
    let charged = false;
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const frame = described.get(current);
      if (!charged && frame.kind === 'ours') {
        charged = true;
        const owner = attributed.get(frame.key) ?? { label: frame.label, kind: frame.kind, ms: 0 };
        owner.ms += ms;
        attributed.set(frame.key, owner);
      }
      if (seen.has(frame.key)) continue;
      seen.add(frame.key);
      const inc = inclusive.get(frame.key) ?? { label: frame.label, kind: frame.kind, ms: 0 };
      inc.ms += ms;
      inclusive.set(frame.key, inc);
    }
    if (!charged) {
      const owner = attributed.get('(framework)') ?? {
        label: '(no frame of ours: Next.js, Node, GC, idle work)',
        kind: 'framework',
        ms: 0,
      };
      owner.ms += ms;
      attributed.set('(framework)', owner);
    }
  });
  const sorted = (map) => [...map.values()].sort((a, b) => b.ms - a.ms);
  return {
    windowed: Boolean(windowed),
    busyMs: total,
    idleMs: idle,
    requests,
    self: sorted(self),
    inclusive: sorted(inclusive),
    attributed: sorted(attributed),
    byKind: [...byKind].map(([kind, ms]) => ({ kind, ms })).sort((a, b) => b.ms - a.ms),
  };
}
