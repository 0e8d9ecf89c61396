import { expect } from 'vitest';
import { createConnection, json } from './api';
import type { TestService } from './harness';

/** Follows one redirect by hand so each hop can be asserted. */
export async function get(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, redirect: 'manual' });
}

export function location(response: Response): URL {
  expect([302, 303]).toContain(response.status);
  const target = response.headers.get('location');
  expect(target).toBeTruthy();
  return new URL(target ?? '', response.url);
}

interface ConsentForm {
  action: string;
  fields: URLSearchParams;
}

/** Reads the consent page's form and the value of the button labelled `Approve` or `Deny`, as a browser would submit it. */
export function consentForm(html: string, pageUrl: string, button: 'Approve' | 'Deny', email?: string): ConsentForm {
  const form = /<form[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  expect(form, 'the consent page has a form').toBeTruthy();
  const formTag = /<form([^>]*)>/i.exec(html)?.[1] ?? '';
  const action = /action="([^"]*)"/i.exec(formTag)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const fields = new URLSearchParams();
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const input of (form?.[1] ?? '').matchAll(/<input([^>]*)>/gi)) {
    const attributes = input[1] ?? '';
    const name = /name="([^"]*)"/i.exec(attributes)?.[1];
    const value = /value="([^"]*)"/i.exec(attributes)?.[1] ?? '';
    if (name) fields.set(unescape(name), unescape(value));
  }
  if (email) {
    const emailField = /<input([^>]*type="email"[^>]*)>/i.exec(form?.[1] ?? '')?.[1];
    const name = emailField ? /name="([^"]*)"/i.exec(emailField)?.[1] : undefined;
    if (name) fields.set(name, email);
  }
  const buttons = [...(form?.[1] ?? '').matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/gi)];
  const chosen = buttons.find((candidate) => (candidate[2] ?? '').includes(button));
  expect(chosen, `the consent page has a ${button} button`).toBeTruthy();
  const buttonName = /name="([^"]*)"/i.exec(chosen?.[1] ?? '')?.[1];
  const buttonValue = /value="([^"]*)"/i.exec(chosen?.[1] ?? '')?.[1] ?? '';
  if (buttonName) fields.set(buttonName, buttonValue);
  return { action: new URL(action || pageUrl, pageUrl).toString(), fields };
}

export interface AuthorizationView {
  object: string;
  connectorId: string;
  ownerId: string;
  status: string;
  authorizationUrl?: string;
}

export async function startAuthorization(service: TestService, connectorId: string, ownerId: string, query = '', body: unknown = {}) {
  const response = await service.call(
    `/v1/connections/${connectorId}/${encodeURIComponent(ownerId)}/authorization${query}`,
    json('POST', body),
  );
  return response;
}

/**
 * The browser's part of OAuth against a sandbox fake: open the vendor URL, press Approve or Deny, follow the
 * redirect back to our callback. Returns where the callback finally sends the browser.
 */
export async function completeInBrowser(authorizationUrl: string, button: 'Approve' | 'Deny' = 'Approve', email?: string): Promise<URL> {
  const page = await get(authorizationUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = consentForm(html, authorizationUrl, button, email);
  const decision = await get(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.fields,
  });
  const callback = location(decision);
  expect(callback.pathname).toBe('/v1/oauth/callback');
  return location(await get(callback.toString()));
}

/**
 * Creates a connection and authorizes it through the sandbox fake with `prompt=none` (the scripted approval);
 * `loginHint` picks the sandbox account, so connections can live in separate vendor accounts.
 */
export async function authorizeInSandbox(
  service: TestService,
  connectorId: string,
  ownerId: string,
  options: { operations?: string[]; loginHint?: string } = {},
): Promise<void> {
  await createConnection(service, connectorId, ownerId, options.operations);
  const authorization = (await (await startAuthorization(service, connectorId, ownerId)).json()) as AuthorizationView;
  const url = new URL(authorization.authorizationUrl ?? '');
  url.searchParams.set('prompt', 'none');
  if (options.loginHint) url.searchParams.set('login_hint', options.loginHint);
  expect(location(await get(location(await get(url.toString())).toString())).searchParams.get('status')).toBe('authorized');
}
