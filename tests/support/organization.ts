import { eq } from 'drizzle-orm';
import { apiKeys } from '@/server/db/schema';
import { getRuntime } from '@/server/runtime';
import { TEST_API_KEY } from './harness';

/** The organization created at first start of the test service: the one that owns the pinned test key. */
export function firstOrganization(): { organizationId: string } {
  const row = getRuntime()
    .db.select({ organizationId: apiKeys.organizationId })
    .from(apiKeys)
    .where(eq(apiKeys.publicKey, TEST_API_KEY))
    .get();
  if (!row) throw new Error('the test service has not bootstrapped an organization');
  return { organizationId: row.organizationId };
}
