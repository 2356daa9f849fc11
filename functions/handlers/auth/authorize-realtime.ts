import type { AppSyncAuthorizerEvent, AppSyncAuthorizerResult } from 'aws-lambda';
import type { RealtimeResolverContext } from '@shared/realtime';
import { authorizeRealtime } from '../../domain/sessions';
import { logger } from '../../lib/logger';

/**
 * The realtime API's Lambda authorizer (AppSync AWS_LAMBDA mode): admits a live access token of an
 * open session and hands the subscription resolver its user and session start. Never cached
 * (`ttlOverride: 0`): a cached yes would let a revoked token subscribe for the cache's lifetime.
 * A failure to read the gate refuses (the client retries), never admits.
 */
export async function handler(event: AppSyncAuthorizerEvent): Promise<AppSyncAuthorizerResult<RealtimeResolverContext>> {
  try {
    const context = await authorizeRealtime(event.authorizationToken);
    if (!context) return { isAuthorized: false, ttlOverride: 0 };
    return { isAuthorized: true, resolverContext: context, ttlOverride: 0 };
  } catch (error) {
    logger.error('Realtime authorization failed', { error: error as Error });
    return { isAuthorized: false, ttlOverride: 0 };
  }
}
