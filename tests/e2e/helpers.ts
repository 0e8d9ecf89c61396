import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'e2e-password-123' };

export const NAV_LABELS = [
  'Connections',
  'Authorizations',
  'Webhooks',
  'Deliveries',
  'Error log',
  'Request log',
  'API keys',
  'Connector apps',
  'Settings',
];

/** Fills the login form; the caller asserts where it lands. */
export async function submitLogin(page: Page, credentials: { email: string; password: string } = ADMIN): Promise<void> {
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function logIn(page: Page): Promise<void> {
  await page.goto('/login');
  await submitLogin(page);
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
}

/** The key pair scripts/e2e-server.mjs bootstraps (DEFAULT_API_KEY / DEFAULT_API_SECRET). */
export const API_HEADERS = {
  'x-api-key': 'pk_e2e_0123456789abcdefghij',
  'x-api-secret': 'sk_e2e_0123456789abcdefghijklmnopqrstuv',
};

/** A suffix that keeps names unique across runs and tests. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
