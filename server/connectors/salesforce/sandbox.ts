import { createHmac } from 'node:crypto';
import { sandboxClientCredentials } from '../sandbox-credentials';
import type { SandboxAccount } from '../sandbox-kit/accounts';
import { json } from '../sandbox-kit/http';
import { bearerRoute, type SandboxFake } from '../sandbox-kit/types';
import { salesforce } from './declaration';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/**
 * An 18-character Salesforce id: key prefix (`00D` org, `005` user), pod, reserved `0`, record part, then the
 * case-safe suffix (one character per 5-character chunk, a bit set for each upper-case letter).
 */
function salesforceId(prefix: string, account: SandboxAccount, label: string): string {
  const id15 = `${prefix}${account.chars(`${label} pod`, 2, '0123456789abcdefghijklmnopqrstuvwxyz')}0${account.chars(label, 9, BASE62)}`;
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let i = 0; i < 5; i += 1) if (/[A-Z]/.test(id15.charAt(chunk * 5 + i))) bits |= 1 << i;
    suffix += SUFFIX_ALPHABET.charAt(bits);
  }
  return id15 + suffix;
}

const orgId = (account: SandboxAccount) => salesforceId('00D', account, 'organization');
const userId = (account: SandboxAccount) => salesforceId('005', account, 'user');
// Salesforce accepts 15- and 18-character ids alike.
const sameId = (given: string, id: string) => given === id || given === id.slice(0, 15);

// Salesforce's REST error body is a JSON array of { message, errorCode }.
const salesforceError = (status: number, errorCode: string, message: string) => json([{ message, errorCode }], status);

export const salesforceSandbox: SandboxFake = {
  connector: salesforce,
  oauth: {
    // Salesforce states no lifetime; a session ends after the org's timeout (2 hours by default).
    accessTokenTtl: 7200,
    issuesRefreshTokens: (scopes) => scopes.includes('refresh_token') || scopes.includes('offline_access'),
    tokenResponse: (issued) => {
      const id = `${issued.base}/id/${orgId(issued.account)}/${userId(issued.account)}`;
      const issuedAt = String(issued.issuedAt.getTime());
      // `signature`: base64 HMAC-SHA256 of id + issued_at, keyed with the client secret.
      const signature = createHmac('sha256', sandboxClientCredentials(salesforce.id).clientSecret)
        .update(id + issuedAt)
        .digest('base64');
      return {
        access_token: issued.accessToken,
        // A refresh answer carries no refresh_token: the one the client holds stays valid.
        ...(issued.grantType === 'authorization_code' && issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
        signature,
        scope: issued.scopes.join(' '),
        instance_url: issued.base,
        id,
        token_type: 'Bearer',
        issued_at: issuedAt,
      };
    },
  },
  routes: [
    // The identity URL of the token response (`id`).
    bearerRoute('GET', '/id/:orgId/:userId', ({ params, grant, base }) => {
      const { account } = grant;
      const org = orgId(account);
      const user = userId(account);
      if (!sameId(params.orgId ?? '', org) || !sameId(params.userId ?? '', user)) {
        return salesforceError(404, 'NOT_FOUND', 'The requested resource does not exist');
      }
      return json({
        id: `${base}/id/${org}/${user}`,
        asserted_user: true,
        user_id: user,
        organization_id: org,
        username: account.email,
        nick_name: account.email.split('@')[0],
        display_name: account.userName,
        email: account.email,
        email_verified: true,
        first_name: account.firstName,
        last_name: account.lastName,
        timezone: 'Etc/UTC',
        active: true,
        user_type: 'STANDARD',
        language: 'en_US',
        locale: 'en_US',
        utcOffset: 0,
        urls: {
          rest: `${base}/services/data/v{version}/`,
          sobjects: `${base}/services/data/v{version}/sobjects/`,
          query: `${base}/services/data/v{version}/query/`,
          profile: `${base}/${user}`,
        },
        is_app_installed: true,
        last_modified_date: account.createdAt.toISOString().replace('Z', '+0000'),
      });
    }),
  ],
  unauthorized: () => salesforceError(401, 'INVALID_SESSION_ID', 'Session expired or invalid'),
};
