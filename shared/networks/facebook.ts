import { defineNetwork } from './descriptor';

/** Facebook Pages publish no feed-post cap, so none is checked at scheduling time. */
export const facebook = defineNetwork({
  id: 'facebook',
  label: 'Facebook',
  name: 'Facebook',
  captionLimit: 63206,
  captionCount: 'code-points',
  plan: 'free',
  seriesColor: 'blue.solid',
  /**
   * Facebook comments: 8,000 characters (Graph `/{object-id}/comments`). pages_manage_engagement to
   * comment and pages_read_user_content to list the post's comments (the lookup after a lost answer:
   * other people's comments are user content on the Page, Meta's Pages API permissions).
   */
  firstComment: { limit: 8000, scopes: ['pages_manage_engagement', 'pages_read_user_content'], shownAs: 'comment' },
});
