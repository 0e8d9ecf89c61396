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

/** Writes one request-log row. A logging failure never fails the request: it is reported on stdout instead. */
export function recordRequest(entry: RequestLogEntry): void {
  try {
    const { db } = getRuntime();
    prepared(db, 'requestLogInsert', buildInsert).run({
      organizationId: null,
      errorCode: null,
      errorMessage: null,
      connectorId: null,
      ownerId: null,
      details: null,
      ...entry,
    });
    writesSincePrune += 1;
    if (writesSincePrune >= PRUNE_EVERY) {
      writesSincePrune = 0;
      pruneRequestLogs();
    }
  } catch (error) {
    log.error('request log write failed', { requestId: entry.requestId, reason: error instanceof Error ? error.message : String(error) });
  }
}

/** Deletes rows older than the retention period and beyond the row cap. Returns how many went. */
export function pruneRequestLogs(options: { now?: Date } = {}): number {
  const { db, env } = getRuntime();
  const cutoff = new Date((options.now ?? new Date()).getTime() - env.REQUEST_LOG_RETENTION_DAYS * 86_400_000).toISOString();
  const byAge = db.delete(requestLogs).where(lt(requestLogs.createdAt, cutoff)).run().changes;
  const boundary = db
    .select({ id: requestLogs.id })
    .from(requestLogs)
    .orderBy(desc(requestLogs.id))
    .limit(1)
    .offset(env.REQUEST_LOG_MAX_ROWS)
    .get();
  const byCount = boundary ? db.delete(requestLogs).where(lte(requestLogs.id, boundary.id)).run().changes : 0;
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
