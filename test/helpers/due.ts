import { SCHEDULED_IN_PAST_MESSAGE, type Post } from '@shared/posts';
import { expect } from 'vitest';
import { weCallTheApi } from './when';

type Answer = { status: number; body: { error?: { message?: string } } | undefined };

/** How many times a Given step is tried, doubling its lead (at least 1 s) each time: 3 s grows to 24 s. */
const TRIES = 4;

/**
 * Sends a request that schedules a post `seconds` after the moment it is sent (a create, an edit, a
 * retry). The API refuses a time that has passed by the time it checks, and writes nothing then; on
 * a loaded machine the request itself can take longer than the few seconds a test allows. Such a
 * refusal is asked again with a fresh time and twice the lead. What the tests assert is relative to
 * the time the API accepted (the post's own scheduled_at), not to when the test began, so the test
 * still shows the same thing; any other answer is returned for the test to check.
 */
export async function scheduledIn<A extends Answer>(seconds: number, send: (scheduledAt: string) => Promise<A>): Promise<A> {
  for (let lead = seconds, tries = 1; ; lead = Math.max(1, lead * 2), tries++) {
    const res = await send(new Date(Date.now() + lead * 1000).toISOString());
    if (!refusedAsPast(res) || tries === TRIES) return res;
  }
}

/** A post made through `POST /api/posts`, due `seconds` after it is asked for (see `scheduledIn`); the test stops unless it was created. */
export async function aPostDueIn(seconds: number, token: string, body: (scheduledAt: string) => Record<string, unknown>): Promise<Post> {
  const res = await scheduledIn(seconds, (scheduledAt) => weCallTheApi('POST', '/api/posts', { token, body: body(scheduledAt) }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Post;
}

const refusedAsPast = (res: Answer) => res.status === 400 && res.body?.error?.message === SCHEDULED_IN_PAST_MESSAGE;

/** Thrown inside a `beforeItIsDue` step when the API found its due time already past. */
class TooLate extends Error {}

/** The answer, unless the API refused its due time as past: then the step is too late (see `beforeItIsDue`). */
export function inTime<A extends Answer>(res: A): A {
  if (refusedAsPast(res)) throw new TooLate(SCHEDULED_IN_PAST_MESSAGE);
  return res;
}

/**
 * A Given step that has to be done before the due time it picks (posts created and one of them
 * deleted, a deletion begun while a delivery waits for its second). The step calls `dueAt()` for that
 * time: `seconds` after its first call (what comes before, such as signing a user up, takes what it
 * takes). If the step finished only after that time, or a request in it was refused as past (wrap
 * its answers in `inTime`), the machine was slower than the lead and the world the test means to set
 * up did not happen: it runs again, with twice the lead. Each run must make its own posts (fresh
 * captions, a fresh user where the step changes the user): the late run's posts go out as any would.
 */
export async function beforeItIsDue<T>(seconds: number, step: (dueAt: () => Date) => Promise<T>): Promise<{ value: T; dueAt: Date }> {
  for (let lead = seconds, tries = 1; ; lead = Math.max(1, lead * 2), tries++) {
    let due: Date | undefined;
    const dueAt = () => (due ??= new Date(Date.now() + lead * 1000));
    try {
      const value = await step(dueAt);
      if (Date.now() < dueAt().getTime()) return { value, dueAt: dueAt() };
    } catch (error) {
      if (!(error instanceof TooLate)) throw error;
    }
    if (tries === TRIES) throw new Error(`The Given step took longer than ${lead} s, its post's lead, ${TRIES} times running`);
  }
}
