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
