import { facebook } from './facebook';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { pinterest } from './pinterest';
import { threads } from './threads';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';

/**
 * The networks the sandbox stands in for, by platform: all but Bluesky, whose stand-in is Bluesky's
 * own PDS (local/bluesky), not an imitation. A network's endpoints register in local/sandbox/index.ts.
 */
export const SANDBOX_NETWORKS = { x, facebook, instagram, tiktok, youtube, threads, linkedin, pinterest };
