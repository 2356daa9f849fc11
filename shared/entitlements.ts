import * as z from 'zod';
import { PLAN_IDS } from './plans';
import { PLATFORMS } from './platforms';

/**
 * GET /api/platforms: what this deployment offers and what the user's plan allows, per platform.
 * `available` is false when the deployment has no app registered with the platform (the UI shows
 * "Coming Soon" and no button); `allowed` is false when the user's plan lacks it (lock + upgrade).
 */
export const PlatformAvailabilitySchema = z.object({
  platform: z.enum(PLATFORMS),
  available: z.boolean(),
  allowed: z.boolean(),
  /** The cheapest plan that includes the platform. */
  required_plan: z.enum(PLAN_IDS),
});
export type PlatformAvailability = z.infer<typeof PlatformAvailabilitySchema>;

export const PlatformsResponseSchema = z.object({
  plan: z.enum(PLAN_IDS),
  platforms: z.array(PlatformAvailabilitySchema),
});
export type PlatformsResponse = z.infer<typeof PlatformsResponseSchema>;

/** GET /api/usage: scheduled posts this calendar month (UTC) against the plan's limit. */
export const UsageSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  used: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  plan: z.enum(PLAN_IDS),
});
export type Usage = z.infer<typeof UsageSchema>;

/** Error codes the API uses for plan rules, so the browser can offer the upgrade. */
export const PLAN_REQUIRED_CODE = 'PLAN_REQUIRED';
export const PLAN_LIMIT_CODE = 'PLAN_LIMIT_REACHED';
