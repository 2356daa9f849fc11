import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

/**
 * What real S3 refuses and s3rver takes, made to refuse as S3 does, so a local upload fails where a
 * deployed one would:
 *
 * - A browser POST (presigned POST form) is checked against its policy: the SigV4 signature over
 *   the policy, its expiry, every condition (exact, starts-with, content-length-range) and no form
 *   field the policy does not name. A file outside content-length-range is EntityTooSmall /
 *   EntityTooLarge (400); anything else the policy refuses is AccessDenied, a bad signature
 *   SignatureDoesNotMatch (403). S3's XML error body, through s3rver's own error rendering.
 * - A ranged GET whose first byte is past the end of the object (any range of an empty object) is
 *   416 InvalidRange; s3rver answered an empty object with 206 "bytes 0-0/0".
 *
 * References: the S3 API reference, "POST Policy" and "Authenticating Requests in Browser-Based
 * Uploads Using POST (AWS Signature Version 4)", and its error code list.
 */
const require = createRequire(import.meta.url);

interface KoaContext {
  req: Readable & { headers: Record<string, string | string[] | undefined> };
  params: { bucket: string; key?: string };
  headers: Record<string, string | undefined>;
  status: number;
  body: unknown;
  get(name: string): string;
  response: { get(name: string): string };
}
type Controller = (ctx: KoaContext) => Promise<void>;
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, unknown>) => Error;

export interface PolicyRefusal {
  code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'EntityTooSmall' | 'EntityTooLarge' | 'InvalidArgument';
  message: string;
  detail?: Record<string, unknown>;
}

export interface PostForm {
  /** The form's fields before the file, in order, as sent (names keep their case). */
  fields: readonly (readonly [string, string])[];
  /** Bytes in the `file` field. */
  fileSize: number;
  bucket: string;
  now: Date;
  /** The secret key of an access key id, or undefined when the key is unknown. */
  secretFor(accessKeyId: string): string | undefined;
}

type Condition = Record<string, unknown> | readonly unknown[];
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const accessDenied = (why: string): PolicyRefusal => ({ code: 'AccessDenied', message: `Invalid according to Policy: ${why}` });
const conditionText = (condition: Condition) =>
  Array.isArray(condition) ? `[${condition.map((c) => JSON.stringify(c)).join(', ')}]` : JSON.stringify(condition);

/** Why S3 would refuse this POST form, or null when it would store the file. */
export function postPolicyProblem(form: PostForm): PolicyRefusal | null {
  const field = new Map<string, string>();
  for (const [name, value] of form.fields) if (!field.has(name.toLowerCase())) field.set(name.toLowerCase(), value);
  const policyText = field.get('policy');
  if (policyText === undefined) return { code: 'AccessDenied', message: 'Access Denied' };

  const credential = field.get('x-amz-credential') ?? '';
  const [accessKeyId, date, region, service] = credential.split('/');
  const secret = accessKeyId ? form.secretFor(accessKeyId) : undefined;
  if (!secret || !date || !region || !service || field.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    return { code: 'InvalidArgument', message: 'POST form fields x-amz-algorithm and x-amz-credential must name AWS4-HMAC-SHA256 and a known access key' };
  }
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(policyText).digest('hex');
  if (field.get('x-amz-signature') !== expected) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }

  let policy: { expiration?: string; conditions?: Condition[] };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return { code: 'InvalidArgument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expiration = Date.parse(policy.expiration ?? '');
  if (Number.isNaN(expiration) || expiration < form.now.getTime()) return accessDenied('Policy expired.');

  const valueOf = (name: string) => (name === 'bucket' ? form.bucket : field.get(name));
  const named = new Set<string>();
  for (const condition of policy.conditions ?? []) {
    if (Array.isArray(condition)) {
      const [op, target, expected] = condition as [string, unknown, unknown];
      if (String(op).toLowerCase() === 'content-length-range') {
        const [min, max] = [Number(target), Number(expected)];
        if (form.fileSize < min)
          return {
            code: 'EntityTooSmall',
            message: 'Your proposed upload is smaller than the minimum allowed size',
            detail: { ProposedSize: form.fileSize, MinSizeAllowed: min },
          };
        if (form.fileSize > max)
          return {
            code: 'EntityTooLarge',
            message: 'Your proposed upload exceeds the maximum allowed size',
            detail: { ProposedSize: form.fileSize, MaxSizeAllowed: max },
          };
        continue;
      }
      const name = String(target).replace(/^\$/, '').toLowerCase();
      named.add(name);
      const actual = valueOf(name) ?? '';
      const holds = String(op).toLowerCase() === 'eq' ? actual === expected : String(op).toLowerCase() === 'starts-with' && actual.startsWith(String(expected));
      if (!holds) return accessDenied(`Policy Condition failed: ${conditionText(condition)}`);
    } else {
      for (const [key, expected] of Object.entries(condition)) {
        const name = key.toLowerCase();
        named.add(name);
        if (valueOf(name) !== expected) return accessDenied(`Policy Condition failed: ${conditionText(['eq', `$${key}`, expected])}`);
      }
    }
  }
  const unchecked = ['policy', 'x-amz-signature', 'file'];
  const extra = [...field.keys()].filter((name) => !unchecked.includes(name) && !name.startsWith('x-ignore-') && !named.has(name));
  if (extra.length) return accessDenied(`Extra input fields: ${extra.join(', ')}`);
  return null;
}

async function bodyOf(req: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The form's fields up to the file (S3 ignores what follows it) and the file's size. */
async function readForm(body: Buffer, contentType: string): Promise<{ fields: [string, string][]; fileSize: number } | null> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
  const fields: [string, string][] = [];
  for (const [name, value] of form.entries()) {
    if (name === 'file') return { fields, fileSize: typeof value === 'string' ? Buffer.byteLength(value) : value.size };
    if (typeof value === 'string') fields.push([name, value]);
  }
  return null;
}

let installed = false;

/** Installs the checks into s3rver's object controller (its routes call the controller through the module). */
export function enforceS3Rules(now: () => Date = () => new Date()): void {
  if (installed) return;
  installed = true;
  const objects = require('s3rver/lib/controllers/object.js') as { postObject: Controller; getObject: Controller };
  const S3Error = require('s3rver/lib/models/error.js') as S3ErrorClass;
  const { registry } = require('s3rver/lib/models/account.js') as { registry: Map<string, { accessKeys: Map<string, string> }> };

  const postObject = objects.postObject;
  objects.postObject = async (ctx) => {
    const contentType = ctx.get('content-type');
    // s3rver's own answer to a POST that is not a form stands.
    if (!/^multipart\/form-data/i.test(contentType)) return postObject(ctx);
    const body = await bodyOf(ctx.req);
    const form = await readForm(body, contentType);
    if (form) {
      const refusal = postPolicyProblem({
        ...form,
        bucket: ctx.params.bucket,
        now: now(),
        secretFor: (id) => registry.get(id)?.accessKeys.get(id),
      });
      if (refusal) throw new S3Error(refusal.code, refusal.message, refusal.detail);
    }
    // s3rver reads the form itself, from the bytes already taken off the socket.
    ctx.req = Object.assign(Readable.from([body]), { headers: ctx.req.headers });
    return postObject(ctx);
  };

  const getObject = objects.getObject;
  objects.getObject = async (ctx) => {
    await getObject(ctx);
    const range = /^bytes (\d+)-\d+\/(\d+)$/.exec(ctx.status === 206 ? ctx.response.get('content-range') : '');
    if (range && Number(range[1]) >= Number(range[2])) {
      (ctx.body as Readable | undefined)?.destroy?.();
      throw new S3Error('InvalidRange', 'The requested range is not satisfiable', { RangeRequested: ctx.get('range'), ActualObjectSize: Number(range[2]) });
    }
  };
}
