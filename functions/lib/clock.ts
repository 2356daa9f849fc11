import { ulid } from 'ulid';

/** Time and ids are injected (docs/architecture.md#conventions: inject time, ids and dependencies): domain functions take these with defaults. */
export interface Deps {
  now: () => Date;
  newId: () => string;
}

export const defaultDeps: Deps = { now: () => new Date(), newId: () => ulid() };
