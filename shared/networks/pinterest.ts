import { defineNetwork } from './descriptor';

/** No first comment: a pin takes no replies through the API. */
export const pinterest = defineNetwork({
  id: 'pinterest',
  label: 'Pinterest',
  name: 'Pinterest',
  /** A pin's description: 500 characters (docs/platforms.md#pinterest). */
  captionLimit: 500,
  captionCount: 'code-points',
  plan: 'basic',
  // Pinterest red, the colour of its badge.
  seriesColor: '#E60023',
});
