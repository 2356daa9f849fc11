import type { Platform } from '@shared/platforms';

export interface DemoPage {
  id: string;
  name: string;
  category: string;
}

export interface DemoIdentity {
  id: string;
  name: string;
  username: string;
  /** Facebook: the Pages this person manages. LinkedIn: the organization pages this member is an approved ADMINISTRATOR of. */
  pages?: DemoPage[];
}

/** How the network's published pages look in the sandbox (local/sandbox/feeds.ts), close enough to tell them apart. */
export interface Look {
  name: string;
  logo: string;
  bg: string;
  card: string;
  text: string;
  muted: string;
  accent: string;
  font: string;
}

/**
 * What the sandbox holds for one network it stands in for, besides its endpoints
 * (local/sandbox/platforms/<network>.ts): its one registered app (fixed, so a restart keeps stored
 * tokens usable), the 2–3 people to sign in as on its consent page, and its look.
 */
export interface SandboxNetwork {
  readonly id: Platform;
  readonly app: { readonly clientId: string; readonly clientSecret: string };
  readonly identities: DemoIdentity[];
  readonly look: Look;
}

/** Keeps the literal types (the id, the app's client id), so the tables built from the list stay exact per network. */
export function defineSandboxNetwork<const D extends SandboxNetwork>(network: D): D {
  return network;
}
