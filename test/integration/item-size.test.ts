import { DeleteItemCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TITLE_TOO_LONG_MESSAGE } from '@shared/compose';
import { describe, expect, it } from 'vitest';
import { db } from '../../functions/data/table';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/**
 * A post is one item, and DynamoDB refuses items over 400 KB counted in UTF-8
 * bytes. The API must refuse a post that would not fit with a 400 that says so, writing nothing,
 * and the local table must count bytes as DynamoDB does, so these tests fail if the API stops
 * checking (dynalite alone counted characters and took what AWS refuses).
 */
const TOO_LARGE = /^This post is too large to save \(\d{3} KB of 384 KB\)\. Shorten the captions or the title\.$/;
/** 60,000 emoji: under Facebook's 63,206-character limit, but 240,000 UTF-8 bytes. */
const EMOJI_CAPTION = '😀'.repeat(60_000);

describe('the size of a post', () => {
  it('refuses multi-byte captions for several Facebook Pages that exceed the item size, writing nothing', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const [pageA, pageB] = [await aConnectedAccount(user.userId, 'facebook', 'Page A'), await aConnectedAccount(user.userId, 'facebook', 'Page B')];
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: {
        scheduled_at: inDays(1),
        platforms: [pageA, pageB].map((page) => ({ platform: 'facebook', social_account_id: page.id, caption: EMOJI_CAPTION })),
      },
    });

    // Assess: nothing stored, not even this month's usage count
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(TOO_LARGE);
    expect(Number(/\((\d+) KB/.exec(res.body.error.message)![1])).toBeGreaterThan(400);
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('keeps the same captions when they fit: one Page with 240 KB of emoji is saved', async () => {
    const user = await aConfirmedUser();
    const page = await aConnectedAccount(user.userId, 'facebook');

    const res = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { platforms: [{ platform: 'facebook', social_account_id: page.id, caption: EMOJI_CAPTION }] },
    });

    expect(res.status).toBe(201);
    expect(res.body.platforms[0].caption).toBe(EMOJI_CAPTION);
  });

  it('refuses an edit that would make the post too large and leaves the post as it was', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const [pageA, pageB] = [await aConnectedAccount(user.userId, 'facebook', 'Page A'), await aConnectedAccount(user.userId, 'facebook', 'Page B')];
    const created = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { platforms: [pageA, pageB].map((page) => ({ platform: 'facebook', social_account_id: page.id, caption: 'short' })) },
    });
    expect(created.status).toBe(201);
    const before = await itemsOfUser(user.userId);

    // Act
    const res = await weCallTheApi('PATCH', `/api/posts/${created.body.id}`, {
      token: user.accessToken,
      body: { scheduled_at: null, platforms: created.body.platforms.map((t: { id: string }) => ({ id: t.id, caption: EMOJI_CAPTION })) },
    });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(TOO_LARGE);
    expect(await itemsOfUser(user.userId)).toEqual(before);
  });

  it('bounds the title when YouTube is not selected: a 400 KB title is refused with a clear message', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const page = await aConnectedAccount(user.userId, 'facebook');
    const before = await itemsOfUser(user.userId);

    // Act
    const huge = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { title: 'x'.repeat(400 * 1024), platforms: [{ platform: 'facebook', social_account_id: page.id, caption: 'hi' }] },
    });
    const afterHuge = await itemsOfUser(user.userId);
    const generous = await weCallTheApi('POST', '/api/posts', {
      token: user.accessToken,
      body: { title: 'x'.repeat(1000), platforms: [{ platform: 'facebook', social_account_id: page.id, caption: 'hi' }] },
    });

    // Assess
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toBe(TITLE_TOO_LONG_MESSAGE);
    expect(afterHuge).toEqual(before);
    expect(generous.status).toBe(201);
    const posts = (items: Record<string, unknown>[]) => items.filter((i) => String(i.sk).startsWith('POST#'));
    expect(posts(await itemsOfUser(user.userId))).toHaveLength(posts(before).length + 1);
  });

  it('gives a stored item that grew too large a 400, never a 500 (every write is bounded)', async () => {
    // Prepare: a post written straight to the table cannot be made larger than DynamoDB allows
    const user = await aConfirmedUser();
    const page = await aConnectedAccount(user.userId, 'facebook');
    const attempt = aStoredPost(user.userId, page, { title: '😀'.repeat(120_000) });

    // Assess
    await expect(attempt).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(TOO_LARGE) });
  });
});

describe('every write through the data layer', () => {
  it('refuses an item over 400 KB in UTF-8 bytes with a 400 before sending it', async () => {
    // 110,000 emoji: 440,000 bytes, though only 220,000 UTF-16 units
    const put = db().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { pk: 'SIZE-PROBE', sk: 'GUARD', text: '😀'.repeat(110_000) } }));

    await expect(put).rejects.toMatchObject({ statusCode: 400, message: 'This is too large to save (430 KB of 400 KB). Shorten the text and try again.' });
    expect((await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: 'SIZE-PROBE', sk: 'GUARD' } }))).Item).toBeUndefined();
  });
});

describe('the local table counts item sizes in UTF-8 bytes, as DynamoDB does', () => {
  const raw = () =>
    new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const key = { pk: { S: 'SIZE-PROBE' }, sk: { S: `PROBE#${Date.now()}` } };

  it('refuses an item of 110,000 emoji (440,000 bytes; 220,000 UTF-16 units) with ValidationException', async () => {
    const client = raw();

    const put = client.send(new PutItemCommand({ TableName: process.env.TABLE_NAME, Item: { ...key, text: { S: '😀'.repeat(110_000) } } }));

    await expect(put).rejects.toMatchObject({ name: 'ValidationException', message: 'Item size has exceeded the maximum allowed size' });
    client.destroy();
  });

  it('takes an item just under 400 KB in bytes', async () => {
    const client = raw();

    await client.send(new PutItemCommand({ TableName: process.env.TABLE_NAME, Item: { ...key, text: { S: '😀'.repeat(102_000) } } }));
    await client.send(new DeleteItemCommand({ TableName: process.env.TABLE_NAME, Key: key }));
    client.destroy();
  });
});
