import { randomUUID } from 'node:crypto';
import { sandboxClientCredentials } from '../sandbox-credentials';
import type { OAuthDeclaration } from '../types';
import { defaultSandboxEmail, isEmail } from './accounts';
import { authorizeErrorPage, consentPage } from './consent-page';
import { randomToken, readForm, redirect, safeEqual } from './http';
import { sweepExpired, vendorState } from './state';
import type { FakeOAuth, SandboxFake } from './types';

export type OAuthFake = SandboxFake & { oauth: FakeOAuth; connector: { auth: OAuthDeclaration } };

const CODE_TTL_MS = 10 * 60_000;
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge?: string;
  loginHint?: string;
  prompt?: string;
  /** The query as received, carried through the consent form. */
  params: URLSearchParams;
}

type Parsed = { ok: true; ask: AuthorizeRequest } | { ok: false; response: Response };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.hash;
  } catch {
    return false;
  }
}

/** Sends the browser back with an OAuth error (RFC 6749 §4.1.2.1); only once client and redirect_uri are trusted. */
function errorRedirect(redirectUri: string, state: string | null, error: string, description: string): Response {
  const target = new URL(redirectUri);
  target.searchParams.set('error', error);
  target.searchParams.set('error_description', description);
  if (state) target.searchParams.set('state', state);
  return redirect(target.toString());
}

function parseAuthorize(fake: OAuthFake, params: URLSearchParams): Parsed {
  const { connector } = fake;
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  const refuse = (message: string): Parsed => ({ ok: false, response: authorizeErrorPage(connector.name, message) });
  // An unknown client or a bad redirect_uri must never redirect: the target cannot be trusted.
  if (!safeEqual(clientId, sandboxClientCredentials(connector.id).clientId)) {
    return refuse(`Unknown client_id "${clientId}". The sandbox ${connector.name} accepts only its sandbox client.`);
  }
  if (!isHttpUrl(redirectUri)) return refuse('redirect_uri must be an absolute http(s) URL without a fragment.');
  const state = params.get('state');
  const back = (error: string, description: string): Parsed => ({
    ok: false,
    response: errorRedirect(redirectUri, state, error, description),
  });
  const responseType = params.get('response_type');
  if (!responseType) return back('invalid_request', 'response_type is required');
  if (responseType !== 'code') return back('unsupported_response_type', 'only response_type=code is supported');
  if (!state) return back('invalid_request', 'state is required');
  const codeChallenge = params.get('code_challenge') ?? undefined;
  const method = params.get('code_challenge_method');
  if (connector.auth.pkce && !codeChallenge) return back('invalid_request', 'code_challenge is required (PKCE with S256)');
  // A challenge without a method means `plain` (RFC 7636 §4.3); RFC 9700 §2.1.1 asks for S256, so plain is refused.
  if (codeChallenge && method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256');
  if (codeChallenge && !CHALLENGE_PATTERN.test(codeChallenge))
    return back('invalid_request', 'code_challenge is not a base64url S256 value');
  const requested = (params.get('scope') ?? '').split(connector.auth.scopeSeparator).map((scope) => scope.trim());
  const scopes = [...new Set(requested)].filter(Boolean);
  const loginHint = params.get('login_hint');
  const prompt = params.get('prompt');
  return {
    ok: true,
    ask: {
      clientId,
      redirectUri,
      state,
      scopes,
      ...(codeChallenge ? { codeChallenge } : {}),
      ...(loginHint ? { loginHint } : {}),
      ...(prompt ? { prompt } : {}),
      params,
    },
  };
}

function grantedScopes(fake: OAuthFake, ask: AuthorizeRequest): string[] {
  return ask.scopes.length > 0 ? ask.scopes : [...(fake.oauth.defaultScopes ?? [])];
}

/** Approval: a single-use code bound to the client, redirect_uri, PKCE challenge, scopes and account. */
function approve(fake: OAuthFake, ask: AuthorizeRequest, email: string): Response {
  const state = vendorState(fake.connector.id);
  const now = Date.now();
  sweepExpired(state, now);
  const code = randomToken();
  state.codes.set(code, {
    clientId: ask.clientId,
    redirectUri: ask.redirectUri,
    ...(ask.codeChallenge ? { codeChallenge: ask.codeChallenge } : {}),
    scopes: grantedScopes(fake, ask),
    email: email.trim().toLowerCase(),
    authorizationId: randomUUID(),
    approvedAt: now,
    expiresAt: now + CODE_TTL_MS,
    used: false,
  });
  const target = new URL(ask.redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('state', ask.state);
  return redirect(target.toString());
}

function showConsent(fake: OAuthFake, ask: AuthorizeRequest, action: string, email: string, error?: string): Response {
  return consentPage(
    {
      vendorName: fake.connector.name,
      logo: fake.connector.logo,
      action,
      hidden: ask.params,
      scopes: grantedScopes(fake, ask),
      email,
      clientId: ask.clientId,
      redirectHost: new URL(ask.redirectUri).host,
      ...(error ? { error } : {}),
    },
    error ? 400 : 200,
  );
}

// GET on the authorize path: the consent page, or an immediate approval with prompt=none (for scripts).
export function authorizeGet(fake: OAuthFake, request: Request): Response {
  const url = new URL(request.url);
  const parsed = parseAuthorize(fake, url.searchParams);
  if (!parsed.ok) return parsed.response;
  const { ask } = parsed;
  const email = ask.loginHint ?? defaultSandboxEmail(fake.connector.id);
  if (ask.prompt === 'none') {
    if (!isEmail(email)) return errorRedirect(ask.redirectUri, ask.state, 'invalid_request', 'login_hint must be an e-mail address');
    return approve(fake, ask, email);
  }
  return showConsent(fake, ask, url.pathname, email);
}

// POST on the authorize path: the consent form's Approve or Deny.
export async function authorizePost(fake: OAuthFake, request: Request): Promise<Response> {
  const form = await readForm(request);
  if (!form) return authorizeErrorPage(fake.connector.name, 'The consent form must be posted as application/x-www-form-urlencoded.');
  const params = new URLSearchParams(form);
  params.delete('email');
  params.delete('decision');
  const parsed = parseAuthorize(fake, params);
  if (!parsed.ok) return parsed.response;
  const { ask } = parsed;
  const decision = form.get('decision');
  if (decision === 'deny') return errorRedirect(ask.redirectUri, ask.state, 'access_denied', 'The user denied the authorization request');
  if (decision !== 'approve') return authorizeErrorPage(fake.connector.name, 'Press Approve or Deny.');
  const email = (form.get('email') ?? '').trim();
  if (!isEmail(email)) {
    return showConsent(fake, ask, new URL(request.url).pathname, email, 'Enter the e-mail address of the sandbox account to sign in as.');
  }
  return approve(fake, ask, email);
}
