import { describe, expect, it } from 'vitest';
import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import { NOW, aPublisher, aVideo, anImage, expectDueRightBefore, type Reply } from './fake-platform';

/** Carousel steps (docs/platforms.md#carousels-and-multi-photo-posts): each item, the parent and the publish are checkpointed. */
const account = { accountId: '17840000000000001', accountName: '@cornercafe' };
const V = `/${GRAPH_VERSION}`;
const created = (id: string): Reply => ({ body: { id } });
const status = (status_code: string): Reply => ({ body: { id: 'c', status_code } });
const permalink: Reply = { body: { id: 'm1', permalink: 'https://www.instagram.com/p/CAR123/' } };
const threeFiles = [anImage(1), anImage(2), aVideo()];
const since = NOW.toISOString();

function aCarousel(checkpoint: Parameters<typeof aPublisher>[2], ...replies: Parameters<typeof aPublisher>[3]) {
  return aPublisher('instagram', { ...account, media: threeFiles }, checkpoint, replies);
}

const itemCreations = (requests: { method: string; url: URL; form: Record<string, string> }[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === `${V}/${account.accountId}/media` && r.form.is_carousel_item === 'true');

describe('Instagram carousel steps', () => {
  it('saves each item container as it is made, then the parent, and waits for the due second right before media_publish', async () => {
    const { step, saved, requests, timeline } = aCarousel(
      null,
      created('k1'),
      created('k2'),
      created('k3'),
      status('FINISHED'),
      status('FINISHED'),
      status('FINISHED'),
      created('p1'),
      status('FINISHED'),
      created('m1'),
      permalink,
    );

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: 'm1', postUrl: 'https://www.instagram.com/p/CAR123/' });

    expect(saved.slice(0, 4)).toEqual([
      { carouselItems: 'k1', processingSince: since },
      { carouselItems: 'k1,k2', processingSince: since },
      { children: 'k1,k2,k3', processingSince: since },
      { containerId: 'p1', processingSince: since, containerMadeAt: since },
    ]);
    const items = itemCreations(requests);
    expect(items.map((r) => r.form.image_url ?? r.form.video_url)).toEqual([anImage(1).url, anImage(2).url, aVideo().url]);
    expect(items[2]!.form.media_type).toBe('VIDEO');
    expect(items.every((r) => r.form.caption === undefined)).toBe(true);
    expect(requests.find((r) => r.form.media_type === 'CAROUSEL')!.form).toMatchObject({ children: 'k1,k2,k3', caption: 'Fresh sourdough at 7am #bakery' });
    expectDueRightBefore(timeline, 'publishAttemptedAt', `POST ${V}/${account.accountId}/media_publish`);
  });

  it('a redelivery after two of three items makes only the third, and the processing budget starts again with it', async () => {
    const tenMinutesAgo = new Date(NOW.getTime() - 600_000).toISOString();
    const { step, requests, saved } = aCarousel(
      { carouselItems: 'k1,k2', processingSince: tenMinutesAgo },
      created('k3'),
      status('IN_PROGRESS'),
      status('FINISHED'),
      status('FINISHED'),
    );

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 3 });

    expect(itemCreations(requests).map((r) => r.form.video_url)).toEqual([aVideo().url]);
    expect(saved).toEqual([{ children: 'k1,k2,k3', processingSince: since }]);
  });

  it("looks at a parent made after a minute of item processing again in 3 s, not at the items' next minute", async () => {
    const seventySecondsAgo = new Date(NOW.getTime() - 70_000).toISOString();
    const { step, saved } = aCarousel(
      { children: 'k1,k2,k3', processingSince: seventySecondsAgo },
      status('FINISHED'),
      status('FINISHED'),
      status('FINISHED'),
      created('p1'),
      status('IN_PROGRESS'),
    );

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 3 });

    expect(saved).toEqual([{ containerId: 'p1', processingSince: seventySecondsAgo, containerMadeAt: since }]);
  });

  it('a crash while making an item keeps the items already made for the next delivery', async () => {
    const { step, saved } = aCarousel(null, created('k1'), created('k2'), 'network-error');

    await expect(step()).rejects.toMatchObject({ category: 'retry' });

    expect(saved.at(-1)).toEqual({ carouselItems: 'k1,k2', processingSince: since });
  });

  it('a redelivery after media_publish whose answer was lost finds the carousel PUBLISHED and never publishes again', async () => {
    const { step, requests } = aCarousel({ containerId: 'p1', processingSince: since, publishAttemptedAt: since }, status('PUBLISHED'), {
      body: {
        data: [{ id: 'm7', caption: 'Fresh sourdough at 7am #bakery', permalink: 'https://www.instagram.com/p/CAR7/', timestamp: '2026-11-22T05:00:01+0000' }],
      },
    });

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: 'm7', postUrl: 'https://www.instagram.com/p/CAR7/' });
    expect(requests.some((r) => r.url.pathname.endsWith('/media_publish'))).toBe(false);
    expect(itemCreations(requests)).toHaveLength(0);
  });

  it('an item that expired before the parent was made starts the carousel again from the first item', async () => {
    const { step, requests, saved } = aCarousel(
      { children: 'k1,k2,k3', processingSince: since },
      status('FINISHED'),
      status('EXPIRED'),
      status('FINISHED'),
      created('n1'),
      created('n2'),
      created('n3'),
      status('IN_PROGRESS'),
      status('IN_PROGRESS'),
      status('IN_PROGRESS'),
    );

    await expect(step()).resolves.toMatchObject({ status: 'wait' });
    expect(itemCreations(requests)).toHaveLength(3);
    expect(saved).toContainEqual({ children: 'n1,n2,n3', processingSince: since });
  });
});
