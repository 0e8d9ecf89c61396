import { organizations } from '@/server/db/schema';
import { getRuntime } from '@/server/runtime';

/** The organization created at first start of the test service. */
export function firstOrganization(): { organizationId: string } {
  const row = getRuntime().db.select({ id: organizations.id }).from(organizations).get();
  if (!row) throw new Error('the test service has not bootstrapped an organization');
  return { organizationId: row.id };
}
