import 'server-only';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { cache } from 'react';
import { currentOperator } from '@/server/auth/session';
import type { OperatorIdentity } from '@/server/services/operators';

/** The signed-in operator, read once per request (the layout and the page both ask). */
export const getOperator = cache(async (): Promise<OperatorIdentity | null> => {
  // Never prerender at build time: the answer depends on the request's cookie and on the database.
  await connection();
  return currentOperator();
});

/**
 * Every dashboard page calls this with its own path. The check lives in the page, not only in the layout:
 * a layout cannot see the path (for `callbackUrl`) and is not re-rendered on client-side navigation.
 */
export async function requireOperator(path: string): Promise<OperatorIdentity> {
  const operator = await getOperator();
  if (!operator) redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
  return operator;
}
