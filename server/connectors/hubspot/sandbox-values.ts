import type { CrmObjectType } from './association-types';
import { scalar, type PropertyProblem } from './sandbox-http';
import type { Portal } from './sandbox-store';

/**
 * Checks the `properties` of a write as HubSpot does: unknown and read-only properties, numbers, booleans, dates,
 * enumeration options, owners and pipelines. Answers the stored strings (datetimes normalised to ISO) or the
 * per-property problems HubSpot lists in its 400.
 */
export function checkPropertyValues(
  portal: Portal,
  type: CrmObjectType,
  input: unknown,
): { values: Record<string, string | null> } | { problems: PropertyProblem[] } {
  if (input === undefined) return { values: {} };
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return { problems: [{ name: 'properties', error: 'INVALID_INPUT', message: 'properties must be an object' }] };
  }
  const values: Record<string, string | null> = {};
  const problems: PropertyProblem[] = [];
  for (const [name, raw] of Object.entries(input as Record<string, unknown>)) {
    const definition = portal.properties[type].get(name);
    const problem = (error: string, message: string) => problems.push({ name, error, message });
    if (!definition) {
      problem('PROPERTY_DOESNT_EXIST', `Property "${name}" does not exist`);
      continue;
    }
    if (definition.modificationMetadata.readOnlyValue) {
      problem('READ_ONLY_VALUE', `"${name}" is a read only property; its value cannot be set.`);
      continue;
    }
    if (raw === null || raw === '') {
      values[name] = null;
      continue;
    }
    if (typeof raw === 'object') {
      problem('INVALID_INPUT', `${JSON.stringify(raw)} is not a valid value for ${name}`);
      continue;
    }
    const value = scalar(raw);
    switch (definition.type) {
      case 'number':
        if (!Number.isFinite(Number(value))) problem('INVALID_FLOAT', `${value} was not a valid number.`);
        else values[name] = value;
        break;
      case 'bool':
        if (value !== 'true' && value !== 'false') problem('INVALID_BOOLEAN', `${value} was not a valid boolean, use true or false.`);
        else values[name] = value;
        break;
      case 'date':
      case 'datetime': {
        const time = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
        if (Number.isNaN(time)) problem('INVALID_DATE', `${value} was not a valid date, use an ISO 8601 string or epoch milliseconds.`);
        else values[name] = new Date(time).toISOString();
        break;
      }
      case 'enumeration': {
        const allowed =
          name === 'hubspot_owner_id'
            ? portal.owners.map((owner) => owner.id)
            : name === 'pipeline'
              ? portal.pipelines.map((pipeline) => pipeline.id)
              : name === 'dealstage'
                ? undefined // checked against the deal's pipeline by the caller
                : definition.options.map((option) => option.value);
        if (allowed && !allowed.includes(value)) {
          problem(
            name === 'hubspot_owner_id' ? 'INVALID_OWNER_ID' : 'INVALID_OPTION',
            `${value} was not one of the allowed options: [${allowed.join(', ')}]`,
          );
        } else values[name] = value;
        break;
      }
      default:
        values[name] = value;
    }
  }
  return problems.length ? { problems } : { values };
}
