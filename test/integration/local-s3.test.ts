import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { MAX_UPLOAD_BYTES, type PresignUploadResponse } from '@shared/media';
import { describe, expect, it } from 'vitest';
import { s3Client } from '../../functions/lib/aws';
import { aConfirmedUser } from '../helpers/given';
import { aMediaKey, anObjectStoredDirectly, aPng, objectExists, weAskToUpload, weConfirmTheUpload, weUploadTo, type AFile } from '../helpers/media';

/** S3's XML error: its code and the details S3 adds. */
async function s3ErrorOf(res: Response) {
  const xml = await res.text();
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  return {
    status: res.status,
    code: tag('Code'),
    message: tag('Message'),
    proposedSize: tag('ProposedSize'),
    min: tag('MinSizeAllowed'),
    max: tag('MaxSizeAllowed'),
  };
}

/** A form from the API for `file` as the browser would declare it. */
async function aFormFor(file: { name: string; type: string; size: number }) {
  const user = await aConfirmedUser();
  const form = await weAskToUpload(user.accessToken, file);
  expect(form.status).toBe(200);
  return { user, form: form.body as PresignUploadResponse };
}

describe('the local S3 enforces a presigned POST policy as S3 does', () => {
  it('refuses an empty file with 400 EntityTooSmall, stores nothing, and confirm then finds no upload', async () => {
    // Prepare: the browser declared 10 bytes, then sent none
    const { user, form } = await aFormFor({ name: 'empty.png', type: 'image/png', size: 10 });

    // Act
    const res = await weUploadTo(form, { name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) });

    // Assess
    expect(await s3ErrorOf(res)).toMatchObject({ status: 400, code: 'EntityTooSmall', proposedSize: '0', min: '1' });
    expect(await objectExists(form.key)).toBe(false);
    expect((await weConfirmTheUpload(user.accessToken, form.key)).status).toBe(400);
  });

  it('refuses a file over 100 MB with 400 EntityTooLarge, whatever size the form was asked for', async () => {
    const { form } = await aFormFor({ name: 'tiny.mp4', type: 'video/mp4', size: 1000 });

    const res = await weUploadTo(form, { name: 'tiny.mp4', type: 'video/mp4', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1) });

    expect(await s3ErrorOf(res)).toMatchObject({ status: 400, code: 'EntityTooLarge', max: String(MAX_UPLOAD_BYTES) });
    expect(await objectExists(form.key)).toBe(false);
  }, 60_000);

  it('refuses a Content-Type other than the one the form was signed for with 403 AccessDenied', async () => {
    const { form } = await aFormFor({ name: 'a.png', type: 'image/png', size: 100 });
    const relabelled = { ...form, fields: { ...form.fields, 'Content-Type': 'text/html' } };

    const res = await weUploadTo(relabelled, { name: 'a.html', type: 'text/html', bytes: Buffer.from('<script>alert(1)</script>') });

    expect(await s3ErrorOf(res)).toMatchObject({ status: 403, code: 'AccessDenied', message: expect.stringContaining('Policy Condition failed') });
    expect(await objectExists(form.key)).toBe(false);
  });

  it('refuses another key than the signed one, and a field the policy does not name', async () => {
    const { user, form } = await aFormFor({ name: 'a.png', type: 'image/png', size: 100 });
    const elsewhere = aMediaKey(user.userId);

    const moved = await weUploadTo({ ...form, fields: { ...form.fields, key: elsewhere } }, aPng());
    const extra = await weUploadTo({ ...form, fields: { ...form.fields, 'x-amz-meta-owner': 'someone' } }, aPng());

    expect(await s3ErrorOf(moved)).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await s3ErrorOf(extra)).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringContaining('Extra input fields: x-amz-meta-owner'),
    });
    expect(await objectExists(elsewhere)).toBe(false);
    expect(await objectExists(form.key)).toBe(false);
  });

  it('refuses a policy that was changed after signing with 403 SignatureDoesNotMatch', async () => {
    const { form } = await aFormFor({ name: 'a.png', type: 'image/png', size: 100 });
    const policy = JSON.parse(Buffer.from(form.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    const widened = {
      ...policy,
      conditions: policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 0, 10 * MAX_UPLOAD_BYTES] : c)),
    };
    const forged = { ...form, fields: { ...form.fields, Policy: Buffer.from(JSON.stringify(widened)).toString('base64') } };

    const res = await weUploadTo(forged, aPng());

    expect(await s3ErrorOf(res)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses an expired form with 403 AccessDenied', async () => {
    const user = await aConfirmedUser();
    const key = aMediaKey(user.userId);
    const expired = await createPresignedPost(s3Client(), {
      Bucket: process.env.MEDIA_BUCKET!,
      Key: key,
      Conditions: [['content-length-range', 1, MAX_UPLOAD_BYTES]],
      Expires: -60,
    });
    const file: AFile = aPng();

    const res = await weUploadTo({ key, ...expired }, file);

    expect(await s3ErrorOf(res)).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' });
    expect(await objectExists(key)).toBe(false);
  });

  it('still stores a file that meets its form', async () => {
    const { form } = await aFormFor({ name: 'a.png', type: 'image/png', size: aPng().bytes.length });

    const res = await weUploadTo(form, aPng());

    expect(res.status).toBe(204);
    expect(await objectExists(form.key)).toBe(true);
  });
});

describe('the local S3 reads ranges as S3 does', () => {
  it('answers a range of an empty object with 416 InvalidRange', async () => {
    const user = await aConfirmedUser();
    const key = aMediaKey(user.userId);
    await anObjectStoredDirectly(key, Buffer.alloc(0), 'image/png');

    const read = s3Client().send(new GetObjectCommand({ Bucket: process.env.MEDIA_BUCKET, Key: key, Range: 'bytes=0-63' }));

    await expect(read).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
  });
});
