import { randomBytes } from 'node:crypto';
import { json } from '../sandbox-kit/http';
import type { SandboxFake } from '../sandbox-kit/types';
import { gong } from './declaration';

// Gong's error body: { requestId, errors: [message] }.
const gongError = (status: number, message: string) =>
  json({ requestId: BigInt(`0x${randomBytes(8).toString('hex')}`).toString(36), errors: [message] }, status);

export const gongSandbox: SandboxFake = {
  connector: gong,
  oauth: {
    accessTokenTtl: 86_400,
    issuesRefreshTokens: true,
    tokenResponse: (issued) => ({
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
      scope: issued.scopes.join(' '),
      token_type: 'bearer',
      expires_in: issued.expiresIn,
      // Each Gong customer has its own API host; here the fake itself.
      api_base_url_for_customer: issued.base,
    }),
  },
  // Gong has no identity endpoint: the token response's api_base_url_for_customer is the identity.
  routes: [],
  unauthorized: (problem) => gongError(401, problem === 'expired' ? 'Access token expired' : 'Unauthorized'),
};
