import * as z from 'zod';
import { MAX_SLOTS_PER_DAY, QUEUE_DEFAULT_DAYS, QUEUE_HORIZON_DAYS, QUEUE_MSG, WEEKDAYS, weeklySlotsProblem } from './queue-rules';
import { instantInput } from './dates';
import { PLATFORMS } from './platforms';
import { POST_STATUSES } from './statuses';

/**
 * Queue slots (docs/queue.md): each connected account has a weekly posting schedule in
 * the user's timezone; "Add to queue" puts a post in the earliest slot free on every selected account.
 */

export {
  MAX_SLOTS_PER_DAY,
  QUEUE_DEFAULT_DAYS,
  QUEUE_HORIZON_DAYS,
  QUEUE_MSG,
  sortSlots,
  WEEKDAY_NAMES,
  WEEKDAYS,
  weeklySlotsProblem,
  type QueueSlot,
  type Weekday,
} from './queue-rules';

const Ulid = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'Unknown id' });

export const SlotTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: QUEUE_MSG.time });
export const QueueSlotSchema = z.object({ day: z.enum(WEEKDAYS, { message: QUEUE_MSG.day }), time: SlotTimeSchema });

/** Whose week a schedule is: a connected account's, or (agency mode) a client's, shared by all its posts. */
export const QUEUE_SCHEDULE_KINDS = ['account', 'client'] as const;
export type QueueScheduleKind = (typeof QUEUE_SCHEDULE_KINDS)[number];

/** PUT /api/queue/schedules/{id}: the account's (or, with kind 'client', the client's) whole weekly schedule (an empty list clears it). */
export const PutQueueScheduleBodySchema = z.object({
  kind: z.enum(QUEUE_SCHEDULE_KINDS, { message: 'kind is account or client' }).default('account'),
  slots: z
    .array(QueueSlotSchema)
    .max(MAX_SLOTS_PER_DAY * 7, { message: `At most ${MAX_SLOTS_PER_DAY * 7} posting times a week` })
    .superRefine((slots, ctx) => {
      const problem = weeklySlotsProblem(slots);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type PutQueueScheduleBody = z.input<typeof PutQueueScheduleBodySchema>;

export const QueueScheduleSchema = z.object({
  social_account_id: z.string(),
  slots: z.array(QueueSlotSchema),
  updated_at: z.iso.datetime().nullable(),
});
export type QueueSchedule = z.infer<typeof QueueScheduleSchema>;
/** A client's week (agency mode, docs/queue.md#client-schedules). */
export const ClientQueueScheduleSchema = z.object({ client_id: z.string(), slots: z.array(QueueSlotSchema), updated_at: z.iso.datetime().nullable() });
export type ClientQueueSchedule = z.infer<typeof ClientQueueScheduleSchema>;
export const QueueSchedulesSchema = z.object({
  timezone: z.string(),
  items: z.array(QueueScheduleSchema),
  /** Agency mode only: the clients' weeks (empty for a creator). */
  clients: z.array(ClientQueueScheduleSchema).default([]),
});
/** As sent: `clients` may be left out (a creator's answer reads the same). */
export type QueueSchedules = z.input<typeof QueueSchedulesSchema>;

/** GET /api/queue?days=: every account's upcoming slots for that many days from now. */
export const QueueQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'days must be a number' })
    .int()
    .min(1)
    .max(QUEUE_HORIZON_DAYS, { message: `The queue shows at most ${QUEUE_HORIZON_DAYS} days` })
    .default(QUEUE_DEFAULT_DAYS),
});

/** The post in a slot, as the queue lists it. */
export const QueuedPostSchema = z.object({
  id: z.string(),
  status: z.enum(POST_STATUSES),
  caption: z.string(),
  title: z.string().nullable(),
  media_count: z.number().int().nonnegative(),
  platforms: z.array(z.enum(PLATFORMS)),
});
export type QueuedPost = z.infer<typeof QueuedPostSchema>;

export const QueueSlotViewSchema = z.object({ at: z.iso.datetime(), post: QueuedPostSchema.nullable() });
export type QueueSlotView = z.infer<typeof QueueSlotViewSchema>;
export const QueueConnectionViewSchema = z.object({
  social_account_id: z.string(),
  platform: z.enum(PLATFORMS),
  account_name: z.string(),
  slots: z.array(QueueSlotViewSchema),
});
export type QueueConnectionView = z.infer<typeof QueueConnectionViewSchema>;
/** A client's upcoming slots (agency mode): a slot is filled by the client's scheduled post due then. */
export const QueueClientViewSchema = z.object({ client_id: z.string(), name: z.string(), slots: z.array(QueueSlotViewSchema) });
export type QueueClientView = z.infer<typeof QueueClientViewSchema>;
export const QueueViewSchema = z.object({
  timezone: z.string(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  accounts: z.array(QueueConnectionViewSchema),
  /** Agency mode only: every client, with its slots (none when it has no times). */
  clients: z.array(QueueClientViewSchema).default([]),
});
export type QueueView = z.input<typeof QueueViewSchema>;

/** PATCH /api/queue: move a queued post to a slot; a post already there takes the moved post's old time (a swap). */
export const MoveInQueueBodySchema = z.object({ post_id: Ulid, to: instantInput() });
export type MoveInQueueBody = z.input<typeof MoveInQueueBodySchema>;
export const MoveInQueueResultSchema = z.object({ moved: z.array(z.object({ id: z.string(), scheduled_at: z.iso.datetime() })) });
export type MoveInQueueResult = z.infer<typeof MoveInQueueResultSchema>;
