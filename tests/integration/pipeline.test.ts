import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/harness';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

describe('GET /v1/connections', () => {
  it('answers an empty list wrapper for a valid key pair', async () => {
    const response = await service.call('/v1/connections');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual({ object: 'list', data: [], next: null });
  });
});
