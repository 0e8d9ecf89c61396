import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// Timestamps are ISO 8601 UTC strings with milliseconds: sortable as text, portable to PostgreSQL.
const createdAt = () => text('created_at').notNull();

export const organizations = sqliteTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    // AES-256-GCM, bound to this row's id (server/crypto/encryption.ts).
    secretCiphertext: text('secret_ciphertext').notNull(),
    label: text('label').notNull(),
    status: text('status', { enum: ['active', 'revoked'] }).notNull(),
    createdAt: createdAt(),
    revokedAt: text('revoked_at'),
    lastUsedAt: text('last_used_at'),
    replacedById: text('replaced_by_id'),
  },
  (table) => [uniqueIndex('api_keys_public_key_unique').on(table.publicKey), index('api_keys_org_idx').on(table.organizationId)],
);

export const operators = sqliteTable(
  'operators',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    lastLoginAt: text('last_login_at'),
  },
  (table) => [uniqueIndex('operators_email_unique').on(table.email)],
);

export const requestLogs = sqliteTable(
  'request_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Null when the caller could not be tied to an organization (no key or an unknown key).
    organizationId: text('organization_id'),
    requestId: text('request_id').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    connectorId: text('connector_id'),
    ownerId: text('owner_id'),
    durationMs: integer('duration_ms').notNull(),
    // Redacted query and headers, kept for the error log.
    details: text('details'),
    createdAt: createdAt(),
  },
  (table) => [
    index('request_logs_org_created_idx').on(table.organizationId, table.id),
    index('request_logs_created_idx').on(table.createdAt),
    index('request_logs_org_error_idx').on(table.organizationId, table.errorCode),
  ],
);

