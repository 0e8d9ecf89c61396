import type { CrmObjectType } from './association-types';

/** A property definition as HubSpot's properties API answers it: https://developers.hubspot.com/docs/api/crm/properties */
export interface FakeProperty {
  name: string;
  label: string;
  type: 'string' | 'number' | 'date' | 'datetime' | 'enumeration' | 'bool';
  fieldType: string;
  groupName: string;
  description: string;
  options: { label: string; value: string; displayOrder: number; hidden: boolean }[];
  displayOrder: number;
  calculated: boolean;
  externalOptions: boolean;
  hasUniqueValue: boolean;
  hidden: boolean;
  hubspotDefined?: boolean;
  modificationMetadata: { archivable: boolean; readOnlyDefinition: boolean; readOnlyValue: boolean };
  formField: boolean;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface FakePropertyGroup {
  name: string;
  label: string;
  displayOrder: number;
  archived: boolean;
}

type Spec = [name: string, label: string, type: FakeProperty['type'], fieldType: string, readOnly?: boolean, options?: string[]];

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'PLN'];
const owner: Spec = ['hubspot_owner_id', 'Owner', 'enumeration', 'select'];
const objectId: Spec = ['hs_object_id', 'Record ID', 'number', 'number', true];
const created = (name = 'createdate'): Spec => [name, 'Create Date', 'datetime', 'date', true];
const modified = (name = 'hs_lastmodifieddate'): Spec => [name, 'Last Modified Date', 'datetime', 'date', true];
const timestamp: Spec = ['hs_timestamp', 'Activity date', 'datetime', 'date'];
const activity = (): Spec[] => [timestamp, owner, objectId, created('hs_createdate'), modified()];

const SPECS: Record<CrmObjectType, Spec[]> = {
  contacts: [
    ['firstname', 'First Name', 'string', 'text'],
    ['lastname', 'Last Name', 'string', 'text'],
    ['email', 'Email', 'string', 'text'],
    ['phone', 'Phone Number', 'string', 'phonenumber'],
    ['company', 'Company Name', 'string', 'text'],
    ['jobtitle', 'Job Title', 'string', 'text'],
    owner,
    objectId,
    created(),
    modified('lastmodifieddate'),
  ],
  companies: [
    ['name', 'Company name', 'string', 'text'],
    ['domain', 'Company Domain Name', 'string', 'text'],
    ['phone', 'Phone Number', 'string', 'phonenumber'],
    ['city', 'City', 'string', 'text'],
    ['industry', 'Industry', 'string', 'text'],
    owner,
    objectId,
    created(),
    modified(),
  ],
  deals: [
    ['dealname', 'Deal Name', 'string', 'text'],
    ['amount', 'Amount', 'number', 'number'],
    ['deal_currency_code', 'Currency', 'enumeration', 'select', false, CURRENCIES],
    ['pipeline', 'Pipeline', 'enumeration', 'select'],
    ['dealstage', 'Deal Stage', 'enumeration', 'radio'],
    ['closedate', 'Close Date', 'datetime', 'date'],
    owner,
    objectId,
    created(),
    modified(),
  ],
  calls: [
    ['hs_call_title', 'Call Title', 'string', 'text'],
    ['hs_call_body', 'Call notes', 'string', 'html'],
    ['hs_call_direction', 'Call direction', 'enumeration', 'select', false, ['INBOUND', 'OUTBOUND']],
    ['hs_call_duration', 'Call duration', 'number', 'number'],
    [
      'hs_call_status',
      'Call status',
      'enumeration',
      'select',
      false,
      ['BUSY', 'CALLING_CRM_USER', 'CANCELED', 'COMPLETED', 'CONNECTING', 'FAILED', 'IN_PROGRESS', 'NO_ANSWER', 'QUEUED', 'RINGING'],
    ],
    ...activity(),
  ],
  meetings: [
    ['hs_meeting_title', 'Meeting name', 'string', 'text'],
    ['hs_meeting_body', 'Meeting description', 'string', 'html'],
    ['hs_meeting_start_time', 'Start Time', 'datetime', 'date'],
    ['hs_meeting_end_time', 'End Time', 'datetime', 'date'],
    [
      'hs_meeting_outcome',
      'Meeting outcome',
      'enumeration',
      'select',
      false,
      ['SCHEDULED', 'COMPLETED', 'RESCHEDULED', 'NO_SHOW', 'CANCELED'],
    ],
    ...activity(),
  ],
  emails: [
    ['hs_email_subject', 'Email subject', 'string', 'text'],
    ['hs_email_text', 'Email body', 'string', 'textarea'],
    ['hs_email_direction', 'Email direction', 'enumeration', 'select', false, ['EMAIL', 'INCOMING_EMAIL', 'FORWARDED_EMAIL']],
    ['hs_email_status', 'Email send status', 'enumeration', 'select', false, ['BOUNCED', 'FAILED', 'SCHEDULED', 'SENDING', 'SENT']],
    ...activity(),
  ],
  tasks: [
    ['hs_task_subject', 'Task Title', 'string', 'text'],
    ['hs_task_body', 'Notes', 'string', 'html'],
    ['hs_task_status', 'Task Status', 'enumeration', 'select', false, ['NOT_STARTED', 'IN_PROGRESS', 'WAITING', 'COMPLETED', 'DEFERRED']],
    ['hs_task_priority', 'Priority', 'enumeration', 'select', false, ['LOW', 'MEDIUM', 'HIGH']],
    ...activity(),
  ],
  notes: [['hs_note_body', 'Note body', 'string', 'html'], ...activity()],
};

const GROUPS: Record<CrmObjectType, string> = {
  contacts: 'contactinformation',
  companies: 'companyinformation',
  deals: 'dealinformation',
  calls: 'call',
  meetings: 'meeting',
  emails: 'email',
  tasks: 'task',
  notes: 'note',
};

/** The HubSpot-defined properties of an object type (a subset: the ones the connector maps, plus a few). */
export function defaultProperties(type: CrmObjectType, at: string): FakeProperty[] {
  return SPECS[type].map(([name, label, kind, fieldType, readOnly = false, options = []], displayOrder) => ({
    name,
    label,
    type: kind,
    fieldType,
    groupName: GROUPS[type],
    description: '',
    options: options.map((value, index) => ({ label: value, value, displayOrder: index, hidden: false })),
    displayOrder,
    calculated: false,
    externalOptions: false,
    hasUniqueValue: false,
    hidden: false,
    hubspotDefined: true,
    modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: readOnly },
    formField: !readOnly,
    createdAt: at,
    updatedAt: at,
    archived: false,
  }));
}

/** The properties HubSpot returns when a read names none (a short default set per object type). */
export const DEFAULT_READ_PROPERTIES: Record<CrmObjectType, readonly string[]> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
  deals: ['amount', 'closedate', 'createdate', 'dealname', 'dealstage', 'hs_lastmodifieddate', 'hs_object_id', 'pipeline'],
  calls: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  meetings: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  emails: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  tasks: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  notes: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
};

export const CREATED_PROPERTY: Record<CrmObjectType, string> = {
  contacts: 'createdate',
  companies: 'createdate',
  deals: 'createdate',
  calls: 'hs_createdate',
  meetings: 'hs_createdate',
  emails: 'hs_createdate',
  tasks: 'hs_createdate',
  notes: 'hs_createdate',
};

export const MODIFIED_PROPERTY: Record<CrmObjectType, string> = {
  contacts: 'lastmodifieddate',
  companies: 'hs_lastmodifieddate',
  deals: 'hs_lastmodifieddate',
  calls: 'hs_lastmodifieddate',
  meetings: 'hs_lastmodifieddate',
  emails: 'hs_lastmodifieddate',
  tasks: 'hs_lastmodifieddate',
  notes: 'hs_lastmodifieddate',
};
