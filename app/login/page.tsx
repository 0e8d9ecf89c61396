import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getOperator } from '@/components/operator-session';
import { safeCallbackPath } from '@/components/safe-callback';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const target = safeCallbackPath(params.callbackUrl);
  // Already signed in (e.g. the back button): go straight on.
  if (await getOperator()) redirect(target);
  // next-auth sends the browser here with ?error=… when it handled a failed login itself.
  const initialError = params.error ? 'Wrong e-mail or password' : null;

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <h1 className="text-center text-2xl font-semibold tracking-tight">Unified Integration Service</h1>
        <p className="mt-2 text-center text-sm text-slate-600">Sign in to the operator dashboard</p>
        <LoginForm target={target} initialError={initialError} />
      </div>
    </main>
  );
}
