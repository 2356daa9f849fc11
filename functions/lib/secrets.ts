import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import { kmsClient } from './aws';
import { env } from './env';

/**
 * Envelope encryption for platform tokens at rest: each value gets its own random AES-256-GCM data
 * key; only the wrapped data key is stored beside the ciphertext. The wrapping key is a KMS key on
 * AWS (TOKEN_KMS_KEY_ID) and a key file under .local/ on the local cloud (LOCAL_TOKEN_KEY_FILE).
 *
 * Blob: `v1.<provider>.<wrapped data key>.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface KeyProvider {
  /** Short id stored in the blob, so a blob is never unwrapped by the wrong provider. */
  readonly id: string;
  wrap(dataKey: Buffer): Promise<Buffer>;
  unwrap(wrapped: Buffer): Promise<Buffer>;
}

const VERSION = 'v1';
const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

function seal(key: Buffer, plaintext: Buffer): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

/** The local stand-in for KMS: a 32-byte key-encryption key in a file, created on first use. */
export function localKeyProvider(file: string): KeyProvider {
  let kek: Buffer | undefined;
  const load = (): Buffer => {
    if (kek) return kek;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      // 'wx': the cloud process and a test worker may race to create it; the loser reads the winner's.
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`The local token key file ${file} does not hold a 32-byte key`);
    return (kek = key);
  };
  return {
    id: 'local',
    wrap: async (dataKey) => {
      const { iv, tag, ciphertext } = seal(load(), dataKey);
      return Buffer.concat([iv, tag, ciphertext]);
    },
    unwrap: async (wrapped) => open(load(), wrapped.subarray(0, 12), wrapped.subarray(12, 28), wrapped.subarray(28)),
  };
}

/** KMS wraps the data key on AWS; the client is injectable for tests. */
export function kmsKeyProvider(keyId: string, client: Pick<KMSClient, 'send'> = kmsClient()): KeyProvider {
  return {
    id: 'kms',
    wrap: async (dataKey) => {
      const out = await client.send(new EncryptCommand({ KeyId: keyId, Plaintext: dataKey }));
      if (!out.CiphertextBlob) throw new Error('KMS returned no ciphertext');
      return Buffer.from(out.CiphertextBlob);
    },
    unwrap: async (wrapped) => {
      const out = await client.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped }));
      if (!out.Plaintext) throw new Error('KMS returned no plaintext');
      return Buffer.from(out.Plaintext);
    },
  };
}

let provider: KeyProvider | undefined;

function keyProvider(): KeyProvider {
  if (provider) return provider;
  const { TOKEN_KMS_KEY_ID, LOCAL_TOKEN_KEY_FILE } = env();
  if (TOKEN_KMS_KEY_ID) return (provider = kmsKeyProvider(TOKEN_KMS_KEY_ID));
  if (LOCAL_TOKEN_KEY_FILE) return (provider = localKeyProvider(LOCAL_TOKEN_KEY_FILE));
  throw new Error('No token encryption key configured: set TOKEN_KMS_KEY_ID (AWS) or LOCAL_TOKEN_KEY_FILE (local)');
}

/** Tests swap the provider (or reset it after changing the environment). */
export function setKeyProviderForTests(next: KeyProvider | undefined): void {
  provider = next;
}

export async function encryptSecret(plaintext: string, keys: KeyProvider = keyProvider()): Promise<string> {
  const dataKey = randomBytes(32);
  try {
    const wrapped = await keys.wrap(dataKey);
    const { iv, tag, ciphertext } = seal(dataKey, Buffer.from(plaintext, 'utf8'));
    return [VERSION, keys.id, b64(wrapped), b64(iv), b64(tag), b64(ciphertext)].join('.');
  } finally {
    dataKey.fill(0);
  }
}

export async function decryptSecret(blob: string, keys: KeyProvider = keyProvider()): Promise<string> {
  const [version, id, wrapped, iv, tag, ciphertext, ...rest] = blob.split('.');
  if (version !== VERSION || id !== keys.id || !wrapped || !iv || !tag || ciphertext === undefined || rest.length) {
    throw new Error('Unreadable encrypted value');
  }
  const dataKey = await keys.unwrap(unb64(wrapped));
  try {
    return open(dataKey, unb64(iv), unb64(tag), unb64(ciphertext)).toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}
