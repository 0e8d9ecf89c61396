'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { isActive, NAV_ITEMS } from './nav-items';
import { SignOutButton } from './sign-out-button';
import { useHydrated } from './use-hydrated';

/** Sidebar on wide screens; below the md breakpoint a top bar whose Menu button opens the same navigation. */
export function DashboardShell({ email, children }: { email: string; children: ReactNode }) {
  const pathname = usePathname();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const isHydrated = useHydrated();

  return (
    <div className="min-h-screen md:flex">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="flex h-14 items-center justify-between px-4 md:h-16">
          <Link href="/connections" className="text-base font-semibold tracking-tight text-slate-900">
            Unified Integration Service
          </Link>
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 md:hidden"
            disabled={!isHydrated}
            aria-expanded={isMenuOpen}
            aria-controls="dashboard-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {isMenuOpen ? 'Close menu' : 'Menu'}
          </button>
        </div>
        <div
          id="dashboard-menu"
          className={`${isMenuOpen ? 'flex' : 'hidden'} flex-col border-t border-slate-200 md:flex md:flex-1 md:border-t-0`}
        >
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
            <ul className="space-y-0.5">
              {NAV_ITEMS.map((item) => {
                const active = isActive(pathname, item.href);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={active ? 'page' : undefined}
                      onClick={() => setMenuOpen(false)}
                      className={`block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                        active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                      }`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 md:flex-col md:items-start">
            <p className="min-w-0 text-sm text-slate-600">
              <span className="sr-only">Signed in as </span>
              <span className="block truncate" title={email}>
                {email}
              </span>
            </p>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="content" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
