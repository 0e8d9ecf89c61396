import { expect, test } from '@playwright/test';
import { ADMIN, logIn, NAV_LABELS, submitLogin } from './helpers';

test.describe('login', () => {
  test('refuses a wrong password with a message and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, { email: ADMIN.email, password: 'not-the-password' });
    await expect(page.getByText('Wrong e-mail or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unauthenticated visit to /request-log goes to /login and comes back after signing in', async ({ page }) => {
    await page.goto('/request-log');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Frequest-log$/);
    await submitLogin(page);
    await expect(page).toHaveURL(/\/request-log$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('shows all nine sections and marks the current one', async ({ page }) => {
    await logIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of NAV_LABELS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Connections' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(ADMIN.email)).toBeVisible();

    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Connections' })).not.toHaveAttribute('aria-current');
  });

  test('signing out returns to the login page and closes the dashboard', async ({ page }) => {
    await logIn(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/api-keys');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fapi-keys$/);
  });

  test('on a phone the menu opens and navigates', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await menuButton.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'Request log' }).click();
    await expect(page).toHaveURL(/\/request-log$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
    // Navigating closes the menu again.
    await expect(nav).toBeHidden();
  });
});

test('an API key created in the dashboard works on /v1, shows in the logs and stops working once revoked', async ({ page, request }) => {
  await logIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  await page.getByLabel('Label').fill('e2e key');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secretPanel = page.getByRole('region', { name: /New API key: e2e key/ });
  await expect(secretPanel).toBeVisible();
  await expect(secretPanel.getByText(/shown only this once/)).toBeVisible();
  const publicKey = (await secretPanel.getByText(/^pk_/).textContent())?.trim() ?? '';
  const secret = (await secretPanel.getByText(/^sk_/).textContent())?.trim() ?? '';
  expect(publicKey).toMatch(/^pk_[A-Za-z0-9_-]{20,}$/);
  expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{20,}$/);
  // By the key itself (its tooltip), so a rerun against the same database cannot pick an older "e2e key".
  const keyRow = page.getByRole('row').filter({ has: page.getByTitle(publicKey, { exact: true }) });
  await expect(keyRow.getByText('Active')).toBeVisible();

  const ok = await request.get('/v1/connections', { headers: { 'x-api-key': publicKey, 'x-api-secret': secret } });
  expect(ok.status()).toBe(200);
  // The key belongs to the organization of the other specs' connections: only the shape is certain here.
  expect(await ok.json()).toMatchObject({ object: 'list', data: expect.any(Array) });

  await page.getByRole('link', { name: 'Request log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  const okRow = page.getByRole('row').filter({ hasText: '/v1/connections' }).filter({ hasText: 'GET' }).filter({ hasText: '200' });
  await expect(okRow.first()).toBeVisible();

  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('region', { name: /New API key/ })).toBeHidden();
  await keyRow.getByRole('button', { name: 'Revoke', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Revoke “e2e key”/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(keyRow.getByText('Revoked')).toBeVisible();
  await expect(keyRow.getByRole('button')).toHaveCount(0);

  const refused = await request.get('/v1/connections', { headers: { 'x-api-key': publicKey, 'x-api-secret': secret } });
  expect(refused.status()).toBe(401);
  const body = (await refused.json()) as { error: string; message: string };
  expect(body.error).toBe('SERVICE::BAD_REQUEST');
  expect(body.message).toContain('x-api-key');

  await page.getByRole('link', { name: 'Error log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Error log' })).toBeVisible();
  const errorRow = page.getByRole('row').filter({ hasText: '/v1/connections' }).filter({ hasText: '401' });
  await expect(errorRow.first()).toBeVisible();
  await expect(errorRow.first()).toContainText('SERVICE::BAD_REQUEST');
  await expect(errorRow.first()).toContainText('revoked');

  // The row opens its details: the secret header is kept only as a redaction.
  await errorRow.first().click();
  const details = page.getByRole('row').filter({ has: page.getByRole('heading', { name: 'Headers (secrets redacted)' }) });
  await expect(details).toContainText('"x-api-secret": "[redacted]"');
  await expect(details).toContainText(publicKey);
  await expect(page.getByText(secret)).toHaveCount(0);
});

test('rotating a key shows the new secret once and revokes the old pair', async ({ page, request }) => {
  await logIn(page);
  await page.goto('/api-keys');
  await page.getByLabel('Label').fill('rotate me');
  await page.getByRole('button', { name: 'Create key' }).click();
  const created = page.getByRole('region', { name: /New API key: rotate me/ });
  const oldKey = (await created.getByText(/^pk_/).textContent())?.trim() ?? '';
  const oldSecret = (await created.getByText(/^sk_/).textContent())?.trim() ?? '';

  await page
    .getByRole('row')
    .filter({ has: page.getByTitle(oldKey, { exact: true }) })
    .getByRole('button', { name: 'Rotate' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Rotate “rotate me”/ });
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  const rotated = page.getByRole('region', { name: /Rotated API key: rotate me/ });
  await expect(rotated).toBeVisible();
  await expect(rotated).toContainText('The previous key pair has been revoked');
  const newKey = (await rotated.getByText(/^pk_/).textContent())?.trim() ?? '';
  const newSecret = (await rotated.getByText(/^sk_/).textContent())?.trim() ?? '';
  expect(newKey).not.toBe(oldKey);
  await expect(page.getByRole('row').filter({ has: page.getByTitle(oldKey, { exact: true }) })).toContainText('Revoked');

  const refused = await request.get('/v1/connections', { headers: { 'x-api-key': oldKey, 'x-api-secret': oldSecret } });
  expect(refused.status()).toBe(401);
  const accepted = await request.get('/v1/connections', { headers: { 'x-api-key': newKey, 'x-api-secret': newSecret } });
  expect(accepted.status()).toBe(200);

  await page.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(rotated).toBeHidden();
});
