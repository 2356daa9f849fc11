import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '@shared/platforms';
import { oauthStateId, oauthStateKey, userPk } from './keys';
import { db, deleteIf, tableName } from './table';
import { TABLE_DESIGN } from './table-design';

/**
 * One-time OAuth states (access pattern 8 and 9):
 *  - pointer: pk = sk = OAUTHSTATE#<state>: who started the connect, for which platform, the PKCE
 *    verifier. The callback finds it by the state alone (no user is signed in on a redirect).
 *  - marker:  pk = USER#<id>, sk = OAUTHSTATE#<state>: lets account deletion find the pointers of
 *    the user's pending connects (pattern 2 → delete each pointer by key).
 * Both carry `expiresAt` (epoch seconds) so DynamoDB's TTL sweeps abandoned ones; TTL deletion is
 * lazy, so the callback checks the expiry itself.
 */
const TTL = TABLE_DESIGN.ttlAttribute;

export interface OAuthState {
  state: string;
  /** The person who started the connect (their browser holds the binding cookie). */
  userId: string;
  /** The workspace the connections go into; absent on a state saved before workspaces (then the person's first). */
  workspaceId?: string;
  platform: Platform;
  codeVerifier?: string;
  /** SHA-256 (hex) of the browser-binding cookie set by the initiate response (RFC 9700 §4.7). */
  bindingHash?: string;
  createdAt: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * A connect started from a client connect link (docs/workspaces.md#client-connect-links): nobody is
 * signed in, so it is bound to the link (the callback checks the link still works) and to the
 * browser. It has no marker: no person's account owns it, and it lives 10 minutes.
 */
export interface LinkOAuthState {
  state: string;
  workspaceId: string;
  link: { id: string; clientId: string };
  platform: Platform;
  codeVerifier?: string;
  bindingHash: string;
  createdAt: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export async function saveLinkOAuthState(s: LinkOAuthState): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...oauthStateKey(s.state),
        type: 'OAuthState',
        workspaceId: s.workspaceId,
        linkId: s.link.id,
        clientId: s.link.clientId,
        platform: s.platform,
        codeVerifier: s.codeVerifier,
        bindingHash: s.bindingHash,
        createdAt: s.createdAt,
        [TTL]: s.expiresAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function saveOAuthState(s: OAuthState): Promise<void> {
  // Marker first: a pointer never exists without the marker that lets deletion find it.
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: userPk(s.userId), sk: oauthStateId(s.state), type: 'OAuthStateMarker', platform: s.platform, createdAt: s.createdAt, [TTL]: s.expiresAt },
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...oauthStateKey(s.state),
        type: 'OAuthState',
        userId: s.userId,
        workspaceId: s.workspaceId,
        platform: s.platform,
        codeVerifier: s.codeVerifier,
        bindingHash: s.bindingHash,
        createdAt: s.createdAt,
        [TTL]: s.expiresAt,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * What a pending state holds, without spending it: for a connect with a step between the initiate
 * and the platform's redirect (Bluesky asks for the handle first); the redirect's callback takes it.
 */
export async function peekOAuthState(state: string): Promise<Pick<OAuthState, 'platform' | 'bindingHash' | 'expiresAt'> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: oauthStateKey(state), ConsistentRead: true }));
  if (!Item) return undefined;
  return {
    platform: Item.platform as Platform,
    ...(typeof Item.bindingHash === 'string' ? { bindingHash: Item.bindingHash } : {}),
    expiresAt: Number(Item[TTL]),
  };
}

/**
 * Deletes the state and returns what it held, or undefined when there was none (unknown, or
 * already used: the conditional delete lets exactly one callback have it). Expiry and platform are
 * the caller's to check; the state is spent either way.
 */
export async function takeOAuthState(state: string): Promise<OAuthState | LinkOAuthState | undefined> {
  const item = await deleteIf({ Key: oauthStateKey(state), ConditionExpression: 'attribute_exists(pk)' });
  if (!item) return undefined;
  if (typeof item.linkId === 'string') {
    return {
      state,
      workspaceId: String(item.workspaceId),
      link: { id: item.linkId, clientId: String(item.clientId) },
      platform: item.platform as Platform,
      ...(typeof item.codeVerifier === 'string' ? { codeVerifier: item.codeVerifier } : {}),
      bindingHash: String(item.bindingHash),
      createdAt: String(item.createdAt),
      expiresAt: Number(item[TTL]),
    };
  }
  const userId = String(item.userId);
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: userPk(userId), sk: oauthStateId(state) } }));
  return {
    state,
    userId,
    ...(typeof item.workspaceId === 'string' ? { workspaceId: item.workspaceId } : {}),
    platform: item.platform as Platform,
    ...(typeof item.codeVerifier === 'string' ? { codeVerifier: item.codeVerifier } : {}),
    ...(typeof item.bindingHash === 'string' ? { bindingHash: item.bindingHash } : {}),
    createdAt: String(item.createdAt),
    expiresAt: Number(item[TTL]),
  };
}
