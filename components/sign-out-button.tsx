'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { useHydrated } from './use-hydrated';

export function SignOutButton() {
  const [isSigningOut, setSigningOut] = useState(false);
  const isHydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!isHydrated || isSigningOut}
      onClick={() => {
        setSigningOut(true);
        // next-auth clears the session cookie, then sends the browser to the login page.
        void signOut({ callbackUrl: '/login' });
      }}
      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
    >
      {isSigningOut ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
