import type { Model } from '../models/operations';
import type { ConnectorDeclaration } from './types';

/**
 * What a connector implements (ARCHITECTURE.md, "Connectors"): per model, the actions its vendor allows, each a
 * mapping between the vendor's records and the unified fields. Connectors never touch the database or tokens:
 * every vendor call goes through `ctx.request`, which the service layer backs with the connection's credentials,
 * the one outbound client, refresh-on-401 and error classification.
 */
export type QueryValue = string | number | boolean | undefined | readonly string[];

export interface VendorRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the connection's API base URL, starting with `/`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface VendorResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ConnectorCallContext {
  connectorId: string;
  /** The connection the call acts for: a key for what a connector may cache per connection. */
  connectionId: string;
  /** The vendor identity captured at authorization (portal id, tenant id, site…). */
  identity: Readonly<Record<string, string>>;
  /** An authenticated call to the vendor; a non-2xx answer throws the mapped AppError. */
  request<T = unknown>(request: VendorRequest): Promise<VendorResponse<T>>;
}

/** A vendor record in unified form. `id` is our stable id; `remoteId` the vendor's own. */
export interface UnifiedRecord {
  id: string;
  remoteId: string;
  fields: Record<string, unknown>;
  createdAt?: string;
  updatedAt?: string;
  raw: Record<string, unknown>;
}

export interface ListOptions {
  limit: number;
  /** The vendor's own cursor from the previous page (our opaque cursor wraps it). */
  cursor?: string;
  /** `filter[field]=value` from the query, already checked against the model's `filters`. */
  filter: Record<string, string>;
  fields?: readonly string[];
}

export interface ListPage {
  records: UnifiedRecord[];
  nextCursor?: string;
}

export interface WriteResult {
  id: string;
  remoteId: string;
}

export interface FieldDefinition {
  key: string;
  label: string;
  type: 'string' | 'number' | 'boolean' | 'datetime' | 'date' | 'enum' | 'reference' | 'array' | 'object';
  custom: boolean;
  required?: boolean;
  readOnly?: boolean;
  options?: { value: string; label: string }[];
}

export interface FieldWriteInput {
  key: string;
  label: string;
  type: 'string' | 'number' | 'boolean' | 'datetime' | 'date' | 'enum';
  description?: string;
  options?: { value: string; label: string }[];
}

export interface ModelOperations {
  /** Filters `list` accepts (`filter[<name>]=…`); any other is refused naming it. */
  filters?: readonly string[];
  list?(ctx: ConnectorCallContext, options: ListOptions): Promise<ListPage>;
  retrieve?(ctx: ConnectorCallContext, id: string, options: { fields?: readonly string[] }): Promise<UnifiedRecord>;
  create?(ctx: ConnectorCallContext, fields: Record<string, unknown>): Promise<WriteResult>;
  update?(ctx: ConnectorCallContext, id: string, fields: Record<string, unknown>): Promise<WriteResult>;
  delete?(ctx: ConnectorCallContext, id: string): Promise<void>;
  fieldRead?(ctx: ConnectorCallContext): Promise<FieldDefinition[]>;
  fieldWrite?(ctx: ConnectorCallContext, input: FieldWriteInput): Promise<FieldDefinition>;
}

/** How a vendor error answer is classified (STYLE.md: declarative, one branch per kind, each tested). */
export type VendorErrorKind = 'badRequest' | 'unauthorized' | 'forbidden' | 'notFound' | 'conflict' | 'rateLimited' | 'server';

export interface VendorErrorClassification {
  kind: VendorErrorKind;
  /** The vendor's own message, passed on to the caller. */
  message: string;
}

export interface ConnectorModule {
  declaration: ConnectorDeclaration;
  models: Partial<Record<Model, ModelOperations>>;
  /** Credential headers for every vendor call (Authorization, tenant headers…). */
  authHeaders(credentials: { accessToken?: string; apiKey?: string }, identity: Readonly<Record<string, string>>): Record<string, string>;
  /** Vendor status + body → our kind; the default maps by status alone. */
  classifyError?(status: number, body: unknown): VendorErrorClassification;
  /** Native event subscriptions, for connectors whose EVENT_SOURCES kind is `native`. */
  events?: ConnectorEvents;
}

/** One change a vendor told us about, normalised (inbound hooks and polling). */
export interface InboundChange {
  /** The vendor's event id: redelivered ids are dropped. */
  vendorEventId: string;
  /** The vendor account the change belongs to (portal, tenant…), for global hooks. */
  accountId?: string;
  model: Model;
  trigger: 'created' | 'updated' | 'deleted';
  remoteId: string;
  occurredAt: string;
  /** Unified field names the change touched. */
  changedFields?: string[];
  /** Vendor field names the change touched that no unified field maps (e.g. a HubSpot property outside the model). */
  changedRemoteFields?: string[];
  /** The unified record when the vendor sent it whole (never for deletions). */
  record?: UnifiedRecord;
}

export interface SubscriptionWanted {
  model: Model;
  trigger: 'created' | 'updated' | 'deleted';
}

/**
 * A connector's native event subscriptions (ARCHITECTURE.md, "Events"): it registers the connection's own hook URL
 * at the vendor, and verifies and parses what the vendor then sends there.
 */
export interface ConnectorEvents {
  /**
   * Makes the vendor send exactly `wanted` to `hookUrl` (signed with `secret` where the vendor signs). `state` is
   * what the previous call returned (vendor ids), or null the first time; the answer is stored as the new state.
   */
  subscribe(
    ctx: ConnectorCallContext,
    input: { hookUrl: string; secret: string; wanted: readonly SubscriptionWanted[]; state: Record<string, string> | null },
  ): Promise<Record<string, string>>;
  /** Removes everything `subscribe` registered. */
  unsubscribe(ctx: ConnectorCallContext, state: Record<string, string>): Promise<void>;
  /** Verifies a request to the connection's hook and parses it; `{ error }` when it is not authentic. */
  parseHook(input: { rawBody: string; headers: Headers; secret: string; now: number }): InboundChange[] | { error: string };
}
