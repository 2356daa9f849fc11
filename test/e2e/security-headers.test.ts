import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from '../../infra/security-headers';
import { anUploadedImage } from '../helpers/media';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount, aCreatedPost } from '../helpers/posts';
import { aPageForEachTest, signIn } from './browser';

/**
 * The local front door serves the SPA under the headers CloudFront sends (infra/security-headers.ts),
 * so a page that breaks under the production CSP breaks here, in every end-to-end test.
 */
const currentPage = aPageForEachTest();

describe('the app under the security headers users get', () => {
  it('sends CloudFront’s security headers, with a CSP that hashes this build’s inline scripts', async () => {
    const res = await fetch(`${cloud().url}/home`);
    const host = new URL(cloud().url).host;
    const hashes = inlineScriptHashes(fs.readFileSync(path.resolve('frontend/dist/index.html'), 'utf8'));
    const csp = res.headers.get('content-security-policy') ?? '';

    expect(Object.fromEntries(Object.keys(securityHeaders('')).map((name) => [name, name === 'content-security-policy' ? '' : res.headers.get(name)]))).toEqual(
      {
        ...securityHeaders(''),
      },
    );
    expect(hashes.length).toBeGreaterThan(0);
    expect(csp).toBe(
      contentSecurityPolicy({
        scripts: hashes,
        connect: [new URL(cloud().env.S3_ENDPOINT!).origin, `ws://${host}`],
        media: [new URL(cloud().env.S3_ENDPOINT!).origin],
        images: [new URL(cloud().env.S3_ENDPOINT!).origin],
      }),
    );
  });

  it('signs in and shows a user’s uploaded picture with no CSP violation', async () => {
    // Prepare
    const page = currentPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const user = await aConfirmedUser();
    const account = await aConnectedAccount(user.userId, 'facebook');
    const image = await anUploadedImage(user.accessToken);
    await aCreatedPost(user.accessToken, {
      scheduled_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      media_ids: [image.id],
      platforms: [{ platform: 'facebook', social_account_id: account.id, caption: 'Under the CSP', settings: {} }],
    });

    // Act: the posts list shows the picture from the local S3 (another origin, over http)
    await signIn(page, user);
    await page.goto(`${cloud().url}/home/posts`);

    // Assess
    await expect.poll(() => page.locator('img[src*="X-Amz-Signature"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .locator('img[src*="X-Amz-Signature"]')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(violations).toEqual([]);
  });
});
