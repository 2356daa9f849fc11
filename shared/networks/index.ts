import { bluesky } from './bluesky';
import { facebook } from './facebook';
import { instagram } from './instagram';
import { linkedin } from './linkedin';
import { pinterest } from './pinterest';
import { threads } from './threads';
import { tiktok } from './tiktok';
import { x } from './x';
import { youtube } from './youtube';

/**
 * Every network the product publishes to, in the product's order (docs/product-rules.md#the-product):
 * the one list shared/platforms.ts and the per-network tables are built from. A new network is a
 * descriptor file here and one entry in this list.
 */
export const NETWORKS = [instagram, facebook, x, tiktok, youtube, bluesky, threads, linkedin, pinterest] as const;
export type Network = (typeof NETWORKS)[number];
