/**
 * Helpers shared by the Dialpad mappers. Dialpad's JSON follows the proto3 mapping, so int64 values (ids, epoch
 * milliseconds) arrive as decimal strings although its OpenAPI file types them as integers; both are accepted.
 */
export type Int64 = string | number;

/** A Dialpad int64 (string or number) as our string id; undefined when absent or not an integer. */
export function int64Id(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
  return undefined;
}

/** A Dialpad int64 as a number (epoch milliseconds, durations); undefined when absent or not numeric. */
export function int64Number(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** Epoch milliseconds (string or number) → ISO 8601 UTC with milliseconds. */
export function epochMsToIso(value: unknown): string | undefined {
  const ms = int64Number(value);
  if (ms === undefined) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An RFC 3339 date-time from Dialpad → ISO 8601 UTC with milliseconds. */
export function dateTimeToIso(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Milliseconds → whole seconds (Dialpad call durations are in milliseconds). */
export function msToSeconds(value: unknown): number | undefined {
  const ms = int64Number(value);
  return ms === undefined ? undefined : Math.round(ms / 1000);
}

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Drops undefined values so a record only carries what the vendor filled. */
export function compact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** A full `resourceRef` for references nested inside a field (top-level references are normalised by the service). */
export function nestedRef(model: string, id: string) {
  return { id, object: 'resourceRef' as const, model, fields: null, rawResource: null, remote: { id } };
}
