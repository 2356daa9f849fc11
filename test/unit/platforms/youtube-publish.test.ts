import { describe, expect, it } from 'vitest';
import { NOW, aFakePlatform, aPublishContext, aPublisher, aVideo, expectCheckpointBefore, expectPlatformError, type Reply } from './fake-platform';

const account = { accountId: 'UCsbx000000000000000ada1', accountName: 'Ada Bakes' };
const SESSION = 'https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status&upload_id=S1';
const started: Reply = { status: 200, headers: { location: SESSION } };
const done: Reply = { status: 200, body: { kind: 'youtube#video', id: 'vid12345678', status: { uploadStatus: 'uploaded' } } };
const list = (uploadStatus: string, extra: Record<string, string> = {}): Reply => ({
  body: { items: [{ id: 'vid12345678', status: { uploadStatus, ...extra } }] },
});
const gErr = (code: number, reason: string): Reply => ({
  status: code,
  body: { error: { code, message: reason, errors: [{ message: reason, domain: 'youtube', reason }] } },
});
const bytes = Buffer.alloc(9 * 256 * 1024 * 4, 7); // 9 MiB: two chunks

function aYouTube(checkpoint: Parameters<typeof aPublishContext>[2], media = [aVideo(bytes)], ...replies: Parameters<typeof aFakePlatform>) {
  return aPublisher('youtube', { ...account, title: 'Morning bake #shorts', media }, checkpoint, replies);
}

/** The same two-chunk upload twice: once from a new session, once resumed from a checkpoint at offset 0. */
function aFreshAndAResumedUpload() {
  const firstChunkTaken: Reply = { status: 308, headers: { range: 'bytes=0-8388607' } };
  return {
    fresh: aYouTube(null, undefined, started, firstChunkTaken, done, list('uploaded')),
    resumed: aYouTube({ sessionUri: SESSION, total: bytes.length, offset: 0 }, undefined, firstChunkTaken, done, list('uploaded')),
  };
}

describe('YouTube publishStep', () => {
  it('starts a resumable session with title, description and public status, then PUTs the bytes in 256 KiB-multiple chunks', async () => {
    const { step, requests, saved } = aYouTube(null, undefined, started, { status: 308, headers: { range: 'bytes=0-8388607' } }, done, list('uploaded'));

    await expect(step()).resolves.toEqual({ status: 'wait', retryAfterSeconds: 15 });
    expect(requests[0]!.url.href).toBe('https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet%2Cstatus');
    expect(requests[0]!.headers['x-upload-content-length']).toBe(String(bytes.length));
    expect(JSON.parse(requests[0]!.body)).toMatchObject({
      snippet: { title: 'Morning bake #shorts', description: 'Fresh sourdough at 7am #bakery' },
      status: { privacyStatus: 'public' },
    });
    expect(requests[1]!.headers['content-range']).toBe(`bytes 0-8388607/${bytes.length}`);
    expect(requests[2]!.headers['content-range']).toBe(`bytes 8388608-${bytes.length - 1}/${bytes.length}`);
    expect(saved.at(-1)).toEqual({ videoId: 'vid12345678' });
  });

  it('saves the session URI and offset before every PUT, marking the final chunk', async () => {
    const { step, timeline, saved } = aYouTube(null, undefined, started, { status: 308, headers: { range: 'bytes=0-8388607' } }, done, list('uploaded'));

    await step();

    expectCheckpointBefore(timeline, 'sessionUri', 'PUT /upload/youtube/v3/videos');
    expect(saved.filter((cp) => cp.finalChunkAt)).toEqual([{ sessionUri: SESSION, total: bytes.length, offset: 8388608, finalChunkAt: NOW.toISOString() }]);
  });

  it('uploads all but the last chunk ahead of time and waits for the due second right before the last byte creates the video', async () => {
    const { step, timeline } = aYouTube(null, undefined, started, { status: 308, headers: { range: 'bytes=0-8388607' } }, done, list('uploaded'));

    await step();

    const puts = timeline.flatMap((e, i) => (e.startsWith('PUT ') ? [i] : []));
    const due = timeline.indexOf('due');
    expect(puts).toHaveLength(2);
    expect(timeline.filter((e) => e === 'due')).toHaveLength(1);
    expect(puts[0]).toBeLessThan(due);
    expect(timeline[due - 1]).toContain('finalChunkAt');
    expect(puts[1]).toBe(due + 1);
  });

  it('posts once processing finished, with the watch URL', async () => {
    const { step } = aYouTube({ videoId: 'vid12345678' }, undefined, list('processed'));

    await expect(step()).resolves.toEqual({ status: 'posted', platformPostId: 'vid12345678', postUrl: 'https://www.youtube.com/watch?v=vid12345678' });
  });

  it('on a redelivery asks the session where it is, and takes the video when it already exists', async () => {
    const { step, requests } = aYouTube(
      { sessionUri: SESSION, total: bytes.length, offset: 8388608, finalChunkAt: NOW.toISOString() },
      undefined,
      done,
      list('processed'),
    );

    await expect(step()).resolves.toMatchObject({ status: 'posted', platformPostId: 'vid12345678' });
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(requests[0]!.body).toBe('');
  });

  it('resumes from the Range the session reports', async () => {
    const { step, requests } = aYouTube(
      { sessionUri: SESSION, total: bytes.length, offset: 0 },
      undefined,
      { status: 308, headers: { range: 'bytes=0-8388607' } },
      done,
      list('uploaded'),
    );

    await step();
    expect(requests[1]!.headers['content-range']).toBe(`bytes 8388608-${bytes.length - 1}/${bytes.length}`);
  });

  it('reports an unknown outcome when the session is gone after the final chunk may have landed', async () => {
    const { step } = aYouTube({ sessionUri: SESSION, total: bytes.length, offset: 8388608, finalChunkAt: NOW.toISOString() }, undefined, gErr(404, 'notFound'));

    await expectPlatformError(step(), { category: 'unknown-outcome' });
  });

  it('starts a new session when the old one is gone before the final chunk', async () => {
    const { step, requests } = aYouTube(
      { sessionUri: SESSION, total: bytes.length, offset: 0 },
      undefined,
      gErr(404, 'notFound'),
      started,
      { status: 308, headers: { range: 'bytes=0-8388607' } },
      done,
      list('uploaded'),
    );

    await expect(step()).resolves.toMatchObject({ status: 'wait' });
    expect(requests[1]!.method).toBe('POST');
  });

  it('sends the Authorization header on every PUT of the session: each chunk and the status query', async () => {
    const { fresh, resumed } = aFreshAndAResumedUpload();

    await fresh.step();
    await resumed.step();

    const puts = [...fresh.requests, ...resumed.requests].filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers['content-range'])).toEqual([
      `bytes 0-8388607/${bytes.length}`,
      `bytes 8388608-${bytes.length - 1}/${bytes.length}`,
      `bytes */${bytes.length}`,
      `bytes 8388608-${bytes.length - 1}/${bytes.length}`,
    ]);
    expect(puts.every((r) => r.headers['authorization'] === 'Bearer publish-token-c2VjcmV0LXRva2VuLXZhbHVl')).toBe(true);
  });

  it("counts each new upload session against the project's daily videos.insert quota, and not a resumed one", async () => {
    const { fresh, resumed } = aFreshAndAResumedUpload();
    const claims: string[] = [];
    for (const y of [fresh, resumed]) y.context.claimDailyQuota = async (bucket) => (claims.push(bucket), { ok: true });

    await fresh.step();
    await resumed.step();

    expect(claims).toEqual(['youtube.videos.insert']);
  });

  it('stops before calling YouTube when the daily upload quota is used up, saying when it resets', async () => {
    const y = aYouTube(null, undefined, started);
    y.context.claimDailyQuota = async () => ({ ok: false, limit: 100, resetsAt: '2026-11-25T08:00:00.000Z' });

    const error = await expectPlatformError(y.step(), { category: 'backoff' });

    expect(y.requests).toHaveLength(0);
    expect(error.message).toMatch(/upload limit for today \(100 videos\) is used up.*midnight Pacific time \(2026-11-25 08:00 UTC\)/);
    expect(error.details.retryAfterSeconds).toBe((Date.parse('2026-11-25T08:00:00.000Z') - NOW.getTime()) / 1000);
  });

  it.each([
    ['quotaExceeded', gErr(403, 'quotaExceeded'), 'stop', /midnight Pacific/],
    ['uploadLimitExceeded', gErr(400, 'uploadLimitExceeded'), 'backoff', /daily upload limit; we will try again after 05:00 UTC/],
    ['invalidTitle', gErr(400, 'invalidTitle'), 'fix-input', /1 to 100 characters/],
    ['authError', gErr(401, 'authError'), 'reauth', /Your YouTube connection has expired; reconnect it on Platforms/],
    ['rateLimitExceeded', { ...gErr(429, 'rateLimitExceeded'), headers: { 'retry-after': '120' } }, 'backoff', /after 05:02 UTC/],
    ['backendError', gErr(503, 'backendError'), 'retry', /temporary problem/],
  ] as const)('maps %s to %s', async (_reason, reply, category, message) => {
    const error = await expectPlatformError(aYouTube(null, undefined, reply as Reply).step(), { category }, ['publish-token-c2VjcmV0LXRva2VuLXZhbHVl']);
    expect(error.message).toMatch(message);
  });

  it('fails a video YouTube could not process, and asks for a video when there is none', async () => {
    await expectPlatformError(aYouTube({ videoId: 'vid12345678' }, undefined, list('failed', { failureReason: 'codec' })).step(), { category: 'fix-input' });
    await expectPlatformError(aYouTube(null, []).step(), { category: 'fix-input' });
  });
});
