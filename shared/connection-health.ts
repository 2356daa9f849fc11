import * as z from 'zod';
import { ConnectionListSchema } from './accounts';
import { PostPageSchema, PostSchema } from './posts';

/**
 * Connection health ahead of time. A connection stops working without the user when the
 * credential we cannot renew ourselves runs out:
 *  - no refresh token (Instagram long-lived token, 60 days; a Facebook user token): the access token's expiry
 *  - a refresh token (TikTok 365 days, X with offline.access): the refresh token's expiry, when the
 *    platform tells us one; none known (Google's refresh tokens live while used) → no expiry
 * Facebook Page tokens never expire. Never any token here: only times and a yes/no on permissions.
 * The expiry and publishing rules, which the Platforms page paints with, are in connection-expiry.ts.
 */
export * from './connection-expiry';
export const ConnectionHealthSchema = z.object({
  /** When this connection stops working unless the user reconnects; null when no expiry is known. */
  expires_at: z.iso.datetime().nullable(),
  /** The stored grant lacks the permission publishing needs (only known when the platform reported scopes). */
  missing_publish_permission: z.boolean(),
});
export type ConnectionHealth = z.infer<typeof ConnectionHealthSchema>;

/** An account as GET /api/accounts lists it (whatever else that row carries), plus its health. */
export const ListedConnectionSchema = ConnectionListSchema.shape.accounts.element.extend({
  health: ConnectionHealthSchema.default({ expires_at: null, missing_publish_permission: false }),
});
export type ListedConnection = z.infer<typeof ListedConnectionSchema>;

/** GET /api/accounts: the user's connected accounts, newest first, each with its health. */
export const ListedConnectionsSchema = z.object({ accounts: z.array(ListedConnectionSchema) });

/** A target of an open post that cannot publish at the post's time, and why. */
export const TargetIssueSchema = z.object({ target_id: z.string(), message: z.string() });
export type TargetIssue = z.infer<typeof TargetIssueSchema>;

/** GET /api/posts: each post with its connection issues, computed on read (empty when none). */
export const PostWithIssuesSchema = PostSchema.extend({ connection_issues: z.array(TargetIssueSchema).default([]) });
export type PostWithIssues = z.infer<typeof PostWithIssuesSchema>;
export const PostPageWithIssuesSchema = PostPageSchema.extend({ items: z.array(PostWithIssuesSchema) });
export type PostPageWithIssues = z.infer<typeof PostPageWithIssuesSchema>;
