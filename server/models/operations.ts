/** The 17 unified models, the seven actions and the 119 operations `<model>::<action>` (interface-spec.md). */
export const MODELS = [
  'genericCompany',
  'genericContact',
  'genericUser',
  'genericWorkspace',
  'crmOpportunity',
  'crmStage',
  'crmPipeline',
  'crmEngagement',
  'telephonyCall',
  'telephonyCallTranscript',
  'schedulingEventType',
  'schedulingSlot',
  'schedulingEvent',
  'widgetCardView',
  'accountingInvoice',
  'accountingInvoiceLineItem',
  'accountingInvoiceItem',
] as const;
export type Model = (typeof MODELS)[number];

export const ACTIONS = ['create', 'retrieve', 'list', 'update', 'delete', 'fieldRead', 'fieldWrite'] as const;
export type Action = (typeof ACTIONS)[number];

export type Operation = `${Model}::${Action}`;
export const OPERATIONS = MODELS.flatMap((model) => ACTIONS.map((action) => `${model}::${action}`));
const OPERATION_SET: ReadonlySet<string> = new Set(OPERATIONS);

export function isOperation(value: string): value is Operation {
  return OPERATION_SET.has(value);
}

export const READ_ACTIONS: ReadonlySet<Action> = new Set(['retrieve', 'list', 'fieldRead']);

export function splitOperation(operation: Operation): { model: Model; action: Action } {
  const [model, action] = operation.split('::') as [Model, Action];
  return { model, action };
}

export const TRIGGERS = ['created', 'updated', 'deleted'] as const;
export type EventName = `${Model}::${(typeof TRIGGERS)[number]}`;
export const EVENT_NAMES = MODELS.flatMap((model) => TRIGGERS.map((trigger) => `${model}::${trigger}`));
