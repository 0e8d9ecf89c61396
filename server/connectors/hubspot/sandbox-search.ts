import type { CrmObjectType } from './association-types';
import { badRequest, scalar } from './sandbox-http';
import type { FakeObject, Portal } from './sandbox-store';

/** The search API's `filterGroups`: groups are ORed, filters inside a group ANDed (at most 5 groups of 6). */
interface Filter {
  propertyName?: unknown;
  operator?: unknown;
  value?: unknown;
  values?: unknown;
}

function asTime(value: string): number | undefined {
  const time = /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** Compares as HubSpot does per property type: numbers and dates by value, strings case-insensitively. */
function compare(kind: string | undefined, actual: string, expected: string): number {
  if (kind === 'number') return Number(actual) - Number(expected);
  if (kind === 'datetime' || kind === 'date') return (asTime(actual) ?? 0) - (asTime(expected) ?? 0);
  return actual.toLowerCase().localeCompare(expected.toLowerCase());
}

const tokens = (value: string) =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}@.*]+/u)
    .filter(Boolean);

function tokenMatches(token: string, pattern: string): boolean {
  if (!pattern.includes('*')) return token === pattern;
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(token);
}

const OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
];

function matches(portal: Portal, type: CrmObjectType, record: FakeObject, filter: Filter): boolean {
  const name = String(filter.propertyName);
  const kind = portal.properties[type].get(name)?.type;
  const actual = record.properties[name] ?? null;
  const expected = scalar(filter.value);
  const values = Array.isArray(filter.values) ? filter.values.map(String) : [];
  switch (filter.operator) {
    case 'HAS_PROPERTY':
      return actual !== null;
    case 'NOT_HAS_PROPERTY':
      return actual === null;
    case 'IN':
      return actual !== null && values.some((value) => compare(kind, actual, value) === 0);
    case 'NOT_IN':
      return actual === null || values.every((value) => compare(kind, actual, value) !== 0);
    case 'CONTAINS_TOKEN':
    case 'NOT_CONTAINS_TOKEN': {
      const have = tokens(actual ?? '');
      const found = tokens(expected).every((pattern) => have.some((token) => tokenMatches(token, pattern)));
      return filter.operator === 'CONTAINS_TOKEN' ? actual !== null && found : !found;
    }
  }
  if (actual === null) return filter.operator === 'NEQ';
  const order = compare(kind, actual, expected);
  switch (filter.operator) {
    case 'EQ':
      return order === 0;
    case 'NEQ':
      return order !== 0;
    case 'LT':
      return order < 0;
    case 'LTE':
      return order <= 0;
    case 'GT':
      return order > 0;
    default:
      return order >= 0;
  }
}

export function matchesFilterGroups(portal: Portal, type: CrmObjectType, input: unknown): FakeObject[] | Response {
  const groups = (input ?? []) as { filters?: Filter[] }[];
  if (!Array.isArray(groups) || groups.length > 5) return badRequest('filterGroups: at most 5 groups');
  for (const group of groups) {
    if (!Array.isArray(group.filters) || group.filters.length > 6) return badRequest('filterGroups[].filters: at most 6 filters per group');
    for (const filter of group.filters) {
      if (typeof filter.operator !== 'string' || !OPERATORS.includes(filter.operator)) {
        return badRequest(`Invalid input JSON: operator ${JSON.stringify(filter.operator)} is not one of ${OPERATORS.join(', ')}`);
      }
      if (typeof filter.propertyName !== 'string' || !portal.properties[type].has(filter.propertyName)) {
        return badRequest(`There was a problem with the request: property ${JSON.stringify(filter.propertyName)} does not exist`);
      }
    }
  }
  const records = [...portal.objects[type].values()];
  if (groups.length === 0) return records;
  return records.filter((record) => groups.some((group) => (group.filters ?? []).every((filter) => matches(portal, type, record, filter))));
}

export function sortObjects(records: FakeObject[], sorts: unknown): FakeObject[] {
  const first = Array.isArray(sorts) ? (sorts[0] as { propertyName?: string; direction?: string } | undefined) : undefined;
  const name = first?.propertyName ?? 'hs_object_id';
  const sign = first?.direction === 'DESCENDING' ? -1 : 1;
  const key = (record: FakeObject) => record.properties[name] ?? '';
  return [...records].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const numeric = Number(x) - Number(y);
    return sign * (Number.isNaN(numeric) ? x.localeCompare(y) : numeric || Number(a.id) - Number(b.id));
  });
}
