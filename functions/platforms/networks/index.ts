import type { Platform } from '@shared/platforms';
import { bluesky } from './bluesky';
import { facebook } from './facebook';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { pinterest } from './pinterest';
import { threads } from './threads';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';
import type { ServerNetwork } from './server-network';

/**
 * Each network's server facts, by platform (functions/platforms/networks/<network>.ts). Typed as a
 * full record, so a network in shared/networks without its server module here fails to compile.
 */
export const SERVER_NETWORKS = { instagram, facebook, x, tiktok, youtube, bluesky, threads, linkedin, pinterest } satisfies {
  readonly [P in Platform]: ServerNetwork & { readonly id: P };
};

/** One network's server facts. */
export function serverNetworkOf(platform: Platform): ServerNetwork {
  return SERVER_NETWORKS[platform];
}
