import * as z from 'zod';

/** Every error response of the API has this body (docs/architecture.md#conventions: one error mapper). */
export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Runtime settings the SPA reads from /config.json (written at deploy, served by the launcher locally). */
export const RuntimeConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only for the local cloud: where the Cognito API is served. Absent on AWS. */
  userPoolEndpoint: z.string().optional(),
  /**
   * How the browser signs in. AWS: SRP (the password never leaves the browser; the app client does
   * not allow USER_PASSWORD_AUTH). The local Cognito only speaks USER_PASSWORD_AUTH, so the local
   * cloud serves that.
   */
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']).default('USER_SRP_AUTH'),
  apiBasePath: z.string().default('/api'),
  /** Hosted-UI domain when Google federation is configured; absent otherwise. */
  oauthDomain: z.string().optional(),
  googleSignIn: z.boolean().default(false),
  /** Pro is shown as "Coming Soon" and not sold (a deployment setting; off in the local cloud). */
  proComingSoon: z.boolean().default(true),
  /**
   * The Google project is not verified for the YouTube API yet, so YouTube keeps every upload private
   * (a deployment setting); compose's YouTube panel says so.
   */
  youtubeUnverified: z.boolean().default(true),
  /**
   * The TikTok client is not audited yet, so TikTok takes Only me (SELF_ONLY) posts only (a deployment
   * setting); compose's TikTok panel offers nothing else and says why.
   */
  tiktokUnaudited: z.boolean().default(true),
  /**
   * This deployment serves signed pull URLs that TikTok can fetch (docs/tiktok.md#photo-posts), so compose
   * offers TikTok photo posts (1–35 JPEG/WebP photos). Off when the media-pull settings are absent.
   */
  tiktokPhotos: z.boolean().default(false),
  /** Local cloud only: the inbox page, linked from the sign-up toast. */
  inboxUrl: z.string().optional(),
  /**
   * The realtime GraphQL endpoint (AppSync), which the browser subscribes through; absolute on
   * AWS, a same-origin path on the local cloud. Absent: no live updates, polling only.
   */
  graphqlUrl: z.string().optional(),
  /** The WebSocket endpoint AppSync serves subscriptions on (Amplify derives it; kept for other clients). */
  realtimeUrl: z.string().optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
