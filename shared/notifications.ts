import * as z from 'zod';

/** The notifications menu shows the latest 20 activity_log rows (docs/product-rules.md#constants). */
export const NOTIFICATIONS_SHOWN = 20;

export const NotificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  created_at: z.iso.datetime(),
  read: z.boolean(),
  /** The workspace it happened in (null: about the person alone), so the bell can say which and switch to it. */
  workspace_id: z.string().nullable(),
  workspace_name: z.string().nullable(),
  /** The post it is about, which a click opens. */
  post_id: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({ items: z.array(NotificationSchema) });
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** Path parameter of POST /api/notifications/{id}/read: a ULID. */
export const NotificationIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'Unknown notification' }),
});

export const MarkAllReadResponseSchema = z.object({ updated: z.number().int().nonnegative() });
