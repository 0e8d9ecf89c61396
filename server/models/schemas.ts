import { z } from 'zod';
import type { Model } from './operations';

/**
 * The 17 unified models (spec/models.md) as zod shapes: the single source for write validation, read warnings,
 * TypeScript types, field definitions (fieldRead) and the OpenAPI document.
 */
const text = (min = 1, max = 250) =>
  z
    .string({ error: 'must be a string' })
    .min(min, `must be at least ${min} character${min === 1 ? '' : 's'}`)
    .max(max, `must be at most ${max} characters`);
const anyText = z.string({ error: 'must be a string' }).max(10_000, 'must be at most 10000 characters');
const email = z.email({ error: 'must be an e-mail address' }).max(250, 'must be at most 250 characters');
const dateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });
const nonNegative = z.number({ error: 'must be a number' }).min(0, 'must be at least 0');
const nonNegativeInt = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0');
const currency = z.string({ error: 'must be a string' }).length(3, 'must be exactly 3 letters (ISO 4217)');
const url = z.url({ error: 'must be a URL' });
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** A reference to another resource (`resourceRef`); in a write body only `id` matters. */
export const resourceRefInput = z.strictObject({
  id: z.string({ error: 'is required' }).min(1, 'must not be empty'),
  object: z.literal('resourceRef').optional(),
  model: z.string().optional(),
  fields: z.record(z.string(), z.unknown()).nullable().optional(),
  rawResource: z.record(z.string(), z.unknown()).nullable().optional(),
  remote: z.strictObject({ id: z.string() }).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ResourceRefInput = z.infer<typeof resourceRefInput>;
const ref = resourceRefInput;
const refs = z.array(resourceRefInput, { error: 'must be an array of references' }).max(500, 'must hold at most 500 references');
const custom = z.record(z.string().max(200), z.union([z.string(), z.number(), z.boolean(), z.null()]), {
  error: 'must be an object of string, number, boolean or null values',
});

/** Which other model a reference field points at (for `expand`). */
export const REFERENCE_FIELDS: Partial<Record<Model, Record<string, Model>>> = {
  genericContact: { companies: 'genericCompany' },
  crmOpportunity: {
    stage: 'crmStage',
    pipeline: 'crmPipeline',
    owner: 'genericUser',
    contacts: 'genericContact',
    companies: 'genericCompany',
    engagements: 'crmEngagement',
  },
  crmPipeline: { stages: 'crmStage' },
  crmStage: { pipeline: 'crmPipeline' },
  crmEngagement: {
    owner: 'genericUser',
    users: 'genericUser',
    contacts: 'genericContact',
    companies: 'genericCompany',
    opportunities: 'crmOpportunity',
  },
  telephonyCall: { users: 'genericUser', contacts: 'genericContact', transcript: 'telephonyCallTranscript' },
  telephonyCallTranscript: { call: 'telephonyCall' },
  schedulingEventType: { owner: 'genericUser', slots: 'schedulingSlot' },
  schedulingSlot: { eventType: 'schedulingEventType' },
  schedulingEvent: { eventType: 'schedulingEventType', organizer: 'genericUser', attendees: 'genericUser' },
  accountingInvoice: { customerContact: 'genericContact', customerCompany: 'genericCompany', lineItems: 'accountingInvoiceLineItem' },
  accountingInvoiceLineItem: { invoice: 'accountingInvoice', item: 'accountingInvoiceItem' },
  widgetCardView: {
    triggeredBy: 'genericUser',
    genericContact: 'genericContact',
    genericCompany: 'genericCompany',
    crmOpportunity: 'crmOpportunity',
  },
};

const speaker = z.strictObject({
  id: z.string(),
  origin: oneOf(['internal', 'external', 'unknown'] as const),
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  user: ref.optional(),
  contact: ref.optional(),
});
const segment = z.strictObject({ start: nonNegative, end: nonNegative, text: anyText, speakerId: z.string() });
const question = z.strictObject({
  key: z.string(),
  type: oneOf(['text', 'number', 'select', 'multiselect'] as const),
  name: z.string(),
  required: z.boolean(),
  description: z.string().optional(),
  default: z.unknown().optional(),
  options: z.array(z.strictObject({ value: z.string(), name: z.string() })).optional(),
});
const externalAttendee = z.strictObject({
  email,
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phoneNumber: z.string().optional(),
});
const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an absolute http(s) URL');
const cardContent = z.union([
  z.strictObject({ type: z.literal('text'), label: z.string(), value: z.string(), link: httpUrl.optional() }),
  z.strictObject({
    type: z.literal('status'),
    label: z.string(),
    value: z.string(),
    status: oneOf(['default', 'success', 'warning', 'danger', 'info'] as const),
  }),
]);
const cardAction = z.strictObject({ type: oneOf(['openUrl', 'openUrlInIframe'] as const), label: z.string(), url: httpUrl });
const widgetCard = z.strictObject({
  title: z.string(),
  link: httpUrl.optional(),
  contents: z.array(cardContent),
  actions: z.array(cardAction).optional(),
});
const widgetRoot = z.strictObject({
  title: z.string().optional(),
  providerName: z.string().optional(),
  providerLogoUrl: httpUrl.optional(),
  actions: z.array(cardAction).optional(),
});

/** The card content a customer application answers to a `widgetCardView` request (spec/models.md, "Widget"). */
export const widgetCardContent = z.strictObject({ cards: z.array(widgetCard).max(50), root: widgetRoot.optional() });
export type WidgetCardContent = z.infer<typeof widgetCardContent>;

export const MODEL_SHAPES = {
  genericContact: { firstName: text(), lastName: text(), email, phone: text(5, 20), companies: refs, custom },
  genericCompany: {
    name: text(),
    domain: z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a host name such as acme.com'),
    phone: text(5, 20),
    custom,
  },
  genericUser: { firstName: text(), lastName: text(), email },
  genericWorkspace: { name: text() },
  crmOpportunity: {
    name: text(),
    amount: nonNegative,
    currency,
    stage: ref,
    pipeline: ref,
    owner: ref,
    contacts: refs,
    companies: refs,
    engagements: refs,
    closeDate: dateTime,
    status: oneOf(['open', 'won', 'lost'] as const),
    custom,
  },
  crmPipeline: { name: text(), stages: refs },
  crmStage: { name: text(), type: oneOf(['open', 'won', 'lost', 'unknown'] as const), pipeline: ref },
  crmEngagement: {
    type: oneOf(['call', 'meeting', 'email', 'task', 'note'] as const),
    direction: oneOf(['inbound', 'outbound'] as const),
    status: oneOf(['planned', 'inProgress', 'completed', 'canceled'] as const),
    title: anyText,
    description: anyText,
    startedAt: dateTime,
    endedAt: dateTime,
    duration: nonNegativeInt,
    owner: ref,
    users: refs,
    contacts: refs,
    companies: refs,
    opportunities: refs,
  },
  telephonyCall: {
    direction: oneOf(['inbound', 'outbound'] as const),
    status: oneOf(['planned', 'inProgress', 'completed', 'missed', 'voicemail'] as const),
    startedAt: dateTime,
    answeredAt: dateTime,
    endedAt: dateTime,
    duration: nonNegativeInt,
    recordingUrl: url,
    users: refs,
    contacts: refs,
    internalNumber: z.string(),
    externalNumber: z.string(),
    transcript: ref,
  },
  telephonyCallTranscript: { call: ref, duration: nonNegativeInt, speakers: z.array(speaker), segments: z.array(segment) },
  schedulingEventType: {
    name: z.string(),
    status: oneOf(['active', 'inactive'] as const),
    durations: z.array(nonNegativeInt),
    schedulingUrl: url,
    questions: z.array(question),
    owner: ref,
    slots: refs,
  },
  schedulingSlot: {
    eventType: ref,
    status: oneOf(['available', 'unavailable'] as const),
    startTime: dateTime,
    endTime: dateTime,
    timezone: z.string(),
  },
  schedulingEvent: {
    eventType: ref,
    title: anyText,
    description: anyText,
    status: oneOf(['requested', 'planned', 'inProgress', 'completed', 'canceled'] as const),
    startTime: dateTime,
    endTime: dateTime,
    duration: nonNegative,
    organizer: ref,
    attendees: refs,
    externalAttendees: z.array(externalAttendee),
    answers: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number()])),
  },
  widgetCardView: {
    triggeredBy: ref,
    genericContact: refs,
    genericCompany: refs,
    crmOpportunity: refs,
    cards: z.array(widgetCard),
    root: widgetRoot,
  },
  accountingInvoice: {
    invoiceCode: text(),
    status: oneOf(['draft', 'pending', 'paid', 'void', 'overdue'] as const),
    customerContact: ref,
    customerCompany: ref,
    issuedAt: dateTime,
    dueAt: dateTime,
    paidAt: dateTime,
    currency,
    preTaxAmount: nonNegative,
    taxAmount: nonNegative,
    totalAmount: nonNegative,
    balance: nonNegative,
    inclusiveOfTax: z.boolean({ error: 'must be true or false' }),
    lineItems: refs,
    note: anyText,
  },
  accountingInvoiceLineItem: {
    invoice: ref,
    item: ref,
    description: anyText,
    quantity: nonNegative,
    pricePerUnit: nonNegative,
    totalAmount: nonNegative,
  },
  accountingInvoiceItem: { name: text(1, 1000), description: anyText, code: z.string().max(250), price: nonNegative, currency },
} satisfies Record<Model, z.ZodRawShape>;

/** Fields a create must carry (models.md "req (write)" and "req (write on create)"). */
export const REQUIRED_ON_CREATE: Partial<Record<Model, readonly string[]>> = {
  genericCompany: ['name'],
  crmOpportunity: ['name'],
  crmEngagement: ['type', 'startedAt'],
  schedulingEvent: ['startTime'],
  accountingInvoiceItem: ['name'],
};

export type ModelFields = Record<string, unknown>;

/** The strict body schema of a create (required fields enforced) or an update (every field optional). */
export function writeSchema(model: Model, action: 'create' | 'update') {
  const shape = MODEL_SHAPES[model] as Record<string, z.ZodType>;
  const required = new Set(action === 'create' ? (REQUIRED_ON_CREATE[model] ?? []) : []);
  const fields = Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, required.has(key) ? schema : schema.optional()]));
  return z.strictObject(fields);
}

export interface Warning {
  code: string;
  message: string;
}

/** Reads never fail on vendor data: each value that breaks a constraint becomes a FIELD_CONSTRAINT warning. */
export function readWarnings(model: Model, fields: ModelFields): Warning[] {
  const shape = MODEL_SHAPES[model] as Record<string, z.ZodType>;
  const warnings: Warning[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const schema = shape[key];
    if (!schema || value === undefined || value === null) continue;
    // A reference read back carries response-only fields; only the write constraints of scalars are checked.
    if (REFERENCE_FIELDS[model]?.[key]) continue;
    const result = schema.safeParse(value);
    if (!result.success)
      warnings.push({ code: 'FIELD_CONSTRAINT', message: `fields.${key}: ${result.error.issues[0]?.message ?? 'breaks a constraint'}` });
  }
  return warnings;
}

export const fieldNames = (model: Model): string[] => Object.keys(MODEL_SHAPES[model]);
