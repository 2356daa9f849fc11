import type { Router } from './router';
import type { SandboxState } from './state';

export interface SandboxContext {
  readonly state: SandboxState;
  readonly router: Router;
  /** e.g. http://localhost:3000 */
  readonly publicUrl: string;
  /** e.g. http://localhost:3000/_sandbox */
  readonly sandboxUrl: string;
  /**
   * The app's Google project is not verified for the YouTube API (the deployment setting
   * YOUTUBE_UNVERIFIED): YouTube then locks every upload private, whatever privacyStatus was asked.
   */
  readonly youtubeUnverified: boolean;
  /** Set by the Facebook publishing handlers: GET /{id} for a Page post or video the token's Page owns. */
  lookupFacebookObject?: (id: string, fields: string | null, pageId: string) => Record<string, unknown> | undefined;
}
