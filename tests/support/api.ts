import { expect } from 'vitest';
import type { TestService } from './harness';

export interface ErrorBody {
  status: number;
  error: string;
  message: string;
}

/** Reads an error response and checks its shape: exactly `{ error, message }`. */
export async function errorOf(response: Response): Promise<ErrorBody> {
  const body = (await response.json()) as { error: string; message: string };
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  return { status: response.status, error: body.error, message: body.message };
}

export function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export async function createConnection(
  service: TestService,
  connectorId: string,
  ownerId: string,
  operations: string[] = ['genericContact::list'],
) {
  const response = await service.call('/v1/connections', json('POST', { connectorId, ownerId, operations }));
  expect(response.status).toBe(201);
  return (await response.json()) as { connectorId: string; ownerId: string; status: string };
}
