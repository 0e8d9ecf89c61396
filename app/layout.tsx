import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Unified Integration Service', template: '%s · Unified Integration Service' },
  description: 'Operator dashboard of the self-hosted unified integration service.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

// System fonts only: next/font/google would fetch from the network at build time.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
