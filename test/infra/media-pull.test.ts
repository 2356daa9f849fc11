import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../shared/platforms';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/**
 * TikTok photo posts' pull URLs (docs/tiktok.md#photo-posts): with the media-pull settings, a CloudFront
 * distribution serves `/media-pull/*` from the private media bucket, read-only through Origin Access
 * Control, and only with a URL signed by the deployment's key group; the publisher alone may read the
 * private key. Without the settings, nothing of it exists and photo posts are off.
 */
const { publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const MEDIA_PULL = { publicKeyPem: publicKey, privateKeySecretName: 'sa/media-pull-private-key' };

const resources = (synth: SynthesizedApp, type: string) => Object.entries(synth.template.findResources(type) as Record<string, TemplateJson>);
const pullDistribution = (synth: SynthesizedApp) => resources(synth, 'AWS::CloudFront::Distribution').find(([id]) => id.startsWith('MediaPull'));
const functions = (synth: SynthesizedApp) =>
  resources(synth, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME) as [string, TemplateJson][];

/** Every reference between resources (Ref, Fn::GetAtt, DependsOn), to find a cycle CloudFormation would refuse. */
function dependencyCycle(template: Record<string, TemplateJson>): string[] | null {
  const edges = new Map<string, Set<string>>();
  const collect = (node: unknown, into: Set<string>) => {
    if (Array.isArray(node)) for (const n of node) collect(n, into);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'Ref' && typeof v === 'string' && v in template) into.add(v);
        else if (k === 'Fn::GetAtt' && Array.isArray(v) && typeof v[0] === 'string' && v[0] in template) into.add(v[0]);
        else if (k === 'Fn::Sub') {
          const text = Array.isArray(v) ? v[0] : v;
          for (const m of String(text).matchAll(/\$\{(\w+)(?:\.[\w.]+)?\}/g)) if (m[1]! in template) into.add(m[1]!);
          if (Array.isArray(v)) collect(v[1], into);
        } else collect(v, into);
      }
    }
  };
  for (const [id, resource] of Object.entries(template)) {
    const into = new Set<string>();
    collect(resource.Properties, into);
    for (const d of [resource.DependsOn ?? []].flat()) if (typeof d === 'string' && d in template) into.add(d);
    edges.set(id, into);
  }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, path: string[]): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next, [...path, id]);
      if (cycle) return cycle;
    }
    state.set(id, 'done');
    return null;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('media pulls for TikTok photo posts, configured', () => {
  let synth: SynthesizedApp;
  beforeAll(() => {
    // With WAF on, as prod runs: the SPA's distribution gets the web ACL, the pull distribution does not.
    synth = synthApp({ mediaPull: MEDIA_PULL, waf: true });
  });

  it('requires signed URLs from a key group holding the configured public key on /media-pull/* (and everywhere else)', () => {
    const [, keyResource] = resources(synth, 'AWS::CloudFront::PublicKey')[0]!;
    expect(keyResource.Properties.PublicKeyConfig.EncodedKey).toBe(MEDIA_PULL.publicKeyPem);
    const [keyGroupId, keyGroup] = resources(synth, 'AWS::CloudFront::KeyGroup')[0]!;
    expect(keyGroup.Properties.KeyGroupConfig.Items).toEqual([{ Ref: expect.stringMatching(/^MediaPullPublicKey/) }]);

    const [, distribution] = pullDistribution(synth)!;
    const config = distribution.Properties.DistributionConfig;
    const pulls = config.CacheBehaviors.find((b: TemplateJson) => b.PathPattern === '/media-pull/*');
    expect(pulls).toMatchObject({ ViewerProtocolPolicy: 'https-only', AllowedMethods: ['GET', 'HEAD'], TrustedKeyGroups: [{ Ref: keyGroupId }] });
    expect(config.DefaultCacheBehavior.TrustedKeyGroups).toEqual([{ Ref: keyGroupId }]);
    // No per-IP rate rule in front of TikTok's few pulling servers; the signature is the gate.
    expect(config.WebACLId).toBeUndefined();
  });

  it('maps /media-pull/<key> to the object key and answers 404 for any other path', () => {
    const fn = resources(synth, 'AWS::CloudFront::Function').find(([id]) => id.startsWith('MediaPullStripPrefix'))![1];
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => { uri?: string; statusCode?: number };

    expect(handler({ request: { uri: '/media-pull/us-east-1%3Aab/1764133200000-ab12cd34.jpg' } }).uri).toBe('/us-east-1%3Aab/1764133200000-ab12cd34.jpg');
    expect(handler({ request: { uri: '/index.html' } }).statusCode).toBe(404);
  });

  it("serves TikTok's URL-prefix verification file unsigned, and nothing else without a signature", () => {
    const [, distribution] = pullDistribution(synth)!;
    const behaviours = distribution.Properties.DistributionConfig.CacheBehaviors as TemplateJson[];
    // CloudFront takes the first pattern that matches.
    expect(behaviours.map((b) => b.PathPattern)).toEqual(['/media-pull/tiktok*', '/media-pull/*']);
    expect(behaviours[0]!.TrustedKeyGroups).toBeUndefined();
    const fn = resources(synth, 'AWS::CloudFront::Function').find(([id]) => id.startsWith('MediaPullVerificationFile'))![1];
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => { uri?: string; statusCode?: number };

    expect(handler({ request: { uri: '/media-pull/tiktokAbC123xyz.txt' } }).uri).toBe('/tiktok-verification/tiktokAbC123xyz.txt');
    expect(handler({ request: { uri: '/media-pull/tiktokx/other-user/photo.jpg' } }).statusCode).toBe(404);
    expect(handler({ request: { uri: '/media-pull/tiktok.jpg' } }).statusCode).toBe(404);
  });

  it('reads the media bucket through Origin Access Control with GetObject only, and the bucket stays private', () => {
    const [, distribution] = pullDistribution(synth)!;
    const [origin] = distribution.Properties.DistributionConfig.Origins;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^MediaBucket/), 'RegionalDomainName'] });

    const policies = resources(synth, 'AWS::S3::BucketPolicy').filter(([, p]) => JSON.stringify(p.Properties.Bucket).includes('MediaBucket'));
    const statements = policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement as TemplateJson[]);
    const cloudfront = statements.filter((s) => s.Principal?.Service === 'cloudfront.amazonaws.com');
    expect(cloudfront).toHaveLength(1);
    expect(cloudfront[0]).toMatchObject({ Effect: 'Allow', Action: 's3:GetObject' });
    expect(JSON.stringify(cloudfront[0]!.Condition)).toContain('MediaPullDistribution');

    const [, bucket] = resources(synth, 'AWS::S3::Bucket').find(([id]) => id.startsWith('MediaBucket'))!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  it("lets only TikTok's publisher sign: it gets the key id, the origin and read access to the private key; the API knows photo posts are on", () => {
    const all = functions(synth);
    // Every other network's publisher: photo posts by pull are TikTok's alone.
    const otherLanes = new RegExp(
      `^Publishing(${PLATFORMS.filter((p) => p !== 'tiktok')
        .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
        .join('|')})Publisher`,
    );
    for (const [id, fn] of all) expect(fn.Properties.Environment.Variables.TIKTOK_PHOTOS, id).toBe(otherLanes.test(id) ? 'false' : 'true');
    const signers = all.filter(([, fn]) => fn.Properties.Environment.Variables.MEDIA_PULL_KEY_PAIR_ID);
    expect(signers.map(([id]) => id)).toEqual([expect.stringMatching(/^PublishingTiktokPublisher/)]);
    for (const [, fn] of signers) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        MEDIA_PULL_KEY_PAIR_ID: { Ref: expect.stringMatching(/^MediaPullPublicKey/) },
        MEDIA_PULL_PRIVATE_KEY_SECRET: MEDIA_PULL.privateKeySecretName,
        MEDIA_PULL_ORIGIN: expect.anything(),
      });
    }
    const readers = resources(synth, 'AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('media-pull-private-key'));
    expect(readers.map(([id]) => id)).toEqual([expect.stringMatching(/^PublishingTiktokPublisher/)]);
    expect(synth.runtimeConfig.tiktokPhotos).toBe(true);
  });

  it('makes no dependency cycle (the SPA distribution and the media bucket CORS stay as they were) and passes cdk-nag', () => {
    // The check finds a cycle where there is one.
    expect(dependencyCycle({ A: { Properties: { x: { Ref: 'B' } } }, B: { Properties: { y: { 'Fn::GetAtt': ['A', 'Arn'] } } } })).toEqual(['A', 'B', 'A']);
    expect(dependencyCycle(synth.template.toJSON().Resources as Record<string, TemplateJson>)).toBeNull();
    expect(synth.violations.filter((v) => v.violatingConstructs.some((c) => c.constructPath.includes('MediaPull')))).toEqual([]);
  });
});

describe('media pulls, not configured', () => {
  it('creates no key, key group or pull distribution, and photo posts are off everywhere', () => {
    const synth = synthApp();

    expect(resources(synth, 'AWS::CloudFront::PublicKey')).toEqual([]);
    expect(pullDistribution(synth)).toBeUndefined();
    for (const [, fn] of functions(synth)) {
      expect(fn.Properties.Environment.Variables.TIKTOK_PHOTOS).toBe('false');
      expect(fn.Properties.Environment.Variables.MEDIA_PULL_KEY_PAIR_ID).toBeUndefined();
    }
    expect(synth.runtimeConfig.tiktokPhotos).toBe(false);
  });
});
