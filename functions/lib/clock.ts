import { ulid } from 'ulid';

/** Time and ids are injected (STYLE habit 4): domain functions take these with defaults. */
export interface Deps {
  now: () => Date;
  newId: () => string;
}

export const defaultDeps: Deps = { now: () => new Date(), newId: () => ulid() };
