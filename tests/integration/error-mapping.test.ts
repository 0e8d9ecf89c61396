import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, GENERIC_500_MESSAGE } from '@/server/errors';
import { startTestService, type TestService } from '../support/harness';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

// The real pipeline with a route table of failing handlers: what a caller sees when a service throws.
async function callFailing(error: unknown): Promise<Response> {
  const { handleV1 } = await import('@/server/http/pipeline');
  const { createRouter } = await import('@/server/http/router');
  const router = createRouter([
    {
      method: 'GET',
      pattern: '/v1/failing',
      handler: () => Promise.reject(error instanceof Error ? error : new Error(String(error))),
    },
  ]);
  return handleV1(new Request(`${service.baseUrl}/v1/failing`), router);
}

describe('error mapping in the /v1 pipeline', () => {
  it('answers an unknown error as 500 SERVICE::UNKNOWN_ERROR with no internal text', async () => {
    const response = await callFailing(new Error('SQLITE_ERROR: no such table: secrets at Database.prepare'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'SERVICE::UNKNOWN_ERROR', message: GENERIC_500_MESSAGE });
    expect(text).not.toMatch(/SQLITE|prepare|stack/i);
  });

  it('keeps a 5xx AppError code but not its cause', async () => {
    const response = await callFailing(
      new AppError('SERVICE::CONNECTION::RETRIEVE_FAILED', 'The connection could not be read', { cause: new Error('disk I/O error') }),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'SERVICE::CONNECTION::RETRIEVE_FAILED', message: 'The connection could not be read' });
  });

  it('passes extra headers of an AppError through (Retry-After on a rate limit)', async () => {
    const response = await callFailing(
      new AppError('SERVICE::CONNECTION::PROXY::RATE_LIMIT_EXCEEDED', 'vendor rate limit', { headers: { 'Retry-After': '12' } }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('12');
  });
});
