import type { UnifiedRecord } from '../../framework';
import type { CrmObjectType } from '../association-types';
import type { HubSpotObject, HubSpotProperty, RefId } from './types';

/** Small pure helpers shared by the HubSpot mappers. */
export function text(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

export function numberOf(value: string | null | undefined): number | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** HubSpot datetimes (ISO, or epoch milliseconds in older properties) → ISO 8601 UTC with milliseconds. */
export function isoOf(value: string | null | undefined): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const time = /^-?\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function refOf(id: string | null | undefined): RefId | undefined {
  const raw = text(id);
  return raw === undefined ? undefined : { id: raw };
}

/** Ids of the records a v3 read lists under `associations.<type>` (absent when the read did not ask). */
export function associatedIds(record: HubSpotObject, type: string): string[] | undefined {
  const block = record.associations?.[type];
  if (!record.associations) return undefined;
  return [...new Set((block?.results ?? []).map((item) => String(item.id)))];
}

/** Drops undefined values so a field is present only when HubSpot filled it. */
export function compact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The unified `custom` object: the portal's own properties, typed from their definitions. */
export function customFromHubSpot(
  record: HubSpotObject,
  definitions: readonly HubSpotProperty[],
): Record<string, string | number | boolean | null> {
  const custom: Record<string, string | number | boolean | null> = {};
  for (const definition of definitions) {
    if (!(definition.name in record.properties)) continue;
    const value = record.properties[definition.name];
    if (value === null || value === undefined || value === '') custom[definition.name] = null;
    else if (definition.type === 'number') custom[definition.name] = numberOf(value) ?? value;
    else if (definition.type === 'bool') custom[definition.name] = value === 'true';
    else if (definition.type === 'datetime' || definition.type === 'date') custom[definition.name] = isoOf(value) ?? value;
    else custom[definition.name] = value;
  }
  return custom;
}

/** Custom values as HubSpot property strings; `null` clears a property (HubSpot takes an empty string). */
export function customToHubSpot(custom: unknown): Record<string, string> {
  if (!custom || typeof custom !== 'object') return {};
  return Object.fromEntries(
    Object.entries(custom as Record<string, string | number | boolean | null>).map(([key, value]) => [
      key,
      value === null ? '' : String(value),
    ]),
  );
}

/** The common frame of a unified record read from a v3 object. */
export function recordOf(record: HubSpotObject, id: string, fields: Record<string, unknown>): UnifiedRecord {
  const createdAt = isoOf(record.createdAt);
  const updatedAt = isoOf(record.updatedAt);
  return {
    id,
    remoteId: record.id,
    fields: compact(fields),
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    raw: record as unknown as Record<string, unknown>,
  };
}

export const refIds = (value: unknown): string[] => (Array.isArray(value) ? (value as RefId[]).map((item) => item.id) : []);
export const refId = (value: unknown): string | undefined =>
  value && typeof value === 'object' && 'id' in value ? String((value as RefId).id) : undefined;

/** A scalar write value as text (objects and arrays are not scalars: undefined). */
export function scalarText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

export interface HubSpotWrite {
  properties: Record<string, string>;
  /** Set semantics per target type: the record ends up associated with exactly these ids. */
  associations: Partial<Record<CrmObjectType, string[]>>;
}

/** Present fields only: an update sends what the caller gave, nothing else. */
export function pick(source: Record<string, unknown>, mapping: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, property] of Object.entries(mapping)) {
    const value = source[field];
    if (value !== undefined) out[property] = value === null ? '' : (scalarText(value) ?? '');
  }
  return out;
}
