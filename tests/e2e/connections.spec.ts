import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_HEADERS, logIn, uniqueSuffix } from './helpers';

const RETRIEVE_FAILED = 'SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED';

async function createConnection(request: APIRequestContext, connectorId: string, ownerId: string, operations: string[]) {
  const response = await request.post('/v1/connections', { headers: API_HEADERS, data: { connectorId, ownerId, operations } });
  expect(response.status()).toBe(201);
}

const connectionPath = (connectorId: string, ownerId: string) => `/v1/connections/${connectorId}/${encodeURIComponent(ownerId)}`;

/** Starts a `mode=connect` authorization and opens the hosted connect page it returns. */
async function openConnectPage(page: Page, request: APIRequestContext, baseURL: string, ownerId: string): Promise<void> {
  const response = await request.post(`${connectionPath('hubspot', ownerId)}/authorization`, {
    headers: API_HEADERS,
    params: { mode: 'connect', redirectUrl: `${baseURL}/connect/result` },
    data: {},
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { status: string; authorizationUrl: string };
  expect(body.status).toBe('awaitingAuthorization');
  expect(body.authorizationUrl.startsWith(`${baseURL}/connect/auth_`)).toBe(true);
  await page.goto(body.authorizationUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Connect HubSpot' })).toBeVisible();
}

/** From the connect page to the sandbox vendor's consent page. */
async function continueToVendor(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox\/hubspot\//);
  await expect(page.getByRole('heading', { name: 'Allow access to your HubSpot account?' })).toBeVisible();
}

async function readStatus(request: APIRequestContext, connectorId: string, ownerId: string): Promise<string> {
  const response = await request.get(connectionPath(connectorId, ownerId), { headers: API_HEADERS });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

test.describe.serial('hosted connect page, then the dashboard', () => {
  const suffix = uniqueSuffix();
  const ownerId = `e2e-owner-${suffix}`;
  const email = `e2e-${suffix}@acme-e2e.example`;

  test('the owner connects HubSpot through the hosted connect page and the sandbox consent', async ({ page, request, baseURL }) => {
    await createConnection(request, 'hubspot', ownerId, ['genericContact::list']);
    await openConnectPage(page, request, baseURL ?? '', ownerId);
    await expect(page.getByText('This application asks to:')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'List contacts' })).toBeVisible();

    await continueToVendor(page);
    await page.getByLabel('Signed in as').fill(email);
    await page.getByRole('button', { name: 'Approve' }).click();

    await expect(page).toHaveURL(/\/connect\/result\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account connected' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('is now connected');
    expect(await readStatus(request, 'hubspot', ownerId)).toBe('authorized');
  });

  test('the dashboard finds it by the sandbox account e-mail and shows its detail', async ({ page }) => {
    await logIn(page);
    await page.getByRole('searchbox', { name: 'Search connections' }).fill(email);
    await expect(page.getByText('1 connection found')).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=e2e-/);
    const table = page.getByRole('table', { name: /Connections, newest first/ });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: ownerId, exact: true }) });
    await expect(row).toContainText('HubSpot');
    await expect(row).toContainText('Authorized');
    await expect(row).toContainText('1 operation');

    await row.getByRole('link', { name: ownerId, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/connections/hubspot/${ownerId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'HubSpot connection' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByText('Authorized', { exact: true })).toBeVisible();
    await expect(summary).toContainText(/Expires in \d+ (seconds?|minutes?|hours?)/);
    await expect(summary).toContainText('never shown');
    const identity = page.getByRole('region', { name: 'Vendor identity' });
    await expect(identity).toContainText('Account e-mail');
    await expect(identity).toContainText(email);
    await expect(page.getByRole('region', { name: /Operations/ })).toContainText('genericContact::list');
    const history = page.getByRole('region', { name: 'Authorization history' }).getByRole('table');
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByRole('row').nth(1)).toContainText('Authorized');
    await expect(history.getByRole('row').nth(1)).toContainText('Connect page');

    // Back keeps the search.
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search connections' })).toHaveValue(email);
    await expect(page.getByText('1 connection found')).toBeVisible();
  });
});

test('a denial at the vendor ends on the result page with its code and shows on the Authorizations page', async ({
  page,
  request,
  baseURL,
}) => {
  const ownerId = `e2e-denied-${uniqueSuffix()}`;
  await createConnection(request, 'hubspot', ownerId, ['genericContact::list']);
  await openConnectPage(page, request, baseURL ?? '', ownerId);
  await continueToVendor(page);
  await page.getByRole('button', { name: 'Deny' }).click();

  await expect(page).toHaveURL(/\/connect\/result\?.*status=failed/);
  await expect(page.getByRole('heading', { level: 1, name: 'The account was not connected' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The account was not connected' }).getByRole('alert')).toContainText(RETRIEVE_FAILED);
  expect(await readStatus(request, 'hubspot', ownerId)).toBe('unauthorized');

  await logIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Authorizations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Authorizations' })).toBeVisible();
  const row = page
    .getByRole('table', { name: /Authorization attempts/ })
    .getByRole('row')
    .filter({ hasText: ownerId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Failed');
  await expect(row).toContainText(RETRIEVE_FAILED);
  await expect(row).toContainText('access_denied');
  await expect(row).toContainText('Connect page');
  await row.getByRole('link', { name: ownerId }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'HubSpot connection' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' }).getByText('Unauthorized', { exact: true })).toBeVisible();
});

test('an organization app for Pipedrive is saved without showing its secret, then removed', async ({ page }) => {
  const clientId = `e2e-client-${uniqueSuffix()}`;
  const secret = `e2e-secret-${uniqueSuffix()}`;
  await logIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connector apps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connector apps' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chargebee' })).toContainText('keys are given per connection');

  const card = page.getByRole('region', { name: 'Pipedrive' });
  await expect(card.getByText('Sandbox app')).toBeVisible();
  await expect(card).toContainText('/v1/oauth/callback');
  await card.getByRole('button', { name: 'Set your own app for Pipedrive' }).click();
  await card.getByLabel('Client id').fill(clientId);
  const secretInput = card.getByLabel('Client secret');
  await expect(secretInput).toHaveAttribute('type', 'password');
  await secretInput.fill(secret);
  await card.getByRole('button', { name: 'Save app' }).click();

  await expect(card.getByRole('status')).toContainText('Saved');
  await expect(card.getByText("Your organization's app")).toBeVisible();
  await expect(card).toContainText(clientId);
  expect(await page.content()).not.toContain(secret);
  // Reopening the form shows the client id again, never the secret.
  await card.getByRole('button', { name: 'Replace app for Pipedrive' }).click();
  await expect(card.getByLabel('Client id')).toHaveValue(clientId);
  await expect(card.getByLabel('Client secret')).toHaveValue('');
  await card.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'Remove for Pipedrive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove your Pipedrive app?' });
  await dialog.getByRole('button', { name: 'Remove app' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Sandbox app')).toBeVisible();
  await expect(card).not.toContainText(clientId);
});

test('a connection is deleted from its detail page after confirmation and leaves the list', async ({ page, request }) => {
  const suffix = uniqueSuffix();
  // Characters that must survive the detail page's URL.
  const ownerId = `e2e delete/ü?#&${suffix}`;
  await createConnection(request, 'attio', ownerId, ['genericContact::list', 'crmOpportunity::list']);
  const session = await request.post(`${connectionPath('attio', ownerId)}/sessions`, { headers: API_HEADERS, data: {} });
  expect(session.status()).toBe(201);

  await logIn(page);
  await page.getByRole('searchbox', { name: 'Search connections' }).fill(suffix);
  await expect(page.getByText('1 connection found')).toBeVisible();
  await page
    .getByRole('table', { name: /Connections/ })
    .getByRole('link', { name: ownerId, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/connections/attio/${encodeURIComponent(ownerId)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Attio connection' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(ownerId);
  await expect(page.getByRole('region', { name: 'Sessions' }).getByRole('row').nth(1)).toContainText('Active');

  await page.getByRole('button', { name: 'Delete connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this Attio connection?' });
  await expect(dialog).toContainText('1 active session is revoked');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete connection' }).click();
  await dialog.getByRole('button', { name: 'Delete connection' }).click();

  await expect(page).toHaveURL(/\/connections\?deleted=/);
  await expect(page.getByRole('status').filter({ hasText: 'was deleted' })).toContainText(ownerId);
  await page.getByRole('searchbox', { name: 'Search connections' }).fill(suffix);
  await expect(page.getByText('No connections match this search.')).toBeVisible();
  await expect(page.getByRole('link', { name: ownerId, exact: true })).toHaveCount(0);

  const gone = await request.get(connectionPath('attio', ownerId), { headers: API_HEADERS });
  expect(gone.status()).toBe(404);
  // Loaded directly, the old address decodes to the same owner and says it is gone.
  await page.goto(`/connections/attio/${encodeURIComponent(ownerId)}`);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(`No attio connection for owner "${ownerId}"`);
});
