import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf, json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';

import { authorizeInSandbox } from '../support/oauth';

/** HubSpot's unified models over real HTTP: /v1/resources → the service → the HubSpot sandbox fake. */
const OWNER = 'hubspot-resources';
const MODELS: Record<string, string[]> = {
  genericContact: ['list', 'retrieve', 'create', 'update', 'delete', 'fieldRead', 'fieldWrite'],
  genericCompany: ['list', 'retrieve', 'create', 'update', 'delete', 'fieldRead', 'fieldWrite'],
  genericUser: ['list', 'retrieve', 'create'],
  genericWorkspace: ['retrieve'],
  crmOpportunity: ['list', 'retrieve', 'create', 'update', 'delete', 'fieldRead', 'fieldWrite'],
  crmPipeline: ['list', 'retrieve'],
  crmStage: ['list', 'retrieve'],
  crmEngagement: ['list', 'retrieve', 'create', 'update', 'delete'],
  telephonyCall: ['list'],
};
const OPERATIONS = Object.entries(MODELS).flatMap(([model, actions]) => actions.map((action) => `${model}::${action}`));

let service: TestService;
let unique = 0;
const nextEmail = () => `person${Date.now()}.${(unique += 1)}@example.com`;

const authorize = (ownerId: string, operations = OPERATIONS) => authorizeInSandbox(service, 'hubspot', ownerId, { operations });

beforeAll(async () => {
  service = await startTestService();
  await authorize(OWNER);
});
afterAll(async () => {
  await service.close();
});

const connection = { 'x-connector-id': 'hubspot', 'x-owner-id': OWNER };

interface Ref {
  id: string;
  object: string;
  model: string;
  fields: Record<string, unknown> | null;
  remote: { id: string };
}
interface Resource {
  object: string;
  model: string;
  id: string;
  fields: Record<string, unknown>;
  remote: { id: string };
  rawResource: Record<string, unknown>;
  warnings: { code: string; message: string }[];
  createdAt: string | null;
  updatedAt: string | null;
}
interface List {
  object: string;
  data: Resource[];
  next: string | null;
}

const anyString = expect.any(String) as unknown;

const call = (path: string, init: RequestInit = {}) =>
  service.call(path, { ...init, headers: { ...connection, ...(init.headers as Record<string, string> | undefined) } });

async function create(model: string, body: unknown): Promise<{ object: string; model: string; id: string; remote: { id: string } }> {
  const response = await call(`/v1/resources/${model}`, json('POST', body));
  const result = (await response.json()) as { object: string; model: string; id: string; remote: { id: string } };
  expect(response.status, JSON.stringify(result)).toBe(201);
  expect(Object.keys(result).sort()).toEqual(['id', 'model', 'object', 'remote']);
  expect(result).toMatchObject({ object: 'resource', model, id: anyString, remote: { id: anyString } });
  return result;
}

async function retrieve(model: string, id: string, query = ''): Promise<Resource> {
  const response = await call(`/v1/resources/${model}/${encodeURIComponent(id)}${query}`);
  const body = (await response.json()) as Resource;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function list(model: string, query = ''): Promise<List> {
  const response = await call(`/v1/resources/${model}${query}`);
  const body = (await response.json()) as List;
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(body.object).toBe('list');
  return body;
}

async function update(model: string, id: string, body: unknown): Promise<void> {
  const response = await call(`/v1/resources/${model}/${encodeURIComponent(id)}`, json('PATCH', body));
  const result = (await response.json()) as unknown;
  expect(response.status, JSON.stringify(result)).toBe(200);
  expect(result).toEqual({ object: 'resource', model, id, remote: { id: anyString } });
}

/** Delete answers 204, and the record is then gone: 404 RESOURCE_NOT_FOUND. */
async function deleteAndCheckGone(model: string, id: string): Promise<void> {
  expect((await call(`/v1/resources/${model}/${encodeURIComponent(id)}`, { method: 'DELETE' })).status).toBe(204);
  expect(await errorOf(await call(`/v1/resources/${model}/${encodeURIComponent(id)}`))).toMatchObject({
    status: 404,
    error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
  });
}

function expectResourceShape(resource: Resource, model: string): void {
  expect(Object.keys(resource).sort()).toEqual([
    'createdAt',
    'fields',
    'id',
    'model',
    'object',
    'rawResource',
    'remote',
    'updatedAt',
    'warnings',
  ]);
  expect(resource).toMatchObject({ object: 'resource', model, remote: { id: anyString }, warnings: [] });
  expect(resource.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(resource.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
}

/** Every page of a list, following `next`. */
async function walk(model: string, query: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const page: List = await list(model, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    pages += 1;
    ids.push(...page.data.map((item) => item.id));
    cursor = page.next;
  } while (cursor && pages < 50);
  return { ids, pages };
}

async function portalId(): Promise<string> {
  const { sandboxAccount, defaultSandboxEmail } = await import('@/server/connectors/sandbox-kit/accounts');
  return String(sandboxAccount('hubspot', defaultSandboxEmail('hubspot')).number('hub_id', 8));
}

describe('genericContact (HubSpot contacts)', () => {
  it('round-trips create → retrieve → list → update → delete → 404', async () => {
    const email = nextEmail();
    const created = await create('genericContact', { firstName: 'Ada', lastName: 'Lovelace', email, phone: '+33612345678' });
    expect(created.id).toMatch(/^\d+$/);
    expect(created.remote.id).toBe(created.id);

    const resource = await retrieve('genericContact', created.id);
    expectResourceShape(resource, 'genericContact');
    expect(resource.fields).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      phone: '+33612345678',
      companies: [],
      custom: {},
    });
    expect(resource.rawResource).toMatchObject({ id: created.id, properties: { firstname: 'Ada', hs_object_id: created.id } });

    const found = await list('genericContact', `?filter[email]=${encodeURIComponent(email)}`);
    expect(found.data.map((item) => item.id)).toEqual([created.id]);
    expect(found.next).toBeNull();

    await update('genericContact', created.id, { lastName: 'King' });
    expect((await retrieve('genericContact', created.id)).fields).toMatchObject({ firstName: 'Ada', lastName: 'King' });
    await deleteAndCheckGone('genericContact', created.id);
  });

  it('links companies both ways and replaces them on update', async () => {
    const first = await create('genericCompany', { name: 'First Co' });
    const second = await create('genericCompany', { name: 'Second Co' });
    const contact = await create('genericContact', { email: nextEmail(), companies: [{ id: first.id }] });
    const companies = (await retrieve('genericContact', contact.id)).fields.companies as Ref[];
    expect(companies).toEqual([
      { id: first.id, object: 'resourceRef', model: 'genericCompany', fields: null, rawResource: null, remote: { id: first.id } },
    ]);

    await update('genericContact', contact.id, { companies: [{ id: second.id }] });
    expect(((await retrieve('genericContact', contact.id)).fields.companies as Ref[]).map((ref) => ref.id)).toEqual([second.id]);
    const expanded = await retrieve('genericContact', contact.id, '?expand=companies');
    expect((expanded.fields.companies as Ref[])[0]).toMatchObject({ id: second.id, fields: { name: 'Second Co' } });
  });

  it('returns only the fields asked for, on retrieve and list', async () => {
    const email = nextEmail();
    const created = await create('genericContact', { firstName: 'Only', lastName: 'Some', email });
    expect(Object.keys((await retrieve('genericContact', created.id, '?fields=firstName,email')).fields).sort()).toEqual([
      'email',
      'firstName',
    ]);
    const page = await list('genericContact', `?fields=email&filter[email]=${encodeURIComponent(email)}`);
    expect(page.data[0]?.fields).toEqual({ email });
    expect(await errorOf(await call(`/v1/resources/genericContact/${created.id}?fields=shoeSize`))).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringContaining('shoeSize') as unknown,
    });
  });

  it('pages through every contact once, on the list endpoint and on search', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1)
      ids.push((await create('genericContact', { firstName: `Pager${index}`, email: nextEmail() })).id);

    const plain = await walk('genericContact', '?limit=3');
    expect(new Set(plain.ids).size).toBe(plain.ids.length);
    expect(plain.ids).toEqual(expect.arrayContaining(ids));
    expect(plain.pages).toBeGreaterThanOrEqual(3);

    const searched = await walk('genericContact', `?limit=3&filter[updatedSince]=${encodeURIComponent(since)}`);
    expect(new Set(searched.ids).size).toBe(searched.ids.length);
    expect(searched.ids).toEqual(expect.arrayContaining(ids));
    expect(searched.pages).toBeGreaterThanOrEqual(3);

    const later = await list('genericContact', `?filter[updatedSince]=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(later.data).toEqual([]);
  });

  it('refuses an unknown filter and a bad updatedSince, naming them', async () => {
    const unknown = await errorOf(await call('/v1/resources/genericContact?filter[shoeSize]=42'));
    expect(unknown).toMatchObject({ status: 400, error: 'SERVICE::BAD_REQUEST' });
    expect(unknown.message).toMatch(/filter\[shoeSize\]/);
    expect(unknown.message).toMatch(/email, updatedSince/);
    const date = await errorOf(await call('/v1/resources/genericContact?filter[updatedSince]=yesterday'));
    expect(date).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^query\.filter\[updatedSince\]: /) as unknown,
    });
  });

  it('validates writes against the model, naming the field', async () => {
    const long = await errorOf(await call('/v1/resources/genericContact', json('POST', { firstName: 'x'.repeat(251) })));
    expect(long).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^body\.firstName: /) as unknown,
    });
    const email = await errorOf(await call('/v1/resources/genericContact', json('POST', { email: 'not-an-email' })));
    expect(email.message).toMatch(/^body\.email: /);
    const unknown = await errorOf(await call('/v1/resources/genericContact', json('POST', { shoeSize: 42 })));
    expect(unknown).toMatchObject({ status: 400, error: 'SERVICE::BAD_REQUEST', message: expect.stringContaining('shoeSize') as unknown });
  });

  it('returns vendor data that breaks a constraint, with a FIELD_CONSTRAINT warning', async () => {
    const created = await call(
      '/v1/proxy',
      json('POST', {
        method: 'POST',
        path: '/crm/v3/objects/contacts',
        data: { properties: { firstname: 'A'.repeat(300), email: nextEmail() } },
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const resource = await retrieve('genericContact', id);
    expect(resource.fields.firstName).toBe('A'.repeat(300));
    expect(resource.warnings).toEqual([{ code: 'FIELD_CONSTRAINT', message: 'fields.firstName: must be at most 250 characters' }]);
  });

  it('maps HubSpot 409 (duplicate e-mail) to RESOURCE_ALREADY_EXISTS and 400 to BAD_REQUEST with HubSpot message', async () => {
    const email = nextEmail();
    await create('genericContact', { email });
    const duplicate = await errorOf(await call('/v1/resources/genericContact', json('POST', { email })));
    expect(duplicate).toMatchObject({ status: 409, error: 'CONNECTOR::OPERATION::RESOURCE_ALREADY_EXISTS' });
    expect(duplicate.message).toMatch(/^HubSpot: Contact already exists\. Existing ID: \d+$/);

    const invalid = await errorOf(
      await call('/v1/resources/genericContact', json('POST', { email: nextEmail(), custom: { shoe_size: '42' } })),
    );
    expect(invalid).toMatchObject({ status: 400, error: 'CONNECTOR::OPERATION::BAD_REQUEST' });
    expect(invalid.message).toMatch(/^HubSpot: Property values were not valid: /);
    expect(invalid.message).toContain('Property \\"shoe_size\\" does not exist');
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown id', async () => {
    expect(await errorOf(await call('/v1/resources/genericContact/999999999'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
    });
  });
});

describe('custom fields (HubSpot properties)', () => {
  it('lists standard fields and the portal properties, creates one in our group, and carries its values in custom', async () => {
    const before = (await (await call('/v1/resources/genericCompany/fields')).json()) as {
      object: string;
      data: { key: string; custom: boolean }[];
    };
    expect(before.object).toBe('list');
    expect(before.data.filter((field) => !field.custom).map((field) => field.key)).toEqual(['name', 'domain', 'phone']);

    const written = await call(
      '/v1/resources/genericCompany/fields',
      json('POST', {
        key: 'tier',
        label: 'Tier',
        type: 'enum',
        options: [
          { value: 'gold', label: 'Gold' },
          { value: 'silver', label: 'Silver' },
        ],
      }),
    );
    expect(written.status).toBe(201);
    expect(await written.json()).toEqual({
      key: 'tier',
      label: 'Tier',
      type: 'enum',
      custom: true,
      readOnly: false,
      options: [
        { value: 'gold', label: 'Gold' },
        { value: 'silver', label: 'Silver' },
      ],
    });
    expect(
      (await call('/v1/resources/genericCompany/fields', json('POST', { key: 'employees_band', label: 'Employees', type: 'number' })))
        .status,
    ).toBe(201);

    const after = (await (await call('/v1/resources/genericCompany/fields')).json()) as { data: { key: string; custom: boolean }[] };
    expect(after.data.filter((field) => field.custom).map((field) => field.key)).toEqual(['tier', 'employees_band']);

    const company = await create('genericCompany', { name: 'Custom Co', custom: { tier: 'gold', employees_band: 250 } });
    expect((await retrieve('genericCompany', company.id)).fields.custom).toEqual({ tier: 'gold', employees_band: 250 });
    expect((await retrieve('genericCompany', company.id, '?fields=custom')).fields).toEqual({
      custom: { tier: 'gold', employees_band: 250 },
    });
    await update('genericCompany', company.id, { custom: { tier: null } });
    expect((await retrieve('genericCompany', company.id)).fields.custom).toEqual({ tier: null, employees_band: 250 });

    const enumValue = await errorOf(
      await call('/v1/resources/genericCompany', json('POST', { name: 'Bad tier', custom: { tier: 'bronze' } })),
    );
    expect(enumValue).toMatchObject({
      status: 400,
      error: 'CONNECTOR::OPERATION::BAD_REQUEST',
      message: expect.stringContaining('bronze') as unknown,
    });
  });

  it('answers 409 FIELD_ALREADY_EXISTS for a property that exists', async () => {
    const body = { key: 'favourite_colour', label: 'Favourite colour', type: 'string' };
    expect((await call('/v1/resources/genericContact/fields', json('POST', body))).status).toBe(201);
    const duplicate = await errorOf(await call('/v1/resources/genericContact/fields', json('POST', body)));
    expect(duplicate).toMatchObject({ status: 409, error: 'CONNECTOR::OPERATION::FIELD_ALREADY_EXISTS' });
    expect(duplicate.message).toBe("HubSpot: Property named 'favourite_colour' already exists.");
    const fields = (await (await call('/v1/resources/genericContact/fields')).json()) as {
      data: { key: string; custom: boolean; type: string }[];
    };
    expect(fields.data).toContainEqual({
      key: 'favourite_colour',
      label: 'Favourite colour',
      type: 'string',
      custom: true,
      readOnly: false,
    });
  });

  it('lists the deal fields with HubSpot currency options', async () => {
    const fields = (await (await call('/v1/resources/crmOpportunity/fields')).json()) as {
      data: { key: string; options?: { value: string }[] }[];
    };
    expect(fields.data.map((field) => field.key)).toEqual(
      expect.arrayContaining(['name', 'amount', 'currency', 'stage', 'pipeline', 'status']),
    );
    expect(fields.data.find((field) => field.key === 'currency')?.options?.map((option) => option.value)).toContain('EUR');
  });
});

describe('genericCompany (HubSpot companies)', () => {
  it('round-trips and filters by domain and by name', async () => {
    const domain = `acme-${Date.now()}.example`;
    const created = await create('genericCompany', { name: 'Acme Rockets', domain, phone: '+14155550100' });
    const resource = await retrieve('genericCompany', created.id);
    expectResourceShape(resource, 'genericCompany');
    expect(resource.fields).toMatchObject({ name: 'Acme Rockets', domain, phone: '+14155550100' });

    expect((await list('genericCompany', `?filter[domain]=${domain}`)).data.map((item) => item.id)).toEqual([created.id]);
    expect((await list('genericCompany', '?filter[name]=rockets')).data.map((item) => item.id)).toContain(created.id);
    expect((await list('genericCompany', '?filter[name]=zeppelins')).data).toEqual([]);

    await update('genericCompany', created.id, { name: 'Acme Spaceships' });
    expect((await retrieve('genericCompany', created.id)).fields.name).toBe('Acme Spaceships');
    await deleteAndCheckGone('genericCompany', created.id);
  });

  it('requires a name on create', async () => {
    expect(await errorOf(await call('/v1/resources/genericCompany', json('POST', { domain: 'x.example' })))).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^body\.name: /) as unknown,
    });
  });
});

describe('crmOpportunity (HubSpot deals)', () => {
  it('round-trips a deal with pipeline, stage, owner, amount, close date and associations; status follows the stage', async () => {
    const stages = await list('crmStage', '?filter[pipeline]=default&limit=100');
    const qualified = stages.data.find((stage) => stage.fields.name === 'Qualified To Buy');
    expect(qualified).toBeDefined();
    const owner = (await list('genericUser')).data[0];
    const contact = await create('genericContact', { firstName: 'Buyer', email: nextEmail() });
    const company = await create('genericCompany', { name: 'Buyer Co' });

    const created = await create('crmOpportunity', {
      name: 'Big deal',
      amount: 12500.5,
      currency: 'EUR',
      closeDate: '2026-12-31T00:00:00.000Z',
      pipeline: { id: 'default' },
      stage: { id: qualified?.id },
      owner: { id: owner?.id },
      contacts: [{ id: contact.id }],
      companies: [{ id: company.id }],
    });
    const deal = await retrieve('crmOpportunity', created.id);
    expectResourceShape(deal, 'crmOpportunity');
    expect(deal.fields).toMatchObject({
      name: 'Big deal',
      amount: 12500.5,
      currency: 'EUR',
      closeDate: '2026-12-31T00:00:00.000Z',
      status: 'open',
      pipeline: { id: 'default', object: 'resourceRef', model: 'crmPipeline' },
      stage: { id: qualified?.id, model: 'crmStage' },
      owner: { id: owner?.id, model: 'genericUser' },
      contacts: [{ id: contact.id, model: 'genericContact' }],
      companies: [{ id: company.id, model: 'genericCompany' }],
      engagements: [],
    });

    const byStage = await list('crmOpportunity', `?filter[stage]=${encodeURIComponent(qualified?.id ?? '')}`);
    expect(byStage.data.map((item) => item.id)).toContain(created.id);
    expect((await list('crmOpportunity', '?filter[pipeline]=default&limit=100')).data.map((item) => item.id)).toContain(created.id);
    const closedWon = stages.data.find((stage) => stage.fields.name === 'Closed Won');
    expect(
      (await list('crmOpportunity', `?filter[stage]=${encodeURIComponent(closedWon?.id ?? '')}`)).data.map((item) => item.id),
    ).not.toContain(created.id);

    expect((await list('crmOpportunity', `?filter[owner]=${owner?.id ?? ''}&limit=100`)).data.map((item) => item.id)).toContain(created.id);
    expect((await list('crmOpportunity', '?filter[name]=big&fields=name')).data).toContainEqual(
      expect.objectContaining({ id: created.id, fields: { name: 'Big deal' } }),
    );

    await update('crmOpportunity', created.id, { status: 'won', amount: 13000 });
    const won = await retrieve('crmOpportunity', created.id);
    expect(won.fields).toMatchObject({ status: 'won', amount: 13000, stage: { id: closedWon?.id } });
    await update('crmOpportunity', created.id, { status: 'lost' });
    expect((await retrieve('crmOpportunity', created.id)).fields.status).toBe('lost');

    await deleteAndCheckGone('crmOpportunity', created.id);
  });

  it('puts a new deal in the first open stage of the default pipeline when no stage is given', async () => {
    const created = await create('crmOpportunity', { name: 'Small deal' });
    const deal = await retrieve('crmOpportunity', created.id, '?fields=stage,status,pipeline');
    expect(Object.keys(deal.fields).sort()).toEqual(['pipeline', 'stage', 'status']);
    expect(deal.fields.status).toBe('open');
    expect((deal.rawResource.properties as Record<string, string>).dealstage).toBe('appointmentscheduled');
  });

  it('expands pipeline, stage, owner and contacts', async () => {
    const owner = (await list('genericUser')).data[1];
    const contact = await create('genericContact', { firstName: 'Expanded', email: nextEmail() });
    const created = await create('crmOpportunity', { name: 'Expand me', owner: { id: owner?.id }, contacts: [{ id: contact.id }] });
    // The service hands the connector `fields` only (not `expand`), so the expanded references are named in both.
    const deal = await retrieve(
      'crmOpportunity',
      created.id,
      '?fields=name,pipeline,stage,owner,contacts&expand=pipeline,stage,owner,contacts',
    );
    expect(Object.keys(deal.fields).sort()).toEqual(['contacts', 'name', 'owner', 'pipeline', 'stage']);
    expect((await retrieve('crmOpportunity', created.id, '?expand=owner')).fields.owner).toMatchObject({ fields: { firstName: 'Sales' } });
    expect(deal.fields.pipeline).toMatchObject({
      id: 'default',
      object: 'resourceRef',
      model: 'crmPipeline',
      fields: { name: 'Sales Pipeline' },
    });
    expect(deal.fields.stage).toMatchObject({
      model: 'crmStage',
      fields: { name: 'Appointment Scheduled', type: 'open' },
      remote: { id: 'appointmentscheduled' },
    });
    expect(deal.fields.owner).toMatchObject({ id: owner?.id, model: 'genericUser', fields: { firstName: 'Sales', lastName: 'Rep' } });
    expect(deal.fields.contacts).toEqual([
      expect.objectContaining({ id: contact.id, fields: expect.objectContaining({ firstName: 'Expanded' }) as unknown }),
    ]);
  });

  it('validates deal writes, naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /^body\.name: /],
      [{ name: 'x'.repeat(251) }, /^body\.name: must be at most 250 characters/],
      [{ name: 'Deal', amount: -1 }, /^body\.amount: must be at least 0/],
      [{ name: 'Deal', currency: 'EURO' }, /^body\.currency: must be exactly 3 letters/],
      [{ name: 'Deal', closeDate: 'tomorrow' }, /^body\.closeDate: /],
      [{ name: 'Deal', status: 'pending' }, /^body\.status: /],
      [{ name: 'Deal', probability: 0.5 }, /probability/],
      [{ name: 'Deal', stage: { id: 'not-a-stage' } }, /^body\.stage\.id: /],
    ];
    for (const [body, message] of cases) {
      const result = await errorOf(await call('/v1/resources/crmOpportunity', json('POST', body)));
      expect(result, JSON.stringify(body)).toMatchObject({ status: 400, error: 'SERVICE::BAD_REQUEST' });
      expect(result.message).toMatch(message);
    }
    const currency = await errorOf(await call('/v1/resources/crmOpportunity', json('POST', { name: 'Deal', currency: 'XYZ' })));
    expect(currency).toMatchObject({ status: 400, error: 'CONNECTOR::OPERATION::BAD_REQUEST' });
    expect(currency.message).toMatch(/^HubSpot: Property values were not valid: .*XYZ was not one of the allowed options/);
  });
});

describe('crmEngagement (HubSpot calls, meetings, emails, tasks, notes)', () => {
  it('creates each kind with an id that carries the kind, and reads it back', async () => {
    const contact = await create('genericContact', { firstName: 'Engaged', email: nextEmail() });
    const deal = await create('crmOpportunity', { name: 'Engaged deal' });
    const startedAt = '2026-03-02T10:00:00.000Z';
    const bodies: Record<string, Record<string, unknown>> = {
      call: { title: 'Intro call', description: 'Talked', direction: 'outbound', status: 'completed', duration: 300 },
      meeting: { title: 'Demo', description: 'Showed it', status: 'planned', endedAt: '2026-03-02T11:00:00.000Z' },
      email: { title: 'Follow-up', description: 'Hello again', direction: 'inbound', status: 'completed' },
      task: { title: 'Send quote', description: 'By Friday', status: 'inProgress' },
      note: { description: 'Likes the product' },
    };
    const ids: Record<string, string> = {};
    for (const [type, fields] of Object.entries(bodies)) {
      const created = await create('crmEngagement', {
        type,
        startedAt,
        contacts: [{ id: contact.id }],
        opportunities: [{ id: deal.id }],
        ...fields,
      });
      expect(created.id).toBe(`${type}_${created.remote.id}`);
      ids[type] = created.id;
      const resource = await retrieve('crmEngagement', created.id);
      expectResourceShape(resource, 'crmEngagement');
      expect(resource.fields).toMatchObject({
        type,
        startedAt,
        ...fields,
        contacts: [{ id: contact.id }],
        opportunities: [{ id: deal.id }],
      });
    }
    expect((await retrieve('crmEngagement', ids.call ?? '')).fields).toMatchObject({ endedAt: '2026-03-02T10:05:00.000Z', duration: 300 });
    expect((await retrieve('crmEngagement', ids.meeting ?? '')).fields).toMatchObject({ duration: 3600 });

    const engagements = (await retrieve('crmOpportunity', deal.id, '?fields=engagements')).fields.engagements as Ref[];
    expect(engagements.map((ref) => ref.id).sort()).toEqual(Object.values(ids).sort());

    expect((await retrieve('crmEngagement', ids.task ?? '', '?fields=title,status')).fields).toEqual({
      title: 'Send quote',
      status: 'inProgress',
    });
    const calls = await list('crmEngagement', '?filter[type]=call&limit=100');
    expect(calls.data.every((item) => item.fields.type === 'call')).toBe(true);
    expect(calls.data.map((item) => item.id)).toContain(ids.call);
  });

  it('pages across the five kinds, every engagement once', async () => {
    const startedAt = '2026-03-03T09:00:00.000Z';
    const created: string[] = [];
    for (const type of ['call', 'meeting', 'email', 'task', 'note']) {
      created.push((await create('crmEngagement', { type, startedAt, description: `page ${type}` })).id);
    }
    const { ids, pages } = await walk('crmEngagement', '?limit=2');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(created));
    expect(pages).toBeGreaterThan(2);
    const recent = await walk(
      'crmEngagement',
      `?limit=2&filter[updatedSince]=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
    );
    expect(recent.ids).toEqual(expect.arrayContaining(created));
  });

  it('updates, refuses a kind change or a field the kind cannot hold, and deletes', async () => {
    const created = await create('crmEngagement', { type: 'call', startedAt: '2026-03-04T09:00:00.000Z', title: 'Call' });
    await update('crmEngagement', created.id, { title: 'Renamed call', status: 'canceled' });
    expect((await retrieve('crmEngagement', created.id)).fields).toMatchObject({ title: 'Renamed call', status: 'canceled' });
    expect(await errorOf(await call(`/v1/resources/crmEngagement/${created.id}`, json('PATCH', { type: 'note' })))).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^body\.type: /) as unknown,
    });
    const noteTitle = await errorOf(
      await call('/v1/resources/crmEngagement', json('POST', { type: 'note', startedAt: '2026-03-04T09:00:00.000Z', title: 'x' })),
    );
    expect(noteTitle).toMatchObject({
      status: 400,
      error: 'CONNECTOR::OPERATION::BAD_REQUEST',
      message: 'body.title: HubSpot notes have no title',
    });
    const missing = await errorOf(await call('/v1/resources/crmEngagement', json('POST', { type: 'call' })));
    expect(missing).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^body\.startedAt: /) as unknown,
    });
    await deleteAndCheckGone('crmEngagement', created.id);
    expect(await errorOf(await call('/v1/resources/crmEngagement/12345'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
    });
    expect(await errorOf(await call('/v1/resources/crmEngagement?filter[type]=fax'))).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
    });
  });
});

describe('genericUser, genericWorkspace, crmPipeline, crmStage', () => {
  it('lists and retrieves owners, filters by e-mail', async () => {
    const users = await list('genericUser');
    expect(users.data).toHaveLength(2);
    expect(users.data[0]?.fields).toEqual({ firstName: 'Sandbox', lastName: 'User', email: 'sandbox.user@hubspot.example.com' });
    const one = await retrieve('genericUser', users.data[1]?.id ?? '');
    expect(one.fields).toMatchObject({ firstName: 'Sales', lastName: 'Rep' });
    const filtered = await list('genericUser', '?filter[email]=sandbox.user@hubspot.example.com');
    expect(filtered.data.map((user) => user.id)).toEqual([users.data[0]?.id]);
    const paged = await walk('genericUser', '?limit=1');
    expect(paged).toEqual({ ids: users.data.map((user) => user.id), pages: 2 });
    expect(await errorOf(await call('/v1/resources/genericUser/1'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
    });
  });

  it('retrieves the portal as the workspace, and nothing else', async () => {
    const id = await portalId();
    const workspace = await retrieve('genericWorkspace', id);
    expect(workspace).toMatchObject({ id, remote: { id }, fields: { name: 'hubspot.example.com' }, rawResource: { portalId: Number(id) } });
    expect(await errorOf(await call('/v1/resources/genericWorkspace/1234'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
    });
  });

  it('lists the deal pipeline and its stages; stage ids are opaque composites', async () => {
    const pipelines = await list('crmPipeline');
    expect(pipelines.data).toHaveLength(1);
    const pipeline = pipelines.data[0];
    expect(pipeline?.fields.name).toBe('Sales Pipeline');
    expect(pipeline?.fields.stages as Ref[]).toHaveLength(7);
    expect((await retrieve('crmPipeline', 'default')).fields.name).toBe('Sales Pipeline');

    const stages = await walk('crmStage', '?limit=3');
    expect(stages.pages).toBe(3);
    expect(stages.ids).toEqual((pipeline?.fields.stages as Ref[]).map((ref) => ref.id));
    const types = await Promise.all(stages.ids.map(async (id) => (await retrieve('crmStage', id)).fields.type));
    expect(types).toEqual(['open', 'open', 'open', 'open', 'open', 'won', 'lost']);
    const lost = await retrieve('crmStage', stages.ids[6] ?? '');
    expect(lost).toMatchObject({
      remote: { id: 'closedlost' },
      fields: { name: 'Closed Lost', pipeline: { id: 'default', model: 'crmPipeline' } },
    });
    expect(await errorOf(await call('/v1/resources/crmStage/closedlost'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
    });
    expect((await list('crmStage', '?filter[pipeline]=nope')).data).toEqual([]);
  });
});

describe('gating and errors', () => {
  it('answers 404 for a model HubSpot does not serve and an action it cannot do', async () => {
    expect(await errorOf(await call('/v1/resources/telephonyCall'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::RESOURCE_MODEL::NOT_FOUND',
    });
    expect(await errorOf(await call('/v1/resources/genericUser', json('POST', { firstName: 'New' })))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::NOT_FOUND',
    });
  });

  it('refuses an operation the connection lacks (key pair) and one the session lacks', async () => {
    await createConnection(service, 'hubspot', 'hubspot-limited', ['genericContact::list']);
    const limited = await errorOf(
      await service.call('/v1/resources/genericContact/1', { headers: { 'x-connector-id': 'hubspot', 'x-owner-id': 'hubspot-limited' } }),
    );
    expect(limited).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringContaining('genericContact::retrieve') as unknown,
    });

    const session = (await (
      await service.call(
        `/v1/connections/hubspot/${OWNER}/sessions`,
        json('POST', { connection: { operations: ['genericContact::list'] } }),
      )
    ).json()) as {
      sessionToken: string;
    };
    const asSession = (path: string) => service.call(path, { headers: { 'x-session-token': session.sessionToken }, auth: false });
    expect((await asSession('/v1/resources/genericContact?limit=1')).status).toBe(200);
    expect(await errorOf(await asSession('/v1/resources/genericContact/1'))).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringContaining('genericContact::retrieve') as unknown,
    });
  });

  it('gets HubSpot 403 MISSING_SCOPES for what the connection was not granted, and works within its scopes', async () => {
    await authorize('hubspot-contacts-only', ['genericContact::list']);
    const headers = { 'x-connector-id': 'hubspot', 'x-owner-id': 'hubspot-contacts-only' };
    expect((await service.call('/v1/resources/genericContact?limit=1', { headers })).status).toBe(200);
    const forbidden = await errorOf(await service.call('/v1/proxy', json('POST', { path: '/crm/v3/objects/deals' }, headers)));
    expect(forbidden).toMatchObject({ status: 403, error: 'SERVICE::CONNECTION::PROXY::FORBIDDEN' });
    expect(forbidden.message).toContain('MISSING_SCOPES');
  });

  it('refuses a cursor from another model or another connection', async () => {
    await create('genericContact', { email: nextEmail() });
    await create('genericContact', { email: nextEmail() });
    const page = await list('genericContact', '?limit=1');
    expect(page.next).toEqual(expect.any(String));
    const cursor = encodeURIComponent(page.next ?? '');
    expect(await errorOf(await call(`/v1/resources/genericCompany?cursor=${cursor}`))).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^query\.cursor: /) as unknown,
    });
    const other = await service.call(`/v1/resources/genericContact?cursor=${cursor}`, {
      headers: { 'x-connector-id': 'hubspot', 'x-owner-id': 'hubspot-limited' },
    });
    expect(await errorOf(other)).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^query\.cursor: /) as unknown,
    });
    expect(await errorOf(await call('/v1/resources/genericContact?filter[email]=a@b.example&cursor=' + cursor))).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
    });
  });

  it('maps a HubSpot 429 to 429 RATE_LIMIT_EXCEEDED with Retry-After (switch over HTTP and in process)', async () => {
    const { setSandboxRateLimit } = await import('@/server/connectors/sandbox');
    // A POST is not retried: one rate-limited answer reaches the caller.
    setSandboxRateLimit('hubspot', 1);
    const limited = await call('/v1/resources/genericCompany', json('POST', { name: 'Too fast' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    const error = await errorOf(limited);
    expect(error).toMatchObject({ error: 'SERVICE::CONNECTION::PROXY::RATE_LIMIT_EXCEEDED' });
    expect(error.message).toMatch(/^HubSpot: You have reached your secondly limit\./);

    // A GET is retried after Retry-After; once the limit passes, the caller sees a 200.
    expect((await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/rate-limit?count=1`, { method: 'POST' })).status).toBe(204);
    expect((await call('/v1/resources/genericCompany?limit=1')).status).toBe(200);
    // Three in a row exhaust the client's two retries.
    expect((await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/rate-limit?count=3`, { method: 'POST' })).status).toBe(204);
    expect(await errorOf(await call('/v1/resources/genericCompany?limit=1'))).toMatchObject({
      status: 429,
      error: 'SERVICE::CONNECTION::PROXY::RATE_LIMIT_EXCEEDED',
    });
  });

  it('maps a HubSpot 5xx to 502 CONNECTOR::OPERATION::SERVER_ERROR', async () => {
    const { failNextHubSpotCalls } = await import('@/server/connectors/hubspot/sandbox-store');
    failNextHubSpotCalls(1);
    const failed = await errorOf(await call('/v1/resources/genericCompany', json('POST', { name: 'Unlucky' })));
    expect(failed).toMatchObject({ status: 502, error: 'CONNECTOR::OPERATION::SERVER_ERROR', message: 'HubSpot: internal error' });
  });

  it('refreshes an expired token mid-request and answers 200', async () => {
    const { expireSandboxAccessTokens, sandboxStats } = await import('@/server/connectors/sandbox');
    expireSandboxAccessTokens('hubspot');
    const before = sandboxStats('hubspot').refreshGrants;
    expect((await call('/v1/resources/genericContact?limit=1')).status).toBe(200);
    expect(sandboxStats('hubspot').refreshGrants - before).toBe(1);
  });
});
