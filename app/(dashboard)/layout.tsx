import type { ReactNode } from 'react';
import { DashboardShell } from '@/components/dashboard-shell';
import { Providers } from '@/components/providers';
import { getOperator } from '@/components/operator-session';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const operator = await getOperator();
  // Signed out: each page redirects to /login with its own path as callbackUrl (see components/operator-session.ts);
  // the shell, and with it the operator's data, is never rendered.
  if (!operator) return children;
  return (
    <Providers>
      <DashboardShell email={operator.email}>{children}</DashboardShell>
    </Providers>
  );
}
