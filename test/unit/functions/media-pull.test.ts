import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../../functions/lib/env';
import {
  MEDIA_PULL_TTL_SECONDS,
  mediaPullSigner,
  objectKeyOfPullPath,
  pullPath,
  pullSigner,
  resetMediaPullSignerForTests,
} from '../../../functions/lib/media-pull';
import { pullSignatureProblem } from '../../../local/media-pull';

/**
 * The pull URLs TikTok downloads photo posts from (docs/tiktok.md#photo-posts): signed as CloudFront
 * checks them (canned policy, SHA-256), valid through TikTok's pull window and refused after it.
 */
const aKeyPair = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const keys = aKeyPair();
const NOW = new Date('2026-11-26T05:00:00.000Z');
const KEY = 'us-east-1:5f0c/1764133200000-ab12cd34.jpg';
const trusted = { K2TESTKEYPAIR: keys.publicKey };
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('signing a pull URL', () => {
  const url = pullSigner('https://d111.cloudfront.net/', 'K2TESTKEYPAIR', keys.privateKey).sign(KEY, NOW);

  it('points at /media-pull/<object key> with a canned-policy SHA-256 signature from the key pair', () => {
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`https://d111.cloudfront.net${pullPath(KEY)}`);
    expect(parsed.pathname).toBe('/media-pull/us-east-1%3A5f0c/1764133200000-ab12cd34.jpg');
    expect(parsed.searchParams.get('Key-Pair-Id')).toBe('K2TESTKEYPAIR');
    expect(parsed.searchParams.get('Hash-Algorithm')).toBe('SHA256');
    expect(Number(parsed.searchParams.get('Expires'))).toBe(NOW.getTime() / 1000 + MEDIA_PULL_TTL_SECONDS);
  });

  it("is valid through TikTok's one-hour download window and refused once it expired", () => {
    expect(pullSignatureProblem(url, trusted, at(0))).toBeNull();
    expect(pullSignatureProblem(url, trusted, at(60 * 60 + 30))).toBeNull();
    expect(pullSignatureProblem(url, trusted, at(MEDIA_PULL_TTL_SECONDS))).toBe('expired');
  });

  it('is refused when anything signed was changed, or signed by a key the distribution does not trust', () => {
    const otherObject = url.replace('ab12cd34.jpg', 'ab12cd35.jpg');
    const longer = url.replace(/Expires=\d+/, `Expires=${NOW.getTime() / 1000 + 10 * MEDIA_PULL_TTL_SECONDS}`);
    const stranger = pullSigner('https://d111.cloudfront.net', 'K2TESTKEYPAIR', aKeyPair().privateKey).sign(KEY, NOW);

    expect(pullSignatureProblem(otherObject, trusted, at(1))).toBe('signature does not match');
    expect(pullSignatureProblem(longer, trusted, at(1))).toBe('signature does not match');
    expect(pullSignatureProblem(stranger, trusted, at(1))).toBe('signature does not match');
    expect(pullSignatureProblem(url, { OTHERKEY: keys.publicKey }, at(1))).toBe('unknown Key-Pair-Id');
    expect(pullSignatureProblem(url.split('?')[0]!, trusted, at(1))).toMatch(/^missing/);
  });
});

describe('the object key a pull path names', () => {
  it('maps /media-pull/<key> back to the key and refuses anything else', () => {
    expect(objectKeyOfPullPath(pullPath(KEY))).toBe(KEY);
    expect(objectKeyOfPullPath('/assets/app.js')).toBeNull();
    expect(objectKeyOfPullPath('/media-pull/u/../other/x.jpg')).toBeNull();
    expect(objectKeyOfPullPath('/media-pull/u//x.jpg')).toBeNull();
  });
});

describe("this deployment's signer", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
    resetMediaPullSignerForTests();
  });
  const useEnv = (extra: Record<string, string>) => {
    process.env = { ...saved, TABLE_NAME: 't', MEDIA_BUCKET: 'b', APP_ORIGIN: 'http://localhost:3000', ...extra };
    resetEnvForTests();
    resetMediaPullSignerForTests();
  };

  it('is absent while photo posts are off', async () => {
    useEnv({ TIKTOK_PHOTOS: 'false', MEDIA_PULL_KEY_PAIR_ID: 'K1' });
    await expect(mediaPullSigner()).resolves.toBeNull();
  });

  it('reads the private key once and signs URLs on MEDIA_PULL_ORIGIN that the matching public key verifies', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pull-key-')), 'private-key.pem');
    fs.writeFileSync(file, keys.privateKey);
    useEnv({ TIKTOK_PHOTOS: 'true', MEDIA_PULL_KEY_PAIR_ID: 'K2TESTKEYPAIR', MEDIA_PULL_PRIVATE_KEY_FILE: file, MEDIA_PULL_ORIGIN: 'https://pull.example' });

    const signer = await mediaPullSigner();
    const url = signer!.sign(KEY, NOW);

    expect(url.startsWith('https://pull.example/media-pull/')).toBe(true);
    expect(pullSignatureProblem(url, trusted, at(5))).toBeNull();
    expect(await mediaPullSigner()).toBe(signer);
  });
});
