import 'server-only';
import { and, desc, eq, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { getConnector } from '../connectors/catalogue';
import type { ConnectorId } from '../connectors/types';
import { newId } from '../crypto/random';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { connections, sessions } from '../db/schema';
import { AppError } from '../errors';
import type { Operation } from '../models/operations';
import { getRuntime, nowIso } from '../runtime';
import { tearDownHook } from './connection-hooks';
import { buildSearchText, parseSearchQuery, type SearchToken } from './connection-search';

export type ConnectionRow = typeof connections.$inferSelect;
export type ConnectionStatus = ConnectionRow['status'];

export interface ListWrapper<T> {
  object: 'list';
  data: T[];
  next: string | null;
}

export interface ConnectionView {
  object: 'connection';
  connectorId: string;
  ownerId: string;
  operations: string[];
  status: ConnectionStatus;
  createdAt: string;
  updatedAt: string;
}

export function toConnectionView(row: ConnectionRow): ConnectionView {
  return {
    object: 'connection',
    connectorId: row.connectorId,
    ownerId: row.ownerId,
    operations: row.operations,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function notFound(connectorId: string, ownerId: string): AppError {
  return new AppError('SERVICE::CONNECTION::NOT_FOUND', `No ${connectorId} connection for owner "${ownerId}"`);
}

function buildFind(db: Db) {
  return db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.organizationId, sql.placeholder('organizationId')),
        eq(connections.connectorId, sql.placeholder('connectorId')),
        eq(connections.ownerId, sql.placeholder('ownerId')),
      ),
    )
    .prepare();
}

/** The hot lookup of every connection-scoped /v1 call: one prepared statement per database handle. */
export function findConnection(options: { organizationId: string; connectorId: string; ownerId: string }): ConnectionRow | undefined {
  const { db } = getRuntime();
  return prepared(db, 'connectionByOwner', buildFind).get({
    organizationId: options.organizationId,
    connectorId: options.connectorId,
    ownerId: options.ownerId,
  });
}

/** A connection of this organization, or SERVICE::CONNECTION::NOT_FOUND (also for another organization's). */
export function requireConnection(options: { organizationId: string; connectorId: string; ownerId: string }): ConnectionRow {
  getConnector(options.connectorId);
  const row = findConnection(options);
  if (!row) throw notFound(options.connectorId, options.ownerId);
  return row;
}

function searchTextFor(connectorId: ConnectorId, ownerId: string, identity: Record<string, string>): string {
  return buildSearchText({ ownerId, connectorId, connectorName: getConnector(connectorId).name, identity });
}

function insertConnection(options: {
  organizationId: string;
  connectorId: ConnectorId;
  ownerId: string;
  operations: Operation[];
}): ConnectionRow {
  const { db } = getRuntime();
  const now = nowIso();
  const row: ConnectionRow = {
    id: newId('con'),
    organizationId: options.organizationId,
    connectorId: options.connectorId,
    ownerId: options.ownerId,
    operations: [...new Set(options.operations)],
    status: 'unauthorized',
    credentialsCiphertext: null,
    credentialsVersion: 0,
    accessTokenExpiresAt: null,
    grantedScopes: null,
    identity: null,
    searchText: searchTextFor(options.connectorId, options.ownerId, {}),
    createdAt: now,
    updatedAt: now,
    authorizedAt: null,
  };
  db.insert(connections).values(row).run();
  return row;
}

// POST /v1/connections
export function createConnection(options: {
  organizationId: string;
  connectorId: string;
  ownerId: string;
  operations: Operation[];
}): ConnectionView {
  const connector = getConnector(options.connectorId, 'body.connectorId');
  const { db } = getRuntime();
  return db.transaction(() => {
    if (findConnection(options)) {
      throw new AppError(
        'SERVICE::CONNECTION::CREATION_FAILED',
        `A ${connector.id} connection for owner "${options.ownerId}" already exists`,
      );
    }
    return toConnectionView(insertConnection({ ...options, connectorId: connector.id }));
  });
}

// PATCH /v1/connections/{connectorId}/{ownerId}
export function updateConnection(options: {
  organizationId: string;
  connectorId: string;
  ownerId: string;
  operations: Operation[];
  createIfMissing: boolean;
}): ConnectionView {
  const connector = getConnector(options.connectorId);
  const { db } = getRuntime();
  return db.transaction(() => {
    const existing = findConnection(options);
    if (!existing) {
      if (!options.createIfMissing) throw notFound(options.connectorId, options.ownerId);
      return toConnectionView(insertConnection({ ...options, connectorId: connector.id }));
    }
    const updatedAt = nowIso();
    const operations = [...new Set(options.operations)];
    db.update(connections).set({ operations, updatedAt }).where(eq(connections.id, existing.id)).run();
    return toConnectionView({ ...existing, operations, updatedAt });
  });
}

// DELETE /v1/connections/{connectorId}/{ownerId}: its vendor subscriptions are removed first; its credentials go
// with the row (and its subscriptions, hooks and polling state by cascade); its sessions are revoked.
export async function deleteConnection(options: { organizationId: string; connectorId: string; ownerId: string }): Promise<void> {
  const { db } = getRuntime();
  await tearDownHook(requireConnection(options));
  db.transaction(() => {
    const row = requireConnection(options);
    db.update(sessions)
      .set({ revokedAt: nowIso() })
      .where(and(eq(sessions.connectionId, row.id), sql`${sessions.revokedAt} is null`))
      .run();
    db.delete(connections).where(eq(connections.id, row.id)).run();
  });
}

interface Cursor {
  c: string;
  i: string;
}

function encodeCursor(row: ConnectionRow): string {
  return Buffer.from(JSON.stringify({ c: row.createdAt, i: row.id } satisfies Cursor)).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.c === 'string' && typeof value.i === 'string') return { c: value.c, i: value.i };
  } catch {
    // fall through to the error below
  }
  throw new AppError('SERVICE::BAD_REQUEST', 'query.cursor: is not a cursor this list issued');
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
const wordLike = (value: string): SQL => sql`${connections.searchText} like ${`% ${escapeLike(value)} %`} escape '\\'`;

function tokenCondition(token: SearchToken): SQL {
  switch (token.kind) {
    case 'email':
    case 'phone':
      return wordLike(token.value);
    case 'domain':
      // The host itself, or any subdomain of it (`acme.com` finds `eu.acme.com`).
      return or(wordLike(token.value), sql`${connections.searchText} like ${`%.${escapeLike(token.value)} %`} escape '\\'`) as SQL;
    case 'date':
      return or(like(connections.createdAt, `${token.value}%`), like(connections.updatedAt, `${token.value}%`)) as SQL;
    case 'text':
      return sql`${connections.searchText} like ${`%${escapeLike(token.value)}%`} escape '\\'`;
  }
}

// GET /v1/connections: newest first; `q` tokens all have to match.
export function listConnections(options: {
  organizationId: string;
  q?: string;
  connectorId?: string;
  status?: ConnectionStatus;
  limit: number;
  cursor?: string;
}): ListWrapper<ConnectionView> {
  const { db } = getRuntime();
  const conditions: SQL[] = [eq(connections.organizationId, options.organizationId)];
  if (options.connectorId) conditions.push(eq(connections.connectorId, getConnector(options.connectorId, 'query.connectorId').id));
  if (options.status) conditions.push(eq(connections.status, options.status));
  for (const token of parseSearchQuery(options.q ?? '')) conditions.push(tokenCondition(token));
  if (options.cursor) {
    const cursor = decodeCursor(options.cursor);
    conditions.push(or(lt(connections.createdAt, cursor.c), and(eq(connections.createdAt, cursor.c), lt(connections.id, cursor.i))) as SQL);
  }
  const rows = db
    .select()
    .from(connections)
    .where(and(...conditions))
    .orderBy(desc(connections.createdAt), desc(connections.id))
    .limit(options.limit + 1)
    .all();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return { object: 'list', data: page.map(toConnectionView), next: rows.length > options.limit && last ? encodeCursor(last) : null };
}

/** Rebuilds the search words after the identity changed (authorization). */
export function searchTextForConnection(row: Pick<ConnectionRow, 'connectorId' | 'ownerId'>, identity: Record<string, string>): string {
  return searchTextFor(row.connectorId as ConnectorId, row.ownerId, identity);
}

export interface ConnectionDetail extends ConnectionView {
  id: string;
  identity: Record<string, string>;
  grantedScopes: string[];
  accessTokenExpiresAt: string | null;
  authorizedAt: string | null;
  hasCredentials: boolean;
}

/** For the dashboard: the connection with its vendor identity and token expiry; never a token. */
export function getConnectionDetail(options: { organizationId: string; connectorId: string; ownerId: string }): ConnectionDetail {
  const row = requireConnection(options);
  return {
    ...toConnectionView(row),
    id: row.id,
    identity: row.identity ?? {},
    grantedScopes: row.grantedScopes ?? [],
    accessTokenExpiresAt: row.accessTokenExpiresAt,
    authorizedAt: row.authorizedAt,
    hasCredentials: row.credentialsCiphertext !== null,
  };
}
