import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { API_HEADERS, logIn, uniqueSuffix } from './helpers';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a free local port that records each request and answers 200 with a short text. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('receiver-ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, received };
}

function signatureHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return {
    'webhook-id': String(headers['webhook-id']),
    'webhook-timestamp': String(headers['webhook-timestamp']),
    'webhook-signature': String(headers['webhook-signature']),
  };
}

async function readSecret(page: Page, heading: string): Promise<string> {
  const panel = page.getByRole('region', { name: heading });
  await expect(panel).toBeVisible();
  const secret = (await panel.getByRole('definition').locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  return secret;
}

async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function openSettings(page: Page): Promise<void> {
  await logIn(page);
  await openSection(page, 'Settings');
}

/** Adds an endpoint through the form and answers the secret shown once (the panel is dismissed). */
async function addEndpoint(page: Page, url: string, events: string[] = []): Promise<string> {
  const form = page.getByRole('form', { name: 'Add endpoint' });
  await form.getByLabel('Endpoint URL').fill(url);
  for (const event of events) await form.getByRole('checkbox', { name: `(${event})` }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = await readSecret(page, 'Signing secret of the new endpoint');
  await page.getByRole('button', { name: 'I have stored the secret' }).click();
  return secret;
}

async function deleteEndpoint(page: Page, url: string): Promise<void> {
  const card = page.getByRole('listitem', { name: url });
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(card).toHaveCount(0);
}

const connectionHeaders = (ownerId: string) => ({ ...API_HEADERS, 'x-connector-id': 'hubspot', 'x-owner-id': ownerId });

/**
 * A HubSpot connection authorized against the sandbox (prompt=none approves without the consent page). Its own
 * sandbox account (login_hint) keeps the HubSpot portal, by which global hooks are routed, apart from other runs.
 */
async function authorizedHubSpot(page: Page, request: APIRequestContext, baseURL: string, ownerId: string, operations: string[]) {
  const created = await request.post('/v1/connections', { headers: API_HEADERS, data: { connectorId: 'hubspot', ownerId, operations } });
  expect(created.status()).toBe(201);
  const started = await request.post(`/v1/connections/hubspot/${encodeURIComponent(ownerId)}/authorization`, {
    headers: API_HEADERS,
    params: { redirectUrl: `${baseURL}/connect/result` },
    data: {},
  });
  expect(started.status()).toBe(200);
  const url = new URL(((await started.json()) as { authorizationUrl: string }).authorizationUrl);
  url.searchParams.set('prompt', 'none');
  url.searchParams.set('login_hint', `${ownerId}@e2e-events.example`);
  await page.goto(url.toString());
  await expect(page).toHaveURL(/\/connect\/result\?.*status=authorized/);
}

test.describe.serial('webhook endpoints in Settings', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  test.beforeAll(async () => {
    receiver = await startReceiver();
  });
  test.afterAll(async () => {
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  test('an endpoint is added with a filter, its secret shown once, pinged, rotated and deleted', async ({ page }) => {
    const path = `/hooks/${uniqueSuffix()}`;
    const url = `${receiver.url}${path}`;
    await openSettings(page);

    const form = page.getByRole('form', { name: 'Add endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByRole('searchbox', { name: 'Search events' }).fill('genericContact');
    await expect(form.getByRole('group', { name: 'genericCompany' })).toHaveCount(0);
    await form.getByRole('checkbox', { name: '(genericContact::created)' }).check();
    await form.getByRole('checkbox', { name: '(genericContact::updated)' }).check();
    await expect(form).toContainText('2 selected');
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = await readSecret(page, 'Signing secret of the new endpoint');
    const card = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem', { name: url });
    await expect(card).toContainText('genericContact::created, genericContact::updated');
    await expect(card.getByRole('switch', { name: 'Deliver events' })).toBeChecked();
    await expect(card.getByText('Rotating secret')).toHaveCount(0);
    await page.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect(page.getByRole('region', { name: 'Signing secret of the new endpoint' })).toHaveCount(0);
    await page.reload();
    await expect(card).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // A test ping: one signed request that a Standard Webhooks library verifies with the secret shown once.
    await card.getByRole('button', { name: 'Send test ping' }).click();
    const result = card.getByRole('status');
    await expect(result).toContainText(/HTTP 200 in \d+ ms: the endpoint accepted the ping/);
    await expect(result).toContainText('receiver-ok');
    const pings = receiver.received.filter((request) => request.path === path);
    expect(pings).toHaveLength(1);
    const ping = pings[0]!;
    const payload = new Webhook(secret).verify(ping.body, signatureHeaders(ping.headers)) as { event: string; object: string };
    expect(payload).toMatchObject({ object: 'event', event: 'webhook::ping' });

    // Pausing delivery sticks.
    await card.getByRole('switch', { name: 'Deliver events' }).uncheck();
    await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
    await page.reload();
    await expect(card.getByRole('switch', { name: 'Deliver events' })).not.toBeChecked();
    await card.getByRole('switch', { name: 'Deliver events' }).check();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();

    // Rotation: a new secret shown once, and both secrets sign for the overlap.
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    const rotateDialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(rotateDialog).toContainText('24 hours');
    await rotateDialog.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(rotateDialog).toBeHidden();
    const newSecret = await readSecret(page, 'New signing secret');
    expect(newSecret).not.toBe(secret);
    await expect(card.getByText('Rotating secret')).toBeVisible();
    await card.getByRole('button', { name: 'Send test ping' }).click();
    await expect.poll(() => receiver.received.filter((request) => request.path === path).length).toBe(2);
    const second = receiver.received.filter((request) => request.path === path)[1]!;
    for (const key of [secret, newSecret])
      expect(() => new Webhook(key).verify(second.body, signatureHeaders(second.headers))).not.toThrow();

    await card.getByRole('button', { name: 'Delete' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(deleteDialog).toContainText(url);
    await deleteDialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(page.getByRole('listitem', { name: url })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'New signing secret' })).toHaveCount(0);
  });

  test('an event from the HubSpot sandbox is delivered, shown with its attempt on Deliveries, and replayed', async ({
    page,
    request,
    baseURL,
  }) => {
    const suffix = uniqueSuffix();
    const ownerId = `e2e-delivery-${suffix}`;
    const path = `/deliveries/${suffix}`;
    const url = `${receiver.url}${path}`;
    await authorizedHubSpot(page, request, baseURL ?? '', ownerId, ['genericContact::create']);
    const subscribed = await request.post('/v1/webhooks', {
      headers: connectionHeaders(ownerId),
      data: { events: ['genericContact::created'] },
    });
    expect(subscribed.status()).toBe(200);
    await openSettings(page);
    const secret = await addEndpoint(page, url, ['genericContact::created']);

    // The sandbox HubSpot sends its app webhook to the global hook; the worker delivers the event to the receiver.
    const contact = await request.post('/v1/resources/genericContact', {
      headers: connectionHeaders(ownerId),
      data: { firstName: 'Ada', lastName: `Lovelace ${suffix}`, email: `ada-${suffix}@example.com` },
    });
    expect(contact.status()).toBe(201);
    const atReceiver = () => receiver.received.filter((request) => request.path === path);
    await expect.poll(() => atReceiver().length, { timeout: 20_000 }).toBe(1);
    const first = atReceiver()[0]!;
    const event = new Webhook(secret).verify(first.body, signatureHeaders(first.headers)) as { id: string; event: string; ownerId: string };
    expect(event).toMatchObject({ event: 'genericContact::created', ownerId });

    await openSection(page, 'Deliveries');
    const row = page
      .getByRole('table', { name: 'Deliveries, newest first' })
      .getByRole('row')
      .filter({ hasText: ownerId })
      .filter({ hasText: url });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('genericContact::created');
    await expect(row).toContainText(url);
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText('1 attempt');
    await expect(row).toContainText('HTTP 200');
    await row.getByRole('button', { name: /^Attempts/ }).click();
    const attempts = page.getByRole('list', { name: 'Attempts' });
    await expect(attempts.getByRole('listitem')).toHaveCount(1);
    await expect(attempts).toContainText('Attempt 1');
    await expect(attempts).toContainText('HTTP 200');
    await expect(attempts).toContainText('receiver-ok');
    await expect(attempts).toContainText(/\d+ ms/);
    await expect(attempts).toContainText('worker');

    await page.getByLabel('Status').selectOption('succeeded');
    await expect(row).toHaveCount(1);
    await page.getByLabel('Status').selectOption('failed');
    await expect(row).toHaveCount(0);
    await page.getByLabel('Status').selectOption('');
    await expect(row).toHaveCount(1);

    // Replay: the same message (id and event) is sent again.
    await row.getByRole('button', { name: /^Replay/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'replayed' })).toContainText('it is due again now');
    await expect.poll(() => atReceiver().length, { timeout: 20_000 }).toBe(2);
    const again = atReceiver()[1]!;
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(new Webhook(secret).verify(again.body, signatureHeaders(again.headers))).toMatchObject({ id: event.id });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('Succeeded');

    await openSection(page, 'Settings');
    await deleteEndpoint(page, url);
  });

  test('an unreachable endpoint reports the failed ping', async ({ page }) => {
    // A port that was just free: nothing listens there any more.
    const closed = await startReceiver();
    await new Promise((resolve) => closed.server.close(resolve));
    const url = `${closed.url}/gone-${uniqueSuffix()}`;
    await openSettings(page);
    await addEndpoint(page, url);
    const card = page.getByRole('listitem', { name: url });
    await expect(card).toContainText('All events');
    await card.getByRole('button', { name: 'Send test ping' }).click();
    await expect(card.getByRole('status')).toContainText(/No answer in \d+ ms: network error/);
    await deleteEndpoint(page, url);
  });
});

test('a subscription made through the API is listed on the Webhooks page with its kind', async ({ page, request }) => {
  const ownerId = `e2e-events-${uniqueSuffix()}`;
  const created = await request.post('/v1/connections', {
    headers: API_HEADERS,
    data: { connectorId: 'hubspot', ownerId, operations: ['genericContact::list'] },
  });
  expect(created.status()).toBe(201);
  const subscribed = await request.post('/v1/webhooks', {
    headers: connectionHeaders(ownerId),
    data: { events: ['genericContact::created', 'crmOpportunity::deleted'] },
  });
  expect(subscribed.status()).toBe(200);

  await logIn(page);
  await openSection(page, 'Webhooks');
  const group = page.getByRole('region', { name: `HubSpot · ${ownerId}` });
  const rows = group.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  const row = rows.filter({ hasText: 'genericContact::created' });
  await expect(row).toContainText('Global');
  await expect(row).toContainText('Active');
  await expect(rows.filter({ hasText: 'crmOpportunity::deleted' })).toContainText('Global');
  await expect(page.getByText('is routed to the connection by its account')).toBeVisible();

  const hooks = page.getByRole('region', { name: 'Global hook addresses (HubSpot)' });
  await expect(hooks).toContainText(/http:\/\/127\.0\.0\.1:3100\/v1\/hook\/[^/\s]+\/prod\/hubspot\/global\/main/);
  await expect(hooks).toContainText(/\/prod\/hubspot\/global\/cardView/);

  await group.getByRole('link', { name: ownerId }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'HubSpot connection' })).toBeVisible();
});

test('the Deliveries page lists deliveries or says there are none, and replays a time range after confirmation', async ({ page }) => {
  await logIn(page);
  await openSection(page, 'Deliveries');
  await expect(page.getByText(/\d+ deliver(y|ies) shown/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Deliveries, newest first' });
  await expect(page.getByRole('region', { name: 'No deliveries yet' }).or(table)).toBeVisible();

  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No failed deliveries.').or(table)).toBeVisible();

  // A range long before any run of this suite: nothing to replay, whatever else the database holds.
  const form = page.getByRole('form', { name: 'Replay a time range' });
  await form.getByLabel('From').fill('2001-01-01T00:00:00');
  await form.getByLabel('To').fill('2001-01-02T00:00:00');
  await form.getByRole('button', { name: 'Replay range…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replay these deliveries?' });
  await expect(dialog).toContainText('including those that succeeded');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await form.getByRole('button', { name: 'Replay range…' }).click();
  await dialog.getByRole('button', { name: 'Replay deliveries' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByRole('status')).toContainText('0 deliveries created from');

  await form.getByLabel('From').fill('2001-01-03T00:00:00');
  await form.getByRole('button', { name: 'Replay range…' }).click();
  await expect(form.getByRole('alert')).toContainText('The start must be before the end.');
});
