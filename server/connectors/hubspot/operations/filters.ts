import { AppError } from '../../../errors';
import { decodeStageId } from '../mappers/stage-id';
import type { SearchFilter } from './api';

/** `filter[<name>]` values → HubSpot search filters (https://developers.hubspot.com/docs/api/crm/search#filter-search-results). */
export type FilterBuilder = (value: string, name: string) => SearchFilter[];

export const badFilter = (name: string, message: string) => new AppError('SERVICE::BAD_REQUEST', `query.filter[${name}]: ${message}`);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Records modified at or after an ISO date-time; HubSpot compares datetimes given in epoch milliseconds. */
export const updatedSince =
  (property: string): FilterBuilder =>
  (value, name) => {
    const time = Date.parse(value);
    if (!ISO_DATE_TIME.test(value) || Number.isNaN(time))
      throw badFilter(name, 'must be an ISO 8601 date-time such as 2026-01-31T09:30:00.000Z');
    return [{ propertyName: property, operator: 'GTE', value: String(time) }];
  };

export const equals =
  (property: string): FilterBuilder =>
  (value) => [{ propertyName: property, operator: 'EQ', value }];

/** Word match: every word of the value is a token of the property (HubSpot's CONTAINS_TOKEN, `*` as a wildcard). */
export const containsToken =
  (property: string): FilterBuilder =>
  (value) => [{ propertyName: property, operator: 'CONTAINS_TOKEN', value }];

/** A crmStage id names a pipeline and a stage: both become filters. */
export const dealStage: FilterBuilder = (value, name) => {
  const decoded = decodeStageId(value);
  if (!decoded) throw badFilter(name, 'is not a crmStage id of HubSpot (list crmStage for the ids)');
  return [
    { propertyName: 'pipeline', operator: 'EQ', value: decoded.pipelineId },
    { propertyName: 'dealstage', operator: 'EQ', value: decoded.stageId },
  ];
};

export function buildFilters(builders: Readonly<Record<string, FilterBuilder>>, filter: Record<string, string>): SearchFilter[] {
  return Object.entries(filter).flatMap(([name, value]) => builders[name]?.(value, name) ?? []);
}
