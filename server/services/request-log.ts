import 'server-only';
import { and, desc, eq, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { requestLogs } from '../db/schema';
import { log } from '../log';
import { getRuntime } from '../runtime';

export type RequestLogEntry = Omit<typeof requestLogs.$inferInsert, 'id'>;
export type RequestLogRow = typeof requestLogs.$inferSelect;

// Retention is enforced every this many writes, so a busy service never grows unbounded between sweeps.
const PRUNE_EVERY = 500;
let writesSincePrune = 0;
// One prepared insert per database handle: every /v1 request writes a row.
function buildInsert(db: Db) {
  return db
    .insert(requestLogs)
    .values({
      organizationId: sql.placeholder('organizationId'),
      requestId: sql.placeholder('requestId'),
      method: sql.placeholder('method'),
      route: sql.placeholder('route'),
      path: sql.placeholder('path'),
      status: sql.placeholder('status'),
      errorCode: sql.placeholder('errorCode'),
      errorMessage: sql.placeholder('errorMessage'),
      connectorId: sql.placeholder('connectorId'),
      ownerId: sql.placeholder('ownerId'),
      durationMs: sql.placeholder('durationMs'),
      details: sql.placeholder('details'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare();
}

// Rows are written in batches: one transaction per FLUSH_MS (or FLUSH_ROWS rows) instead of one per request, which
// was the largest cost of ours on a proxied request (docs/benchmarks.md). Readers flush first, so a reader in this
// process always sees every row; a process killed with SIGKILL loses at most the last FLUSH_MS of rows (a normal
// exit flushes). The buffer is on globalThis: the Next.js bundles and the /v1 fast path share one.
const FLUSH_MS = 50;
const FLUSH_ROWS = 200;
interface LogBuffer {
  rows: RequestLogEntry[];
  timer: NodeJS.Timeout | null;
}
const holder = globalThis as typeof globalThis & { __uisRequestLogBuffer?: LogBuffer };
const buffer: LogBuffer = (holder.__uisRequestLogBuffer ??= createBuffer());

function createBuffer(): LogBuffer {
  // A normal exit (SIGTERM through scripts/serve.mjs, the end of a test run) writes what is left: better-sqlite3 is
  // synchronous, so this works inside the 'exit' handler.
  process.once('exit', () => flushRequestLog());
  return { rows: [], timer: null };
}

/** Queues one request-log row. A logging failure never fails the request: it is reported on stdout instead. */
export function recordRequest(entry: RequestLogEntry): void {
  buffer.rows.push(entry);
  if (buffer.rows.length >= FLUSH_ROWS) flushRequestLog();
  else buffer.timer ??= setTimeout(flushRequestLog, FLUSH_MS).unref();
}

/** Writes the queued rows in one transaction (readers call it first). */
export function flushRequestLog(): void {
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  if (buffer.rows.length === 0) return;
  const rows = buffer.rows;
  buffer.rows = [];
  try {
    const { db } = getRuntime();
    const insert = prepared(db, 'requestLogInsert', buildInsert);
    db.transaction(() => {
      for (const entry of rows) {
        insert.run({
          organizationId: null,
          errorCode: null,
          errorMessage: null,
          connectorId: null,
          ownerId: null,
          details: null,
          ...entry,
        });
      }
    });
    writesSincePrune += rows.length;
    if (writesSincePrune >= PRUNE_EVERY) {
      writesSincePrune = 0;
      pruneRequestLogs();
    }
  } catch (error) {
    log.error('request log write failed', { rows: rows.length, reason: error instanceof Error ? error.message : String(error) });
  }
}

/** Deletes rows older than the retention period and beyond the row cap. Returns how many went. */
export function pruneRequestLogs(options: { now?: Date } = {}): number {
  const { db, env } = getRuntime();
  const cutoff = new Date((options.now ?? new Date()).getTime() - env.REQUEST_LOG_RETENTION_DAYS * 86_400_000).toISOString();
  const byAge = db.delete(requestLogs).where(lt(requestLogs.createdAt, cutoff)).run().changes;
  // Ids only grow: every row at or below the newest id minus the cap is beyond it (one lookup, no offset scan).
  const newest =
    db
      .select({ id: sql<number | null>`max(${requestLogs.id})` })
      .from(requestLogs)
      .get()?.id ?? null;
  const byCount =
    newest !== null
      ? db
          .delete(requestLogs)
          .where(lte(requestLogs.id, newest - env.REQUEST_LOG_MAX_ROWS))
          .run().changes
      : 0;
  return byAge + byCount;
}

export interface RequestLogFilter {
  organizationId: string;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string;
  errorCode?: string;
  /** Substring of the route pattern or the path. */
  route?: string;
  from?: string;
  to?: string;
  errorsOnly?: boolean;
  /** Id of the last row of the previous page. */
  cursor?: number;
  limit: number;
}

function statusCondition(status: string): SQL | undefined {
  const classMatch = /^([1-5])xx$/i.exec(status);
  if (classMatch) {
    const floor = Number(classMatch[1]) * 100;
    return and(gte(requestLogs.status, floor), lt(requestLogs.status, floor + 100));
  }
  return eq(requestLogs.status, Number(status));
}

/** Newest first, keyset-paginated by id; always scoped to one organization. */
export function listRequestLogs(filter: RequestLogFilter): { items: RequestLogRow[]; nextCursor: number | null } {
  flushRequestLog();
  const { db } = getRuntime();
  const conditions: (SQL | undefined)[] = [eq(requestLogs.organizationId, filter.organizationId)];
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.errorCode) conditions.push(eq(requestLogs.errorCode, filter.errorCode));
  if (filter.route) {
    const pattern = `%${filter.route.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`(${requestLogs.route} like ${pattern} escape '\\' or ${requestLogs.path} like ${pattern} escape '\\')`);
  }
  if (filter.from) conditions.push(gte(requestLogs.createdAt, filter.from));
  if (filter.to) conditions.push(lte(requestLogs.createdAt, filter.to));
  if (filter.errorsOnly) conditions.push(isNotNull(requestLogs.errorCode));
  if (filter.cursor !== undefined) conditions.push(lt(requestLogs.id, filter.cursor));
  const rows = db
    .select()
    .from(requestLogs)
    .where(and(...conditions))
    .orderBy(desc(requestLogs.id))
    .limit(filter.limit + 1)
    .all();
  const items = rows.slice(0, filter.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > filter.limit && last ? last.id : null };
}

/** The distinct error codes an organization has seen, for the error log's filter. */
export function listSeenErrorCodes(options: { organizationId: string }): string[] {
  flushRequestLog();
  const { db } = getRuntime();
  return db
    .selectDistinct({ code: requestLogs.errorCode })
    .from(requestLogs)
    .where(and(eq(requestLogs.organizationId, options.organizationId), isNotNull(requestLogs.errorCode)))
    .all()
    .map((row) => row.code)
    .filter((code): code is string => code !== null)
    .sort();
}
