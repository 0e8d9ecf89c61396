import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { z } from 'zod';
import { getRuntime } from '../runtime';
import { ensureReady } from '../services/bootstrap';
import { verifyOperatorLogin } from '../services/operators';

const credentials = z.object({ email: z.string().trim().min(3).max(320), password: z.string().min(1).max(1024) });

let cached: NextAuthOptions | undefined;

/** next-auth for operators: credentials login, JWT sessions that expire after DASHBOARD_SESSION_MAX_AGE. */
export function getAuthOptions(): NextAuthOptions {
  if (cached) return cached;
  const { env, keyring } = getRuntime();
  cached = {
    // Without NEXTAUTH_SECRET the cookie key is derived from the master key for this purpose only.
    secret: env.NEXTAUTH_SECRET ?? keyring.deriveKey('dashboard-session').toString('base64url'),
    session: { strategy: 'jwt', maxAge: env.DASHBOARD_SESSION_MAX_AGE },
    jwt: { maxAge: env.DASHBOARD_SESSION_MAX_AGE },
    pages: { signIn: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Operator login',
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(input) {
          const parsed = credentials.safeParse(input);
          if (!parsed.success) return null;
          await ensureReady();
          const operator = await verifyOperatorLogin(parsed.data);
          return operator ? { id: operator.id, email: operator.email, organizationId: operator.organizationId } : null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.operatorId = user.id;
          token.organizationId = (user as { organizationId?: string }).organizationId;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, operatorId: token.operatorId, organizationId: token.organizationId };
      },
    },
  };
  return cached;
}
