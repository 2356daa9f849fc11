import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { INSTANT_MESSAGE } from '@shared/dates';
import { IMPORT_MSG, importTime } from '@shared/import';
import { LimitCheckBodySchema } from '@shared/platform-limits';
import { CaptionsUpdateBodySchema, CreatePostBodySchema } from '@shared/post-bodies';
import { CalendarQuerySchema, RetryPostBodySchema } from '@shared/posts';
import { MoveInQueueBodySchema } from '@shared/queue';
import { REPEAT_MESSAGES, RepeatEndSchema } from '@shared/recurrence';

/** One date rule for every date a caller sends: a day that is not on the calendar is refused everywhere, with a clear message. */
const ULID = '01HZZZZZZZZZZZZZZZZZZZZZ01';
const firstMessage = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};
const aPost = (scheduledAt: string) => ({
  scheduled_at: scheduledAt,
  platforms: [{ platform: 'facebook', social_account_id: 'acc-1', caption: 'Hello', settings: {} }],
  media_ids: [],
});

describe('date-only inputs', () => {
  it.each(['2027-02-30', '2027-02-29', '2027-04-31', '2027-13-01', '2027-00-10', '2027-1-5'])('a series end of %s is refused', (date) => {
    expect(firstMessage(RepeatEndSchema, { type: 'on', date })).toBe(REPEAT_MESSAGES.untilFormat);
  });

  it('a series end on a leap day that exists is taken', () => {
    expect(firstMessage(RepeatEndSchema, { type: 'on', date: '2028-02-29' })).toBeNull();
  });

  it.each(['2027-02-30', '2027-04-31', '2027-13-01'])('an import row dated %s is refused', (date) => {
    expect(importTime(date, '09:30', 'Europe/Berlin')).toEqual({ reason: IMPORT_MSG.badDate });
  });

  it('an import row on a leap day that exists is read', () => {
    expect(importTime('2028-02-29', '09:30', 'UTC')).toEqual({ at: new Date('2028-02-29T09:30:00Z') });
  });
});

describe('date-and-time inputs', () => {
  const impossible = '2027-02-30T09:30:00Z';
  it.each([
    ['a new post', CreatePostBodySchema, aPost(impossible), INSTANT_MESSAGE],
    ['an edit of the time', CaptionsUpdateBodySchema, { scheduled_at: impossible }, INSTANT_MESSAGE],
    ['a retry at a time', RetryPostBodySchema, { scheduled_at: impossible }, INSTANT_MESSAGE],
    ['the calendar period', CalendarQuerySchema, { from: impossible, to: '2027-03-02T00:00:00Z' }, INSTANT_MESSAGE],
    ['a queue move', MoveInQueueBodySchema, { post_id: ULID, to: impossible }, INSTANT_MESSAGE],
    [
      'a platform-limit check',
      LimitCheckBodySchema,
      { scheduled_at: impossible, platforms: [{ platform: 'x', social_account_id: 'a' }] },
      'Choose a valid date and time',
    ],
  ])('%s on a day that does not exist is refused', (_place, schema, input, message) => {
    expect(firstMessage(schema, input)).toBe(message);
  });

  it('a time with its offset on a leap day that exists is taken', () => {
    expect(firstMessage(CreatePostBodySchema, aPost('2028-02-29T09:30:00+01:00'))).toBeNull();
  });
});
