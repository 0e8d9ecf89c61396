import NextAuth from 'next-auth';
import { getAuthOptions } from '@/server/auth/options';
import { ensureReady } from '@/server/services/bootstrap';

export const dynamic = 'force-dynamic';

async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  await ensureReady();
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call
  return NextAuth(getAuthOptions())(request, context);
}

export { handler as GET, handler as POST };
