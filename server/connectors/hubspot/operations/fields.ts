import { AppError } from '../../../errors';
import type { ConnectorCallContext, FieldDefinition, FieldWriteInput } from '../../framework';
import type { CrmObjectType } from '../association-types';
import type { HubSpotProperty } from '../mappers/types';
import { forgetProperties, readProperties } from './api';

/**
 * fieldRead / fieldWrite through HubSpot's properties API (https://developers.hubspot.com/docs/api/crm/properties):
 * the model's standard fields first, then the portal's own properties (`custom: true`, keyed by property name).
 * New fields go into one property group of ours, created on first use.
 */
export interface StandardField extends Omit<FieldDefinition, 'custom'> {
  /** The HubSpot property it maps to, whose label and options are reported when present. */
  property?: string;
}

export const CUSTOM_GROUP = { name: 'unified_custom_fields', label: 'Unified custom fields' };

function typeOf(property: HubSpotProperty): FieldDefinition['type'] {
  if (property.type === 'number') return 'number';
  if (property.type === 'bool' || property.fieldType === 'booleancheckbox') return 'boolean';
  if (property.type === 'datetime') return 'datetime';
  if (property.type === 'date') return 'date';
  if (property.type === 'enumeration') return 'enum';
  return 'string';
}

export function customFieldDefinition(property: HubSpotProperty): FieldDefinition {
  const type = typeOf(property);
  return {
    key: property.name,
    label: property.label,
    type,
    custom: true,
    readOnly: property.modificationMetadata?.readOnlyValue === true || property.calculated === true,
    ...(type === 'enum' ? { options: (property.options ?? []).map((option) => ({ value: option.value, label: option.label })) } : {}),
  };
}

export async function fieldRead(
  ctx: ConnectorCallContext,
  type: CrmObjectType,
  standard: readonly StandardField[],
): Promise<FieldDefinition[]> {
  const properties = await readProperties(ctx, type);
  const byName = new Map(properties.map((property) => [property.name, property]));
  const standardDefinitions = standard.map(({ property: name, ...field }): FieldDefinition => {
    const property = name ? byName.get(name) : undefined;
    const options =
      field.type === 'enum' && property?.options?.length
        ? property.options.map((option) => ({ value: option.value, label: option.label }))
        : field.options;
    return { ...field, label: property?.label ?? field.label, custom: false, ...(options ? { options } : {}) };
  });
  return [...standardDefinitions, ...properties.filter((property) => property.hubspotDefined !== true).map(customFieldDefinition)];
}

const HUBSPOT_TYPES: Record<FieldWriteInput['type'], { type: string; fieldType: string }> = {
  string: { type: 'string', fieldType: 'text' },
  number: { type: 'number', fieldType: 'number' },
  boolean: { type: 'bool', fieldType: 'booleancheckbox' },
  datetime: { type: 'datetime', fieldType: 'date' },
  date: { type: 'date', fieldType: 'date' },
  enum: { type: 'enumeration', fieldType: 'select' },
};

async function ensureGroup(ctx: ConnectorCallContext, type: CrmObjectType): Promise<void> {
  try {
    await ctx.request({ path: `/crm/v3/properties/${type}/groups/${CUSTOM_GROUP.name}` });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND') throw error;
    try {
      await ctx.request({ method: 'POST', path: `/crm/v3/properties/${type}/groups`, body: { ...CUSTOM_GROUP, displayOrder: -1 } });
    } catch (conflict) {
      // Another request created it in between: fine.
      if (!(conflict instanceof AppError) || conflict.code !== 'CONNECTOR::OPERATION::RESOURCE_ALREADY_EXISTS') throw conflict;
    }
  }
}

export async function fieldWrite(ctx: ConnectorCallContext, type: CrmObjectType, input: FieldWriteInput): Promise<FieldDefinition> {
  await ensureGroup(ctx, type);
  // HubSpot's bool properties need their two options spelled out.
  const options =
    input.type === 'boolean'
      ? [
          { label: 'Yes', value: 'true' },
          { label: 'No', value: 'false' },
        ]
      : (input.options ?? []);
  const response = await ctx.request<HubSpotProperty>({
    method: 'POST',
    path: `/crm/v3/properties/${type}`,
    body: {
      name: input.key,
      label: input.label,
      ...HUBSPOT_TYPES[input.type],
      groupName: CUSTOM_GROUP.name,
      ...(input.description ? { description: input.description } : {}),
      ...(options.length ? { options: options.map((option, index) => ({ ...option, displayOrder: index, hidden: false })) } : {}),
    },
  });
  forgetProperties(ctx, type);
  return customFieldDefinition(response.body);
}
