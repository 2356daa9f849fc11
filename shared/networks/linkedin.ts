import { defineNetwork } from './descriptor';

export const linkedin = defineNetwork({
  id: 'linkedin',
  label: 'LinkedIn',
  name: 'LinkedIn',
  /** LinkedIn posts: commentary up to 3,000 characters (docs/platforms.md#linkedin). */
  captionLimit: 3000,
  captionCount: 'code-points',
  plan: 'basic',
  // LinkedIn's brand blue.
  seriesColor: '#0A66C2',
  /**
   * LinkedIn comments (POST /rest/socialActions/{post}/comments): 1,250 characters (**unconfirmed**:
   * LinkedIn's composer limit; the reference states none). Commenting comes with posting
   * (w_member_social; w_organization_social for pages, asked for in the same grant).
   */
  firstComment: { limit: 1250, scopes: ['w_member_social'], shownAs: 'comment' },
});
