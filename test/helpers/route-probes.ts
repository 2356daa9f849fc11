import { BlueskySignInBodySchema } from '@shared/bluesky';
import { ConnectionIdParamsSchema, OAuthCallbackQuerySchema, PlatformParamsSchema } from '@shared/accounts';
import { AnalyticsQuerySchema } from '@shared/analytics';
import { ApiKeyIdParamsSchema, CreateApiKeyBodySchema } from '@shared/api-keys';
import { CreateWebhookBodySchema, WebhookIdParamsSchema } from '@shared/webhooks';
import { ChangePasswordBodySchema } from '@shared/auth';
import {
  CheckoutBodySchema,
  CheckoutStatusQuerySchema,
  ClaimCheckoutBodySchema,
  CompleteSignupBodySchema,
  ConfirmSignupBodySchema,
  ManageSubscriptionBodySchema,
  PublicCheckoutBodySchema,
} from '@shared/billing';
import { ClientIdParamsSchema, CreateClientSchema, UpdateClientSchema } from '@shared/clients';
import { ConnectLinkParamsSchema, ConnectLinkPreviewQuerySchema, CreateConnectLinkBodySchema, StartConnectLinkBodySchema } from '@shared/connect-links';
import { ConfirmUploadBodySchema, PresignUploadBodySchema } from '@shared/media';
import { CreateReviewLinkBodySchema, ReviewDecisionBodySchema, ReviewLinkParamsSchema, ReviewPostsQuerySchema } from '@shared/review-links';
import { MediaFromUrlBodySchema } from '@shared/media-url';
import { NotificationIdParamsSchema } from '@shared/notifications';
import { LimitCheckBodySchema } from '@shared/platform-limits';
import { ApprovePostBodySchema, RequestChangesBodySchema, SubmitPostBodySchema, UpdateWorkspaceSettingsBodySchema } from '@shared/approvals';
import { CalendarQuerySchema, IdParamsSchema, ListPostsQuerySchema, PostCountsQuerySchema, RetryPostBodySchema, PublishDraftBodySchema } from '@shared/posts';
import { CreatePostBodySchema, PublishNowBodySchema, UpdatePostBodySchema } from '@shared/post-bodies';
import { ImportRequestSchema } from '@shared/import';
import { AvatarConfirmSchema, AvatarPresignSchema, UpdateProfileSchema } from '@shared/profile';
import { AddToQueueBodySchema } from '@shared/post-bodies';
import { MoveInQueueBodySchema, PutQueueScheduleBodySchema, QueueQuerySchema } from '@shared/queue';
import { SeriesDeleteQuerySchema, SeriesEditBodySchema, SeriesParamsSchema } from '@shared/recurrence';
import { InitialTimezoneSchema, UpdateSettingsSchema } from '@shared/settings';
import {
  AcceptInviteBodySchema,
  ChangeRoleBodySchema,
  CreateInviteBodySchema,
  CreateWorkspaceBodySchema,
  DeleteWorkspaceBodySchema,
  InviteIdParamsSchema,
  InvitePreviewQuerySchema,
  MemberIdParamsSchema,
  RenameWorkspaceBodySchema,
  TransferOwnershipBodySchema,
} from '@shared/workspaces';
import { ulid } from 'ulid';
import { vi } from 'vitest';
import type * as z from 'zod';
import { addNotification } from '../../functions/data/notifications';
import { putMember } from '../../functions/data/workspaces';
import { ROUTES } from '../../functions/routes';
import { productOf, aPaidCheckout } from './billing';
import { initiate } from './connect';
import { aConfirmedUser, cloud } from './given';
import { aMediaKey, anObjectStoredDirectly, anUploadedImage, A_TINY_PNG } from './media';
import { aConnectedAccount, inDays } from './posts';
import { anInvitation } from './workspaces';
import { itemsOfUser, itemsOfWorkspace } from './then';
import { weCallTheApi } from './when';

/**
 * The probe map of the generated suites: for every route of functions/routes.ts, which of
 * the owner's ids it takes, a well-formed body/query/path with those ids, the zod schemas that
 * judge them, and what another user may be answered. The isolation suite sends the well-formed
 * request as another user; the malformed-input suite sends the owner's own request broken in
 * every way it can be. Both fail when a route has no entry here (or an entry outlives its route),
 * so a new route cannot be forgotten.
 */

/** What the owner (user A) has, for others to try to reach. */
export interface ProbeFixture {
  owner: { userId: string; email: string; accessToken: string };
  ids: {
    account: string;
    post: string;
    target: string;
    media: string;
    client: string;
    notification: string;
    subscription: string;
    checkoutSession: string;
    /** An object in A's upload prefix, never confirmed. */
    uploadKey: string;
    /** An object under A's avatar key. */
    avatarKey: string;
    /** A connect A started (the platform would send the browser back with it). */
    oauthState: string;
    /** A member of A's workspace (an Editor), and an invitation pending there with its link's token. */
    member: string;
    invite: string;
    inviteToken: string;
    /** A connect link of A's client. */
    connectLink: string;
    /** A review link of A's client. */
    reviewLink: string;
    /** An API key of A's workspace (Editor role): its id, and the key itself. */
    apiKey: string;
    apiKeySecret: string;
    /** A webhook endpoint of A's workspace: its id, and its signing secret. */
    webhook: string;
    webhookSecret: string;
  };
  /** Every id and text of A that must never appear in another user's answer. */
  secrets: string[];
}

type Schema = z.ZodType;

export interface RouteProbe {
  /** Path parameter values and the schema the handler parses them with. */
  params?: { values: (f: ProbeFixture) => Record<string, string>; schema: Schema };
  /** A well-formed body that uses A's ids, and the schema the handler parses it with. */
  body?: { sample: (f: ProbeFixture) => Record<string, unknown>; schema: Schema };
  /** A well-formed query, and the schema the handler parses it with. */
  query?: { sample: (f: ProbeFixture) => Record<string, string>; schema: Schema };
  /** The body is read raw (signed) rather than parsed as JSON by the handler factory. */
  rawBody?: true;
  /** What user B may be answered when sending A's request. */
  isolation: readonly number[];
  /** Statuses beside 4xx a malformed request may get (the OAuth callback always redirects). */
  malformedAlso?: readonly number[];
  /** Why the route gets no malformed probe (no input to malform, and it ends the caller's session). */
  noInput?: string;
  /** Runs after every other route in the isolation walk (it signs the caller out or deletes them). */
  last?: true;
  /**
   * Items of A (by sort-key prefix) another user's request may remove but never add or change: a
   * one-time secret of A's that was presented is spent, whoever presented it.
   */
  maySpend?: string;
}

const ulidOf = (f: ProbeFixture, name: keyof ProbeFixture['ids']) => ({ id: f.ids[name] });
const A_FUTURE = inDays(3);

export const ROUTE_PROBES: Record<string, RouteProbe> = {
  'GET /api/plans': { isolation: [200] },
  'GET /v1/openapi.json': { isolation: [200] },
  'GET /api/me': { isolation: [200] },
  'GET /api/workspaces': { isolation: [200] },
  'POST /api/workspaces': { body: { sample: () => ({ name: 'Probe workspace' }), schema: CreateWorkspaceBodySchema }, isolation: [201] },
  // B renames, lists and invites in B's own workspace (A's id is in no header here); B is on Free: one seat, taken.
  'PATCH /api/workspace': { body: { sample: () => ({ name: 'Renamed by the caller' }), schema: RenameWorkspaceBodySchema }, isolation: [200] },
  'GET /api/workspace/members': { isolation: [200] },
  // B lists and makes keys in B's own workspace (A's id is in no header here); A's key is not B's to revoke.
  'GET /api/workspace/api-keys': { isolation: [200] },
  'POST /api/workspace/api-keys': { body: { sample: () => ({ name: 'Probe key', role: 'editor' }), schema: CreateApiKeyBodySchema }, isolation: [201] },
  'DELETE /api/workspace/api-keys/{id}': { params: { values: (f) => ({ id: f.ids.apiKey }), schema: ApiKeyIdParamsSchema }, isolation: [404] },
  // B lists and adds endpoints in B's own workspace; A's endpoints are not found from B's.
  'GET /api/workspace/webhooks': { isolation: [200] },
  'POST /api/workspace/webhooks': {
    body: {
      sample: () => ({ url: `${cloud().env.LOCAL_PUBLIC_WEB_ORIGIN}/webhook-receiver/probe`, events: ['post.failed'] }),
      schema: CreateWebhookBodySchema,
    },
    isolation: [201],
  },
  'DELETE /api/workspace/webhooks/{id}': { params: { values: (f) => ({ id: f.ids.webhook }), schema: WebhookIdParamsSchema }, isolation: [404] },
  'POST /api/workspace/webhooks/{id}/enable': { params: { values: (f) => ({ id: f.ids.webhook }), schema: WebhookIdParamsSchema }, isolation: [404] },
  'POST /api/workspace/webhooks/{id}/rotate-secret': { params: { values: (f) => ({ id: f.ids.webhook }), schema: WebhookIdParamsSchema }, isolation: [404] },
  'POST /api/workspace/webhooks/{id}/test': { params: { values: (f) => ({ id: f.ids.webhook }), schema: WebhookIdParamsSchema }, isolation: [404] },
  'GET /api/workspace/webhooks/{id}/deliveries': { params: { values: (f) => ({ id: f.ids.webhook }), schema: WebhookIdParamsSchema }, isolation: [404] },
  'POST /api/workspace/invites': {
    body: { sample: () => ({ email: 'probe-invitee@example.com', role: 'editor' }), schema: CreateInviteBodySchema },
    isolation: [403],
  },
  'DELETE /api/workspace/invites/{id}': { params: { values: (f) => ({ id: f.ids.invite }), schema: InviteIdParamsSchema }, isolation: [404] },
  'PATCH /api/workspace/members/{userId}': {
    params: { values: (f) => ({ userId: f.ids.member }), schema: MemberIdParamsSchema },
    body: { sample: () => ({ role: 'contributor' }), schema: ChangeRoleBodySchema },
    isolation: [404],
  },
  'DELETE /api/workspace/members/{userId}': { params: { values: (f) => ({ userId: f.ids.member }), schema: MemberIdParamsSchema }, isolation: [404] },
  // B hands B's own workspace to A's member, who is no member of it: refused. Last: A's Owner, admitted, does hand A's workspace over.
  'POST /api/workspace/transfer-ownership': {
    body: { sample: (f) => ({ user_id: f.ids.member }), schema: TransferOwnershipBodySchema },
    isolation: [404],
    last: true,
  },
  // B's own workspace here is B's first one, which only account deletion removes (as A's is for A).
  'DELETE /api/workspace': { body: { sample: () => ({ confirm_name: 'My workspace' }), schema: DeleteWorkspaceBodySchema }, isolation: [409] },
  // B reads and changes the setting of B's own workspace (A's id is in no header here).
  'GET /api/workspace/settings': { isolation: [200] },
  'PATCH /api/workspace/settings': { body: { sample: () => ({ posts_need_approval: true }), schema: UpdateWorkspaceSettingsBodySchema }, isolation: [200] },
  // B leaves B's own workspace, of which B is the Owner: refused.
  'POST /api/workspace/leave': { isolation: [409], noInput: 'takes no input (the caller leaves the workspace)', last: true },
  // The link's token is its bearer's key: whoever holds it sees what it invites to. B holds none of A's, so B's is made up.
  'GET /api/invites/preview': { query: { sample: () => ({ token: 'x'.repeat(43) }), schema: InvitePreviewQuerySchema }, isolation: [404] },
  // B holding A's link still cannot join: it names another e-mail address, and the link stays unspent.
  'POST /api/invites/accept': { body: { sample: (f) => ({ token: f.ids.inviteToken }), schema: AcceptInviteBodySchema }, isolation: [403] },
  // A's client is not in B's workspace.
  'POST /api/clients/{id}/connect-links': {
    params: { values: (f) => ulidOf(f, 'client'), schema: ClientIdParamsSchema },
    body: { sample: () => ({ platforms: ['facebook'], expires_in_days: 3 }), schema: CreateConnectLinkBodySchema },
    isolation: [404],
  },
  'GET /api/clients/{id}/connect-links': { params: { values: (f) => ulidOf(f, 'client'), schema: ClientIdParamsSchema }, isolation: [404] },
  'DELETE /api/clients/{id}/connect-links/{linkId}': {
    params: { values: (f) => ({ id: f.ids.client, linkId: f.ids.connectLink }), schema: ConnectLinkParamsSchema },
    isolation: [404],
  },
  // A connect link's token is its bearer's key, like an invitation's: B holds none of A's, so B's is made up.
  'GET /api/connect-links/preview': { query: { sample: () => ({ token: 'x'.repeat(43) }), schema: ConnectLinkPreviewQuerySchema }, isolation: [404] },
  'POST /api/connect-links/start': {
    body: { sample: () => ({ token: 'x'.repeat(43), platform: 'facebook' }), schema: StartConnectLinkBodySchema },
    isolation: [404],
  },
  // A's client is not in B's workspace.
  'POST /api/clients/{id}/review-links': {
    params: { values: (f) => ulidOf(f, 'client'), schema: ClientIdParamsSchema },
    body: { sample: () => ({ expires_in_days: 3 }), schema: CreateReviewLinkBodySchema },
    isolation: [404],
  },
  'GET /api/clients/{id}/review-links': { params: { values: (f) => ulidOf(f, 'client'), schema: ClientIdParamsSchema }, isolation: [404] },
  'DELETE /api/clients/{id}/review-links/{linkId}': {
    params: { values: (f) => ({ id: f.ids.client, linkId: f.ids.reviewLink }), schema: ReviewLinkParamsSchema },
    isolation: [404],
  },
  // A review link's token is its bearer's key: B holds none of A's, so B's is made up, and A's post stays out of reach.
  'GET /api/review-links/posts': { query: { sample: () => ({ token: 'x'.repeat(43) }), schema: ReviewPostsQuerySchema }, isolation: [404] },
  'POST /api/review-links/decisions': {
    body: { sample: (f) => ({ token: 'x'.repeat(43), post_id: f.ids.post, version: 1, decision: 'approved' }), schema: ReviewDecisionBodySchema },
    isolation: [404],
  },
  'PATCH /api/settings': {
    body: { sample: () => ({ timezone: 'Europe/Paris', mode: 'creator', push_opt_in: false }), schema: UpdateSettingsSchema },
    isolation: [200],
  },
  'PUT /api/settings/initial-timezone': { body: { sample: () => ({ timezone: 'Europe/Paris' }), schema: InitialTimezoneSchema }, isolation: [200, 204, 409] },
  'GET /api/notifications': { isolation: [200] },
  'POST /api/notifications/read-all': { isolation: [200, 204], noInput: 'takes no input (marks all of the caller’s notifications read)' },
  'POST /api/notifications/{id}/read': { params: { values: (f) => ulidOf(f, 'notification'), schema: NotificationIdParamsSchema }, isolation: [404] },
  'GET /api/accounts': { isolation: [200] },
  'DELETE /api/accounts/{id}': { params: { values: (f) => ulidOf(f, 'account'), schema: ConnectionIdParamsSchema }, isolation: [404] },
  'GET /api/accounts/{id}/page-info': { params: { values: (f) => ulidOf(f, 'account'), schema: ConnectionIdParamsSchema }, isolation: [404] },
  'GET /api/accounts/{id}/tiktok-creator-info': { params: { values: (f) => ulidOf(f, 'account'), schema: ConnectionIdParamsSchema }, isolation: [404] },
  'GET /api/accounts/{id}/pinterest-boards': { params: { values: (f) => ulidOf(f, 'account'), schema: ConnectionIdParamsSchema }, isolation: [404] },
  'POST /api/accounts/{platform}/oauth/initiate': { params: { values: () => ({ platform: 'facebook' }), schema: PlatformParamsSchema }, isolation: [200] },
  'GET /api/platforms': { isolation: [200] },
  'GET /api/usage': { isolation: [200] },
  // The owner is on Basic: a client report needs Pro (403); B, on Free, gets 403, or 404 for A's client on Pro.
  'GET /api/analytics': { query: { sample: (f) => ({ days: '30', client: f.ids.client }), schema: AnalyticsQuerySchema }, isolation: [403, 404] },
  'GET /api/analytics/posts/{id}': { params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema }, isolation: [403, 404] },
  'GET /api/analytics/export': { query: { sample: () => ({ days: '30' }), schema: AnalyticsQuerySchema }, isolation: [200, 403] },
  'POST /api/media/uploads': {
    body: { sample: () => ({ file_name: 'photo.png', file_type: 'image/png', file_size: 68 }), schema: PresignUploadBodySchema },
    isolation: [200],
  },
  'POST /api/media': { body: { sample: (f) => ({ key: f.ids.uploadKey }), schema: ConfirmUploadBodySchema }, isolation: [400] },
  // A's stored file through the local S3's own address: a loopback host, refused before any request.
  'POST /api/media/from-url': {
    body: {
      sample: (f) => ({ url: `https://localhost:${new URL(cloud().env.S3_ENDPOINT!).port}/${cloud().env.MEDIA_BUCKET}/${f.ids.uploadKey}` }),
      schema: MediaFromUrlBodySchema,
    },
    isolation: [400],
  },
  'DELETE /api/media/{id}': { params: { values: (f) => ulidOf(f, 'media'), schema: IdParamsSchema }, isolation: [404] },
  'POST /api/posts': {
    body: {
      sample: (f) => ({
        title: 'Probe',
        scheduled_at: A_FUTURE,
        platforms: [{ platform: 'facebook', social_account_id: f.ids.account, caption: 'Probe caption' }],
        media_ids: [f.ids.media],
        client_id: f.ids.client,
      }),
      schema: CreatePostBodySchema,
    },
    isolation: [400],
  },
  // Bulk import: B's rows naming A's media and client fail, row by row (200), or the chunk is refused for B's own saved timezone (409).
  'POST /api/posts/import': {
    body: {
      sample: (f) => ({
        timezone: 'UTC',
        rows: [
          {
            row: 1,
            fields: {
              date: A_FUTURE.slice(0, 10),
              time: A_FUTURE.slice(11, 16),
              platforms: 'facebook',
              caption: 'Probe',
              media_ids: f.ids.media,
              client: f.ids.client,
            },
          },
        ],
      }),
      schema: ImportRequestSchema,
    },
    isolation: [200, 409],
  },
  'GET /api/posts': {
    query: { sample: (f) => ({ tab: 'drafts', limit: '20', client_id: f.ids.client }), schema: ListPostsQuerySchema },
    isolation: [200, 400, 404],
  },
  'GET /api/posts/counts': { query: { sample: (f) => ({ client_id: f.ids.client }), schema: PostCountsQuerySchema }, isolation: [200, 400, 404] },
  'GET /api/posts/calendar': {
    query: { sample: (f) => ({ from: inDays(0), to: inDays(30), client_id: f.ids.client }), schema: CalendarQuerySchema },
    isolation: [200, 400, 404],
  },
  'POST /api/posts/limit-check': {
    body: {
      sample: (f) => ({ scheduled_at: A_FUTURE, platforms: [{ platform: 'facebook', social_account_id: f.ids.account }], post_id: f.ids.post }),
      schema: LimitCheckBodySchema,
    },
    isolation: [200, 400, 404],
  },
  'GET /api/posts/{id}': { params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema }, isolation: [404] },
  'PATCH /api/posts/{id}': {
    params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema },
    body: { sample: (f) => ({ scheduled_at: null, platforms: [{ id: f.ids.target, caption: 'Hijacked' }] }), schema: UpdatePostBodySchema },
    isolation: [404],
  },
  'DELETE /api/posts/{id}': { params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema }, isolation: [404] },
  'POST /api/posts/{id}/retry': {
    params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema },
    body: { sample: () => ({ scheduled_at: A_FUTURE }), schema: RetryPostBodySchema },
    isolation: [404],
  },
  // Another user's account ids are refused before anything is written; another user's draft is not found.
  'POST /api/posts/publish-now': {
    body: {
      sample: (f) => ({ platforms: [{ platform: 'facebook', social_account_id: f.ids.account, caption: 'Probe caption' }], media_ids: [f.ids.media] }),
      schema: PublishNowBodySchema,
    },
    isolation: [400],
  },
  'POST /api/posts/{id}/publish': {
    params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema },
    body: { sample: () => ({ version: 1 }), schema: PublishDraftBodySchema },
    isolation: [404],
  },
  // Approvals: A's post is not B's, so B gets 404 and A's post keeps its status.
  'POST /api/posts/{id}/submit': {
    params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema },
    body: { sample: () => ({ version: 1, scheduled_at: A_FUTURE }), schema: SubmitPostBodySchema },
    isolation: [404],
  },
  'POST /api/posts/{id}/approve': {
    params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema },
    body: { sample: () => ({ version: 1 }), schema: ApprovePostBodySchema },
    isolation: [404],
  },
  'POST /api/posts/{id}/request-changes': {
    params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema },
    body: { sample: () => ({ version: 1, comment: 'Hijacked' }), schema: RequestChangesBodySchema },
    isolation: [404],
  },
  'GET /api/posts/{id}/activity': { params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema }, isolation: [404] },
  'POST /api/posts/{id}/duplicate': { params: { values: (f) => ulidOf(f, 'post'), schema: IdParamsSchema }, isolation: [404] },
  // Recurring posts: A's post id stands for the series id too; neither is B's, so B gets 404.
  'GET /api/series/{id}': { params: { values: (f) => ulidOf(f, 'post'), schema: SeriesParamsSchema }, isolation: [404] },
  'PATCH /api/series/{id}': {
    params: { values: (f) => ulidOf(f, 'post'), schema: SeriesParamsSchema },
    body: {
      sample: (f) => ({ scope: 'this', post_id: f.ids.post, post: { scheduled_at: null, platforms: [{ id: f.ids.target, caption: 'Hijacked' }] } }),
      schema: SeriesEditBodySchema,
    },
    isolation: [404],
  },
  'DELETE /api/series/{id}': {
    params: { values: (f) => ulidOf(f, 'post'), schema: SeriesParamsSchema },
    query: { sample: (f) => ({ scope: 'following', post_id: f.ids.post }), schema: SeriesDeleteQuerySchema },
    isolation: [404],
  },
  'GET /api/dashboard': { isolation: [200] },
  'GET /api/queue/schedules': { isolation: [200] },
  'PUT /api/queue/schedules/{id}': {
    params: { values: (f) => ulidOf(f, 'account'), schema: ConnectionIdParamsSchema },
    body: { sample: () => ({ slots: [{ day: 'mon', time: '09:00' }] }), schema: PutQueueScheduleBodySchema },
    isolation: [404],
  },
  'GET /api/queue': { query: { sample: () => ({ days: '14' }), schema: QueueQuerySchema }, isolation: [200] },
  'POST /api/queue/posts': {
    body: {
      sample: (f) => ({ platforms: [{ platform: 'facebook', social_account_id: f.ids.account, caption: 'Probe caption' }], media_ids: [f.ids.media] }),
      schema: AddToQueueBodySchema,
    },
    isolation: [400],
  },
  'PATCH /api/queue': { body: { sample: (f) => ({ post_id: f.ids.post, to: A_FUTURE }), schema: MoveInQueueBodySchema }, isolation: [404] },
  'PATCH /api/profile': {
    body: { sample: () => ({ username: 'probe', bio: 'Probe bio', website: 'https://example.com' }), schema: UpdateProfileSchema },
    isolation: [200],
  },
  'POST /api/profile/avatar/uploads': {
    body: { sample: () => ({ file_name: 'me.png', file_type: 'image/png', file_size: 68 }), schema: AvatarPresignSchema },
    isolation: [200],
  },
  'POST /api/profile/avatar': { body: { sample: (f) => ({ key: f.ids.avatarKey }), schema: AvatarConfirmSchema }, isolation: [400] },
  'GET /api/clients': { isolation: [200] },
  'POST /api/clients': {
    body: { sample: () => ({ name: 'Probe client', logo_url: 'https://example.com/logo.png' }), schema: CreateClientSchema },
    isolation: [200, 201, 400, 409],
  },
  'PATCH /api/clients/{id}': {
    params: { values: (f) => ulidOf(f, 'client'), schema: ClientIdParamsSchema },
    body: { sample: () => ({ name: 'Hijacked' }), schema: UpdateClientSchema },
    isolation: [404],
  },
  'DELETE /api/clients/{id}': { params: { values: (f) => ulidOf(f, 'client'), schema: ClientIdParamsSchema }, isolation: [404] },
  'DELETE /api/account': { isolation: [204, 401], noInput: 'takes no input (deletes the caller)', last: true },
  'POST /api/account/sign-out-everywhere': { isolation: [200, 204, 401], noInput: 'takes no input (signs the caller out)', last: true },
  // The caller's own password only; the probe never knows it, so nothing changes and no session ends.
  'POST /api/account/password': {
    body: { sample: () => ({ currentPassword: 'not-the-callers-1', newPassword: 'probe-pass-1' }), schema: ChangePasswordBodySchema },
    isolation: [400],
  },
  'GET /api/subscription': { isolation: [200] },
  'POST /api/billing/checkout': { body: { sample: () => ({ productId: productOf('basic') }), schema: CheckoutBodySchema }, isolation: [200, 400, 409] },
  'POST /api/billing/subscription': {
    body: { sample: (f) => ({ subscriptionId: f.ids.subscription, action: 'cancel' }), schema: ManageSubscriptionBodySchema },
    isolation: [400, 404],
  },
  'POST /api/billing/claim-checkout': {
    body: { sample: (f) => ({ session_id: f.ids.checkoutSession }), schema: ClaimCheckoutBodySchema },
    isolation: [400, 403, 404, 409],
  },
  'POST /api/billing/public-checkout': {
    body: { sample: (f) => ({ productId: productOf('basic'), email: f.owner.email, name: 'Probe' }), schema: PublicCheckoutBodySchema },
    isolation: [200, 400, 409],
  },
  // Public: the complete-signup page asks whether its payment can be used. It says only "paid" (and
  // whether the paid e-mail has an account) or why not, and only to someone who holds both the
  // session id and the payer's e-mail.
  'GET /api/billing/checkout-status': {
    query: { sample: (f) => ({ session_id: f.ids.checkoutSession, email: f.owner.email }), schema: CheckoutStatusQuerySchema },
    isolation: [200, 400, 403, 404, 409],
  },
  'POST /api/billing/complete-signup': {
    body: {
      sample: (f) => ({ email: f.owner.email, session_id: f.ids.checkoutSession, password: 'secret123', confirm: 'secret123' }),
      schema: CompleteSignupBodySchema,
    },
    isolation: [400, 403, 404, 409],
  },
  // Public: the owner's e-mail with a code nobody mailed: refused (A is verified already) and A's password unchanged.
  'POST /api/billing/confirm-signup': {
    body: { sample: (f) => ({ email: f.owner.email, code: '000000', password: 'probe-pass-1' }), schema: ConfirmSignupBodySchema },
    isolation: [400, 409],
  },
  'POST /api/stripe/webhook': { rawBody: true, isolation: [400] },
  'GET /api/oauth/{platform}/callback': {
    params: { values: () => ({ platform: 'facebook' }), schema: PlatformParamsSchema },
    query: { sample: (f) => ({ state: f.ids.oauthState, code: 'probe-code' }), schema: OAuthCallbackQuerySchema },
    isolation: [302],
    malformedAlso: [302],
    // The callback spends the state it is given (RFC 9700: one-time), even from the wrong browser, so
    // a leaked state cannot be tried twice; nothing is connected to A.
    maySpend: 'OAUTHSTATE#',
  },
  // The connect popup's account step (Bluesky) with A's state: B's browser lacks A's binding cookie, so
  // the answer sends the popup to an error page, nothing is started or connected for A, and A's state
  // stays pending for A's own browser.
  'POST /api/oauth/{platform}/callback': {
    params: { values: () => ({ platform: 'bluesky' }), schema: PlatformParamsSchema },
    body: { sample: (f) => ({ state: f.ids.oauthState, identifier: 'probe.bsky.social' }), schema: BlueskySignInBodySchema },
    isolation: [200],
  },
  // Public documents for Bluesky's authorization servers; this cloud does not offer Bluesky, so 404.
  'GET /api/oauth/bluesky/client-metadata.json': { isolation: [200, 404] },
  'GET /api/oauth/bluesky/jwks.json': { isolation: [200, 404] },
};

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** Routes without a probe, and probes without a route: both must be empty. */
export function probeCoverageGaps(): { unprobed: string[]; stale: string[] } {
  const routes = ROUTES.map(routeKey);
  return { unprobed: routes.filter((k) => !(k in ROUTE_PROBES)), stale: Object.keys(ROUTE_PROBES).filter((k) => !routes.includes(k)) };
}

/** The request path with these (already encoded) parameter values. */
export const pathWith = (path: string, params: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? 'missing');

export interface ProbeAnswer {
  status: number;
  text: string;
}

/** One request through the front door, with a raw path, query string and body. */
export async function send(
  method: string,
  pathAndQuery: string,
  options: { token?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<ProbeAnswer> {
  const res = await fetch(`${cloud().url}${pathAndQuery}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body,
  });
  return { status: res.status, text: await res.text() };
}

export const queryString = (query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return qs ? `?${qs}` : '';
};

/** `after` is `before`, except that items whose sort key starts with `spent` may be gone. */
export function samePartition(before: string, after: string, spent?: string): boolean {
  if (before === after) return true;
  if (!spent) return false;
  const keep = (items: string) => JSON.stringify((JSON.parse(items) as { sk: string }[]).filter((i) => !String(i.sk).startsWith(spent)));
  const gone = (JSON.parse(after) as { sk: string }[]).filter((i) => String(i.sk).startsWith(spent)).every((i) => before.includes(JSON.stringify(i)));
  return keep(before) === keep(after) && gone;
}

/** Everything of a user and of their first workspace, sorted, for before/after comparison. */
export async function partitionOf(userId: string): Promise<string> {
  const items = [...(await itemsOfUser(userId)), ...(await itemsOfWorkspace(userId))];
  return JSON.stringify(
    items
      .map((item) => Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))))
      .sort((a, b) => String(a.sk).localeCompare(String(b.sk))),
  );
}

/** Runs `tasks` at most `width` at a time, keeping their order in the results. */
export async function inBatches<T>(tasks: (() => Promise<T>)[], width = 6): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/** User A with one of everything a route can take an id of. */
export async function aProbeFixture(): Promise<ProbeFixture> {
  const owner = await aConfirmedUser();
  const paid = await aPaidCheckout(owner.accessToken, 'basic');
  // The paid checkout's webhooks arrive after the answers; the partition must be settled first.
  // Waited for within the fixture's hook (60 s): on a loaded machine the webhooks take a while.
  const subscription = await vi.waitFor(
    async () => {
      const res = await weCallTheApi('GET', '/api/subscription', { token: owner.accessToken });
      const id: string | undefined = res.body?.subscription?.id;
      if (!id) throw new Error('the owner’s subscription never arrived');
      return id;
    },
    { timeout: 50_000, interval: 50 },
  );
  const account = await aConnectedAccount(owner.userId, 'facebook', 'A secret page');
  const media = await anUploadedImage(owner.accessToken);
  const post = await weCallTheApi('POST', '/api/posts', {
    token: owner.accessToken,
    body: { title: 'A secret title', platforms: [{ platform: 'facebook', social_account_id: account.id, caption: 'A secret caption' }] },
  });
  if (post.status !== 201) throw new Error(`the owner’s post was refused: ${JSON.stringify(post.body)}`);
  const notification = await addNotification(owner.userId, { id: ulid(), message: 'A secret notification', created_at: new Date().toISOString() });
  const uploadKey = aMediaKey(owner.userId);
  await anObjectStoredDirectly(uploadKey, A_TINY_PNG, 'image/png');
  const avatarKey = `avatars/${owner.userId}-${Date.now()}.png`;
  await anObjectStoredDirectly(avatarKey, A_TINY_PNG, 'image/png');
  const oauthState = (await initiate('facebook', owner.accessToken)).searchParams.get('state')!;
  const member = await aConfirmedUser();
  await putMember(
    { workspaceId: owner.userId, userId: member.userId, role: 'editor' },
    { name: 'My workspace', email: member.email, at: new Date().toISOString() },
  );
  const invite = await anInvitation(owner.userId, 'a-secret-invitee@example.com');
  const client = (await itemsOfUser(owner.userId)).find((item) => String(item.sk).startsWith('CLIENT#'));
  if (!client) throw new Error('the owner has no client');
  const link = await weCallTheApi('POST', `/api/clients/${String(client.id)}/connect-links`, {
    token: owner.accessToken,
    body: { platforms: ['facebook'] },
  });
  if (link.status !== 201) throw new Error(`the owner’s connect link was refused: ${JSON.stringify(link.body)}`);
  const reviewLink = await weCallTheApi('POST', `/api/clients/${String(client.id)}/review-links`, { token: owner.accessToken, body: {} });
  if (reviewLink.status !== 201) throw new Error(`the owner’s review link was refused: ${JSON.stringify(reviewLink.body)}`);
  const apiKey = await weCallTheApi('POST', '/api/workspace/api-keys', { token: owner.accessToken, body: { name: 'A secret key', role: 'editor' } });
  if (apiKey.status !== 201) throw new Error(`the owner’s API key was refused: ${JSON.stringify(apiKey.body)}`);
  const webhook = await weCallTheApi('POST', '/api/workspace/webhooks', {
    token: owner.accessToken,
    body: { url: `${cloud().env.LOCAL_PUBLIC_WEB_ORIGIN}/webhook-receiver/a-secret-inbox`, events: ['post.failed'], description: 'A secret endpoint' },
  });
  if (webhook.status !== 201) throw new Error(`the owner’s webhook was refused: ${JSON.stringify(webhook.body)}`);
  const ids = {
    account: account.id,
    post: post.body.id as string,
    target: post.body.platforms[0].id as string,
    media: media.id,
    client: String(client.id),
    notification: notification.id,
    subscription,
    checkoutSession: paid.sessionId,
    uploadKey,
    avatarKey,
    oauthState,
    member: member.userId,
    invite: invite.id,
    inviteToken: invite.token,
    connectLink: link.body.id as string,
    reviewLink: reviewLink.body.id as string,
    apiKey: apiKey.body.id as string,
    apiKeySecret: apiKey.body.key as string,
    webhook: webhook.body.id as string,
    webhookSecret: webhook.body.secret as string,
  };
  return {
    owner: { userId: owner.userId, email: owner.email, accessToken: owner.accessToken },
    ids,
    secrets: [
      owner.userId,
      owner.email,
      member.email,
      'a-secret-invitee',
      account.id,
      ids.post,
      ids.target,
      ids.media,
      ids.client,
      ids.notification,
      subscription,
      ids.apiKey,
      ids.apiKeySecret,
      ids.webhook,
      ids.webhookSecret,
      'a-secret-inbox',
      'A secret',
    ],
  };
}
