import 'server-only';
import { eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../crypto/password';
import { operators } from '../db/schema';
import { getRuntime, nowIso } from '../runtime';

export interface OperatorIdentity {
  id: string;
  email: string;
  organizationId: string;
}

// Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Checks an operator's login; `null` for an unknown e-mail or a wrong password (never says which). */
export async function verifyOperatorLogin(options: { email: string; password: string }): Promise<OperatorIdentity | null> {
  const { db } = getRuntime();
  const email = options.email.trim().toLowerCase();
  const row = db.select().from(operators).where(eq(operators.email, email)).get();
  if (!row) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verifyPassword(options.password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(options.password, row.passwordHash))) return null;
  db.update(operators).set({ lastLoginAt: nowIso() }).where(eq(operators.id, row.id)).run();
  return { id: row.id, email: row.email, organizationId: row.organizationId };
}

/** An operator still exists and belongs to the organization (sessions outlive nothing they should not). */
export function findOperator(options: { id: string }): OperatorIdentity | null {
  const { db } = getRuntime();
  const row = db.select().from(operators).where(eq(operators.id, options.id)).get();
  return row ? { id: row.id, email: row.email, organizationId: row.organizationId } : null;
}
