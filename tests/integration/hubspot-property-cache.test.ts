import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';
import { authorizeInSandbox } from '../support/oauth';

/**
 * HubSpot property definitions are read before every unified read (to know the portal's custom properties); they
 * are kept per connection for a minute, dropped when the connection writes a custom field, never shared between
 * connections (docs/decisions.md). The fake counts the definition reads it answers.
 */
const OPERATIONS = ['genericContact::list', 'genericContact::retrieve', 'genericContact::create', 'genericContact::fieldWrite'];
const definitionReads: string[] = [];
let service: TestService;

beforeAll(async () => {
  service = await startTestService(
    {},
    {
      wrapSandbox: (handler) => async (request) => {
        const url = new URL(request.url);
        if (request.method === 'GET' && url.pathname === '/sandbox/hubspot/crm/v3/properties/contacts') {
          definitionReads.push(request.headers.get('authorization') ?? '');
        }
        return handler(request);
      },
    },
  );
  await authorizeInSandbox(service, 'hubspot', 'cache-a', { operations: OPERATIONS, loginHint: 'cache-a@example.com' });
  await authorizeInSandbox(service, 'hubspot', 'cache-b', { operations: OPERATIONS, loginHint: 'cache-a@example.com' });
});

afterAll(async () => {
  await service.close();
});

const list = (ownerId: string) =>
  service.call('/v1/resources/genericContact?limit=5', { headers: { 'x-connector-id': 'hubspot', 'x-owner-id': ownerId } });

describe('HubSpot property definitions', () => {
  it('are read once for several unified reads of one connection', async () => {
    const before = definitionReads.length;
    for (let index = 0; index < 3; index += 1) expect((await list('cache-a')).status).toBe(200);
    expect(definitionReads.length - before).toBe(1);
  });

  it('are read by each connection for itself, even in the same portal', async () => {
    const before = definitionReads.length;
    expect((await list('cache-b')).status).toBe(200);
    expect(definitionReads.length - before).toBe(1);
  });

  it('are read again after the connection writes a custom field, which the next read shows', async () => {
    const created = await service.call(
      '/v1/resources/genericContact/fields',
      json(
        'POST',
        { key: 'loyalty_tier', label: 'Loyalty tier', type: 'string' },
        { 'x-connector-id': 'hubspot', 'x-owner-id': 'cache-a' },
      ),
    );
    expect(created.status).toBe(201);
    const before = definitionReads.length;
    const contact = await service.call(
      '/v1/resources/genericContact',
      json('POST', { firstName: 'Ada', custom: { loyalty_tier: 'gold' } }, { 'x-connector-id': 'hubspot', 'x-owner-id': 'cache-a' }),
    );
    expect(contact.status).toBe(201);
    const { id } = (await contact.json()) as { id: string };
    const read = await service.call(`/v1/resources/genericContact/${id}`, {
      headers: { 'x-connector-id': 'hubspot', 'x-owner-id': 'cache-a' },
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { fields: { custom?: Record<string, unknown> } }).fields.custom).toMatchObject({ loyalty_tier: 'gold' });
    expect(definitionReads.length - before).toBe(1);
  });
});
