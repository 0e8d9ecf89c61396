import 'server-only';
import { getServerSession } from 'next-auth';
import { ensureReady } from '../services/bootstrap';
import { findOperator, type OperatorIdentity } from '../services/operators';
import { getAuthOptions } from './options';

/** The signed-in operator of this request, or null; a deleted operator's session no longer counts. */
export async function currentOperator(): Promise<OperatorIdentity | null> {
  await ensureReady();
  const session = await getServerSession(getAuthOptions());
  if (!session?.operatorId) return null;
  const operator = findOperator({ id: session.operatorId });
  return operator && operator.organizationId === session.organizationId ? operator : null;
}
