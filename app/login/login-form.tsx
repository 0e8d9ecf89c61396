'use client';

import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { useHydrated } from '@/components/use-hydrated';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none';

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function LoginForm({ target, initialError }: { target: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [isPending, setPending] = useState(false);
  const isHydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn<'credentials'>('credentials', {
        email: textOf(form, 'email'),
        password: textOf(form, 'password'),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        // A full navigation, so the dashboard's server components see the new session cookie.
        window.location.assign(target);
        return;
      }
      setError('Wrong e-mail or password');
    } catch {
      setError('The service could not be reached. Try again.');
    }
    setPending(false);
  }

  return (
    // method and action only matter if the form is ever submitted without JavaScript: the credentials then go
    // in a POST body to next-auth, never into a URL.
    <form
      method="post"
      action="/api/auth/callback/credentials"
      onSubmit={(event) => void submit(event)}
      className="mt-8 space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      aria-describedby="login-error"
    >
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          E-mail
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required autoFocus className={inputClass} />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </div>
      <div id="login-error" role="alert" aria-live="assertive" className="min-h-5 text-sm font-medium text-red-700">
        {error}
      </div>
      <button
        type="submit"
        disabled={!isHydrated || isPending}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        {isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
