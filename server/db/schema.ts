import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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

export const connections = sqliteTable(
  'connections',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectorId: text('connector_id').notNull(),
    ownerId: text('owner_id').notNull(),
    operations: text('operations', { mode: 'json' }).$type<string[]>().notNull(),
    status: text('status', { enum: ['unauthorized', 'authorized', 'expired'] }).notNull(),
    // Vendor tokens or API key as one JSON document, AES-256-GCM, bound to this row (server/services/credentials.ts).
    credentialsCiphertext: text('credentials_ciphertext'),
    // Bumped on every credential write: a refresh only lands if nobody else refreshed first.
    credentialsVersion: integer('credentials_version').notNull().default(0),
    accessTokenExpiresAt: text('access_token_expires_at'),
    grantedScopes: text('granted_scopes', { mode: 'json' }).$type<string[]>(),
    // Vendor identity captured at authorization (portal, instance URL, tenant, account e-mail…); never a secret.
    identity: text('identity', { mode: 'json' }).$type<Record<string, string>>(),
    // Lower-cased words the `q` search matches against (owner, connector, identity).
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
    authorizedAt: text('authorized_at'),
  },
  (table) => [
    uniqueIndex('connections_org_connector_owner_unique').on(table.organizationId, table.connectorId, table.ownerId),
    index('connections_org_created_idx').on(table.organizationId, table.createdAt, table.id),
  ],
);

export const authorizationAttempts = sqliteTable(
  'authorization_attempts',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    connectorId: text('connector_id').notNull(),
    ownerId: text('owner_id').notNull(),
    status: text('status', { enum: ['pending', 'authorized', 'failed'] }).notNull(),
    mode: text('mode', { enum: ['direct', 'connect', 'apiKey'] }).notNull(),
    via: text('via', { enum: ['apiKey', 'session'] }).notNull(),
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    redirectUrl: text('redirect_url'),
    // The vendor authorize URL (no secret in it: the PKCE verifier stays server-side), for the hosted connect page.
    authorizeUrl: text('authorize_url'),
    // sha256 of the OAuth `state`: the state itself is never stored.
    stateHash: text('state_hash'),
    codeVerifierCiphertext: text('code_verifier_ciphertext'),
    settings: text('settings', { mode: 'json' }).$type<Record<string, string>>(),
    expiresAt: text('expires_at'),
    // Set when the callback claims the state: a second callback with the same state finds it consumed.
    consumedAt: text('consumed_at'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    completedAt: text('completed_at'),
  },
  (table) => [
    uniqueIndex('authorization_attempts_state_unique').on(table.stateHash),
    index('authorization_attempts_org_created_idx').on(table.organizationId, table.createdAt),
    index('authorization_attempts_connection_idx').on(table.connectionId),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id').notNull(),
    connectorId: text('connector_id').notNull(),
    ownerId: text('owner_id').notNull(),
    operations: text('operations', { mode: 'json' }).$type<string[]>().notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: createdAt(),
    revokedAt: text('revoked_at'),
  },
  (table) => [index('sessions_connection_idx').on(table.connectionId)],
);

export const connectorApps = sqliteTable(
  'connector_apps',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectorId: text('connector_id').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretCiphertext: text('client_secret_ciphertext').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.connectorId] })],
);

/** Where an organization receives its events (Standard Webhooks), with an optional event filter. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    // `whsec_…`, AES-256-GCM bound to this row.
    secretCiphertext: text('secret_ciphertext').notNull(),
    // During a rotation both secrets sign, until this time.
    previousSecretCiphertext: text('previous_secret_ciphertext'),
    previousSecretExpiresAt: text('previous_secret_expires_at'),
    // Event names (`genericContact::created`) this endpoint wants; null means every event.
    events: text('events', { mode: 'json' }).$type<string[] | null>(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [index('webhook_endpoints_org_idx').on(table.organizationId)],
);

/** The durable outbox: an event is written in the same transaction as whatever produced it. */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    connectorId: text('connector_id').notNull(),
    ownerId: text('owner_id').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('events_org_created_idx').on(table.organizationId, table.createdAt)],
);

/** One event to one endpoint; claimed by workers through a lease, retried on the documented schedule. */
export const deliveries = sqliteTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: text('lease_expires_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
    completedAt: text('completed_at'),
  },
  (table) => [
    index('deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('deliveries_org_created_idx').on(table.organizationId, table.createdAt),
    index('deliveries_event_idx').on(table.eventId),
  ],
);

/** Every delivery attempt, for the Deliveries page. */
export const deliveryAttempts = sqliteTable(
  'delivery_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    workerId: text('worker_id').notNull(),
    startedAt: text('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (table) => [index('delivery_attempts_delivery_idx').on(table.deliveryId)],
);

/** A connection's subscription to `<model>::<trigger>`, served natively, by a global app hook, or by polling. */
export const webhookSubscriptions = sqliteTable(
  'webhook_subscriptions',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    trigger: text('trigger', { enum: ['created', 'updated', 'deleted'] }).notNull(),
    kind: text('kind', { enum: ['native', 'global', 'polling'] }).notNull(),
    state: text('state', { enum: ['active', 'failed'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [uniqueIndex('webhook_subscriptions_unique').on(table.connectionId, table.model, table.trigger)],
);

/** Vendor event ids already turned into events: a redelivered vendor event is acknowledged and dropped. */
export const inboundEvents = sqliteTable(
  'inbound_events',
  {
    connectorId: text('connector_id').notNull(),
    vendorEventId: text('vendor_event_id').notNull(),
    organizationId: text('organization_id').notNull(),
    receivedAt: text('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectorId, table.vendorEventId] })],
);

/** A connection's own hook URL (`/v1/hook/<org>/prod/<connector>/connection/<id>`) for native subscriptions. */
export const connectionHooks = sqliteTable(
  'connection_hooks',
  {
    // 256 random bits: the URL is the first secret; the vendor's signature with `secret` is the second.
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    secretCiphertext: text('secret_ciphertext').notNull(),
    // What the connector's subscribe() answered (vendor webhook and subscription ids).
    vendorState: text('vendor_state', { mode: 'json' }).$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [uniqueIndex('connection_hooks_connection_unique').on(table.connectionId)],
);

/** Polling state per subscription: where the last poll stopped, when the next is due, who holds it. */
export const pollingStates = sqliteTable('polling_states', {
  subscriptionId: text('subscription_id')
    .primaryKey()
    .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
  watermark: text('watermark'),
  nextPollAt: text('next_poll_at').notNull(),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: text('lease_expires_at'),
  lastError: text('last_error'),
  updatedAt: text('updated_at').notNull(),
});

/** Records a polling subscription has seen (and their last update), so a change is emitted once. */
export const pollingSeen = sqliteTable(
  'polling_seen',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    remoteId: text('remote_id').notNull(),
    updatedAt: text('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.remoteId] })],
);

/**
 * An event whose vendor sent only a reference (HubSpot's created/updated hooks): the worker fetches the record
 * and completes the event's data before its deliveries become due. The row exists only while that is pending.
 * `connection_id` has no foreign key on purpose: a connection deleted meanwhile must not take the row (and with
 * it the event's held deliveries) away; the worker then delivers the reference alone.
 */
export const eventEnrichments = sqliteTable(
  'event_enrichments',
  {
    eventId: text('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: text('lease_expires_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('event_enrichments_due_idx').on(table.nextAttemptAt)],
);
