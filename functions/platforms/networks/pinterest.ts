import { defineServerNetwork } from './server-network';

export const pinterest = defineServerNetwork({
  id: 'pinterest',
  // `api`: the API, production's unless PINTEREST_API_HOST=sandbox (apps with Trial access may only pin on
  // api-sandbox.pinterest.com, docs/platforms.md#pinterest). `oauth`: the token endpoint, which stays on
  // api.pinterest.com either way. `upload`: where POST /v5/media sends video uploads (its upload_url).
  hosts: {
    www: 'https://www.pinterest.com',
    api: 'https://api.pinterest.com',
    oauth: 'https://api.pinterest.com',
    upload: 'https://pinterest-media-upload.s3-accelerate.amazonaws.com',
  },
  profileUrl: (www, _account, { handle }) => `${www}/${handle}/`,
  publishPermissions: ['pins:write'],
  /** Pin analytics (pinterest-metrics.ts): one pin a call. */
  analyticsScopes: ['pins:read'],
  metricsBatch: 1,
  refreshable: true,
});
