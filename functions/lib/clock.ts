import { monotonicFactory } from 'ulid';

/** Time and ids are injected (docs/architecture.md#conventions: inject time, ids and dependencies): domain functions take these with defaults. */
export interface Deps {
  now: () => Date;
  newId: () => string;
}

/**
 * Monotonic ULIDs: two ids made in the same millisecond still sort in the order they were made (the
 * random part of the second is the first's plus one). Items keyed by id are read in id order, as a
 * post's history is ("created", then "submitted", written back to back).
 */
const nextUlid = monotonicFactory();

export const defaultDeps: Deps = { now: () => new Date(), newId: () => nextUlid() };
