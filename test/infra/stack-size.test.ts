import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedApp, synthApp } from './synth';

/** A PEM public key, for the media-pull key group (its value does not change the count). */
const MEDIA_PULL_PUBLIC_KEY = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
}).publicKey;

/** CloudFormation's limit per template (stack or nested stack). */
const CLOUDFORMATION_RESOURCE_LIMIT = 500;

describe('stack sizes', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    // The largest configuration: Google sign-in, WAF, Stripe, platform credentials and TikTok media pulls all on.
    synth = synthApp({
      google: { clientId: 'id.apps.googleusercontent.com', clientSecretName: 'sa/google', domainPrefix: 'sa-size-test' },
      waf: true,
      stripeSecretName: 'sa/stripe',
      stripePrices: { prod_sa_basic_monthly: 'price_basic' },
      platformCredentialsSecretName: 'sa/platform-apps',
      mediaPull: { publicKeyPem: MEDIA_PULL_PUBLIC_KEY, privateKeySecretName: 'sa/media-pull-private-key' },
    });
  });

  it("keeps every stack under 60% of CloudFormation's resource limit, so functions can still be added", () => {
    // Act
    const over = Object.entries(synth.resourceCounts).filter(([, count]) => count >= 0.6 * CLOUDFORMATION_RESOURCE_LIMIT);

    // Assess
    expect(Object.keys(synth.resourceCounts).length).toBeGreaterThan(1);
    expect(over).toEqual([]);
  });

  it('counts every resource of the app in some stack', () => {
    // Assess: the inlined template holds each stack's resources but not the nested-stack resources themselves.
    const total = Object.values(synth.resourceCounts).reduce((a, b) => a + b, 0);
    const nestedStacks = Object.keys(synth.resourceCounts).length - 1;
    expect(Object.keys(synth.template.toJSON().Resources as object)).toHaveLength(total - nestedStacks);
  });
});
