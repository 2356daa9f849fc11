import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import S3rver from 's3rver';
import type { LocalModule } from '../modules';
import { enforceS3Rules } from './aws-rules';

/**
 * The local S3: s3rver, objects kept under .local/s3. Like S3, it enforces a presigned POST's
 * policy (signature, expiry, conditions, content-length-range) and refuses a range past the end of
 * an object (aws-rules.ts); it checks no SigV4 header signature. The API still re-checks every
 * upload's real size and type itself: a client can lie in what it asks a form for. Like S3, it
 * honours a signed GET's `response-content-disposition` (and the other `response-*` overrides), so
 * tests see the `Content-Disposition: attachment` that media URLs ask for.
 */
export const LOCAL_MEDIA_BUCKET = 'schedule-autopost-media';

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * s3rver knows only the access key S3RVER and refuses any other with InvalidAccessKeyId (it skips
 * the SigV4 maths, but not the key lookup). The local cloud's SDK clients sign as `local`
 * (cloud.ts), so that key is added to s3rver's one built-in account.
 */
export const LOCAL_ACCESS_KEY = 'local';
const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
};
DUMMY_ACCOUNT.createKeyPair(LOCAL_ACCESS_KEY, LOCAL_ACCESS_KEY);

export async function startS3(dataDir: string): Promise<{ endpoint: string; stop(): Promise<void> }> {
  enforceS3Rules();
  const directory = path.join(dataDir, 's3');
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: LOCAL_MEDIA_BUCKET, configs: [CORS] }] });
  const { port } = (await server.run()) as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** S3 as a module of the local cloud. */
export const s3Module: LocalModule = {
  name: 'S3 (s3rver)',
  async start({ dataDir }) {
    const s3 = await startS3(dataDir);
    return { env: { S3_ENDPOINT: s3.endpoint, MEDIA_BUCKET: LOCAL_MEDIA_BUCKET }, stop: s3.stop };
  },
};
