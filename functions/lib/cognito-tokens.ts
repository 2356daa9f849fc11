import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { env } from './env';

/**
 * Verifies a Cognito access token the way API Gateway's JWT authorizer does for the HTTP API, for
 * the callers that get a raw token instead (the realtime authorizer): the pool's signature, issuer
 * and expiry, `token_use` access and the SPA's app client. The pool's key set is fetched once per
 * warm function and refreshed by jose when an unknown key id appears.
 *
 * The issuer is the pool's: `https://cognito-idp.<region>.amazonaws.com/<pool id>` on AWS, and on the
 * local cloud the local Cognito's (its COGNITO_ENDPOINT plus the pool id), which serves the same
 * `/.well-known/jwks.json` beneath it.
 */
let keySet: { issuer: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

function poolIssuer(): string {
  const { USER_POOL_ID, COGNITO_ENDPOINT, AWS_REGION } = env();
  if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not set for this function');
  return COGNITO_ENDPOINT ? `${COGNITO_ENDPOINT.replace(/\/+$/, '')}/${USER_POOL_ID}` : `https://cognito-idp.${AWS_REGION}.amazonaws.com/${USER_POOL_ID}`;
}

/** The token's claims, or null for anything that is not a live access token of our app client. */
export async function verifyAccessToken(token: string): Promise<JWTPayload | null> {
  const clientId = env().USER_POOL_CLIENT_ID;
  if (!clientId) throw new Error('USER_POOL_CLIENT_ID is not set for this function');
  const issuer = poolIssuer();
  if (keySet?.issuer !== issuer) keySet = { issuer, keys: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)) };
  try {
    const { payload } = await jwtVerify(token.replace(/^Bearer\s+/i, ''), keySet.keys, { issuer });
    if (payload.token_use !== 'access' || payload.client_id !== clientId || typeof payload.sub !== 'string' || !payload.sub) return null;
    return payload;
  } catch {
    return null;
  }
}
