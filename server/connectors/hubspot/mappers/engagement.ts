import { AppError } from '../../../errors';
import type { UnifiedRecord } from '../../framework';
import type { EngagementObjectType } from '../association-types';
import { associatedIds, isoOf, numberOf, recordOf, refId, refIds, scalarText, text, type HubSpotWrite } from './common';
import type { HubSpotObject } from './types';

/**
 * crmEngagement ↔ HubSpot's five activity objects (calls, meetings, emails, tasks, notes:
 * https://developers.hubspot.com/docs/api/crm/engagements). Our id carries the kind, `call_<id>`, because a
 * HubSpot id alone does not say which object it belongs to.
 */
export const ENGAGEMENT_KINDS = { call: 'calls', meeting: 'meetings', email: 'emails', task: 'tasks', note: 'notes' } as const;
export type EngagementKind = keyof typeof ENGAGEMENT_KINDS;
export const KIND_OF_TYPE: Record<EngagementObjectType, EngagementKind> = {
  calls: 'call',
  meetings: 'meeting',
  emails: 'email',
  tasks: 'task',
  notes: 'note',
};

export function encodeEngagementId(type: EngagementObjectType, remoteId: string): string {
  return `${KIND_OF_TYPE[type]}_${remoteId}`;
}

export function decodeEngagementId(id: string): { kind: EngagementKind; type: EngagementObjectType; remoteId: string } | undefined {
  const match = /^(call|meeting|email|task|note)_(\d+)$/.exec(id);
  if (!match?.[1] || !match[2]) return undefined;
  const kind = match[1] as EngagementKind;
  return { kind, type: ENGAGEMENT_KINDS[kind], remoteId: match[2] };
}

interface KindProperties {
  title?: string;
  description: string;
  direction?: string;
  status?: string;
  /** Calls store a duration in milliseconds; meetings an end time. */
  durationMs?: string;
  start?: string;
  end?: string;
}

const KIND_PROPERTIES: Record<EngagementKind, KindProperties> = {
  call: {
    title: 'hs_call_title',
    description: 'hs_call_body',
    direction: 'hs_call_direction',
    status: 'hs_call_status',
    durationMs: 'hs_call_duration',
  },
  meeting: {
    title: 'hs_meeting_title',
    description: 'hs_meeting_body',
    status: 'hs_meeting_outcome',
    start: 'hs_meeting_start_time',
    end: 'hs_meeting_end_time',
  },
  email: { title: 'hs_email_subject', description: 'hs_email_text', direction: 'hs_email_direction', status: 'hs_email_status' },
  task: { title: 'hs_task_subject', description: 'hs_task_body', status: 'hs_task_status' },
  note: { description: 'hs_note_body' },
};

type Status = 'planned' | 'inProgress' | 'completed' | 'canceled';
const STATUS_READ: Record<EngagementKind, Record<string, Status>> = {
  call: {
    QUEUED: 'planned',
    CONNECTING: 'inProgress',
    RINGING: 'inProgress',
    CALLING_CRM_USER: 'inProgress',
    IN_PROGRESS: 'inProgress',
    COMPLETED: 'completed',
    BUSY: 'completed',
    NO_ANSWER: 'completed',
    FAILED: 'canceled',
    CANCELED: 'canceled',
  },
  meeting: { SCHEDULED: 'planned', RESCHEDULED: 'planned', COMPLETED: 'completed', NO_SHOW: 'canceled', CANCELED: 'canceled' },
  email: { SCHEDULED: 'planned', SENDING: 'inProgress', SENT: 'completed', BOUNCED: 'canceled', FAILED: 'canceled' },
  task: { NOT_STARTED: 'planned', WAITING: 'planned', DEFERRED: 'planned', IN_PROGRESS: 'inProgress', COMPLETED: 'completed' },
  note: {},
};
const STATUS_WRITE: Record<EngagementKind, Partial<Record<Status, string>>> = {
  call: { planned: 'QUEUED', inProgress: 'IN_PROGRESS', completed: 'COMPLETED', canceled: 'CANCELED' },
  meeting: { planned: 'SCHEDULED', completed: 'COMPLETED', canceled: 'CANCELED' },
  email: { planned: 'SCHEDULED', inProgress: 'SENDING', completed: 'SENT', canceled: 'FAILED' },
  task: { planned: 'NOT_STARTED', inProgress: 'IN_PROGRESS', completed: 'COMPLETED' },
  note: {},
};
const DIRECTION_READ: Record<string, 'inbound' | 'outbound'> = {
  INBOUND: 'inbound',
  OUTBOUND: 'outbound',
  INCOMING_EMAIL: 'inbound',
  EMAIL: 'outbound',
  FORWARDED_EMAIL: 'outbound',
};
const DIRECTION_WRITE: Partial<Record<EngagementKind, Record<string, string>>> = {
  call: { inbound: 'INBOUND', outbound: 'OUTBOUND' },
  email: { inbound: 'INCOMING_EMAIL', outbound: 'EMAIL' },
};

export const ENGAGEMENT_ASSOCIATIONS = { contacts: ['contacts'], companies: ['companies'], opportunities: ['deals'] } as const;

/** The HubSpot properties a read of one kind needs for the wanted unified fields (all when none are named). */
export function engagementProperties(kind: EngagementKind, wanted?: readonly string[]): string[] {
  const map = KIND_PROPERTIES[kind];
  const want = (field: string) => !wanted?.length || wanted.includes(field);
  const names = new Set<string>(['hs_timestamp']);
  if (want('title') && map.title) names.add(map.title);
  if (want('description')) names.add(map.description);
  if (want('direction') && map.direction) names.add(map.direction);
  if (want('status') && map.status) names.add(map.status);
  if (want('owner')) names.add('hubspot_owner_id');
  if (want('duration') || want('endedAt') || want('startedAt')) {
    if (map.durationMs) names.add(map.durationMs);
    if (map.start) names.add(map.start);
    if (map.end) names.add(map.end);
  }
  return [...names];
}

export function engagementFromHubSpot(type: EngagementObjectType, record: HubSpotObject): UnifiedRecord {
  const kind = KIND_OF_TYPE[type];
  const map = KIND_PROPERTIES[kind];
  const properties = record.properties;
  const startedAt = isoOf((map.start && properties[map.start]) || properties.hs_timestamp);
  const durationMs = map.durationMs ? numberOf(properties[map.durationMs]) : undefined;
  const end = map.end ? isoOf(properties[map.end]) : undefined;
  const duration =
    durationMs !== undefined
      ? Math.round(durationMs / 1000)
      : end && startedAt
        ? Math.round((Date.parse(end) - Date.parse(startedAt)) / 1000)
        : undefined;
  const endedAt = end ?? (startedAt && durationMs !== undefined ? new Date(Date.parse(startedAt) + durationMs).toISOString() : undefined);
  const rawStatus = map.status ? text(properties[map.status]) : undefined;
  const rawDirection = map.direction ? text(properties[map.direction]) : undefined;
  const ownerId = text(properties.hubspot_owner_id);
  return recordOf(record, encodeEngagementId(type, record.id), {
    type: kind,
    direction: rawDirection ? DIRECTION_READ[rawDirection] : undefined,
    status: rawStatus ? STATUS_READ[kind][rawStatus] : undefined,
    title: map.title ? text(properties[map.title]) : undefined,
    description: text(properties[map.description]),
    startedAt,
    endedAt,
    duration,
    owner: ownerId ? { id: ownerId } : undefined,
    contacts: associatedIds(record, 'contacts')?.map((id) => ({ id })),
    companies: associatedIds(record, 'companies')?.map((id) => ({ id })),
    opportunities: associatedIds(record, 'deals')?.map((id) => ({ id })),
  });
}

function unsupported(kind: EngagementKind, field: string): AppError {
  return new AppError('CONNECTOR::OPERATION::BAD_REQUEST', `body.${field}: HubSpot ${kind}s have no ${field}`);
}

/** The properties and associations of a write of one kind; a field the kind cannot hold is refused, not dropped. */
export function engagementToHubSpot(kind: EngagementKind, fields: Record<string, unknown>): HubSpotWrite {
  const map = KIND_PROPERTIES[kind];
  const properties: Record<string, string> = {};
  const set = (field: string, property: string | undefined, value: string | undefined) => {
    if (value === undefined) return;
    if (!property) throw unsupported(kind, field);
    properties[property] = value;
  };
  const str = scalarText;
  set('title', map.title, str(fields.title));
  set('description', map.description, str(fields.description));
  if (fields.direction !== undefined) {
    const value = DIRECTION_WRITE[kind]?.[scalarText(fields.direction) ?? ''];
    if (!value || !map.direction) throw unsupported(kind, 'direction');
    properties[map.direction] = value;
  }
  if (fields.status !== undefined) {
    const value = STATUS_WRITE[kind][fields.status as Status];
    if (!value)
      throw new AppError('CONNECTOR::OPERATION::BAD_REQUEST', `body.status: HubSpot ${kind}s cannot be ${scalarText(fields.status) ?? ''}`);
    set('status', map.status, value);
  }
  const startedAt = str(fields.startedAt);
  if (startedAt !== undefined) {
    properties.hs_timestamp = new Date(startedAt).toISOString();
    if (map.start) properties[map.start] = properties.hs_timestamp;
  }
  const duration = typeof fields.duration === 'number' ? fields.duration : undefined;
  const endedAt = str(fields.endedAt);
  if (duration !== undefined || endedAt !== undefined) {
    if (map.durationMs) {
      const ms = duration !== undefined ? duration * 1000 : startedAt && endedAt ? Date.parse(endedAt) - Date.parse(startedAt) : undefined;
      if (ms === undefined)
        throw new AppError(
          'CONNECTOR::OPERATION::BAD_REQUEST',
          'body.endedAt: HubSpot calls store a duration; send startedAt with endedAt',
        );
      properties[map.durationMs] = String(ms);
    } else if (map.end) {
      const end =
        endedAt ?? (startedAt && duration !== undefined ? new Date(Date.parse(startedAt) + duration * 1000).toISOString() : undefined);
      if (!end)
        throw new AppError(
          'CONNECTOR::OPERATION::BAD_REQUEST',
          'body.duration: HubSpot meetings store an end time; send startedAt with duration',
        );
      properties[map.end] = new Date(end).toISOString();
    } else throw unsupported(kind, endedAt !== undefined ? 'endedAt' : 'duration');
  }
  if (fields.owner !== undefined) properties.hubspot_owner_id = refId(fields.owner) ?? '';
  if (fields.users !== undefined) throw unsupported(kind, 'users');
  return {
    properties,
    associations: {
      ...(fields.contacts !== undefined ? { contacts: refIds(fields.contacts) } : {}),
      ...(fields.companies !== undefined ? { companies: refIds(fields.companies) } : {}),
      ...(fields.opportunities !== undefined ? { deals: refIds(fields.opportunities) } : {}),
    },
  };
}
