import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, kmsKeyProvider, localKeyProvider, setKeyProviderForTests } from '../../../functions/lib/secrets';

const aKeyFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sa-secrets-')), 'nested', 'token-key');

describe('token encryption (envelope, AES-256-GCM)', () => {
  it('round-trips a token and never stores it in the clear', async () => {
    // Prepare
    const keys = localKeyProvider(aKeyFile());

    // Act
    const blob = await encryptSecret('access-token-1234567890', keys);

    // Assess
    expect(blob).not.toContain('access-token');
    expect(blob.split('.')).toHaveLength(6);
    expect(await decryptSecret(blob, keys)).toBe('access-token-1234567890');
  });

  it('uses a fresh data key and IV per value', async () => {
    // Prepare
    const keys = localKeyProvider(aKeyFile());

    // Act
    const [a, b] = [await encryptSecret('same', keys), await encryptSecret('same', keys)];

    // Assess
    expect(a).not.toBe(b);
    expect(a.split('.')[2]).not.toBe(b.split('.')[2]);
  });

  it('creates the local key file once, readable only by its owner, and reuses it', async () => {
    // Prepare
    const file = aKeyFile();
    const blob = await encryptSecret('secret', localKeyProvider(file));

    // Act
    const again = await decryptSecret(blob, localKeyProvider(file));

    // Assess
    expect(again).toBe('secret');
    expect(Buffer.from(fs.readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a tampered value or one sealed under another key', async () => {
    // Prepare
    const keys = localKeyProvider(aKeyFile());
    const blob = await encryptSecret('secret', keys);
    const parts = blob.split('.');
    const tampered = [...parts.slice(0, 5), Buffer.from('SECRET').toString('base64url')].join('.');

    // Act & Assess
    await expect(decryptSecret(tampered, keys)).rejects.toThrow();
    await expect(decryptSecret(blob, localKeyProvider(aKeyFile()))).rejects.toThrow();
    await expect(decryptSecret('not-a-blob', keys)).rejects.toThrow('Unreadable encrypted value');
  });
});

describe('the KMS key provider (AWS)', () => {
  it('wraps each data key with the configured KMS key and unwraps it for decryption', async () => {
    // Prepare: a stand-in KMS that records calls and "encrypts" by tagging the bytes.
    const calls: { name: string; input: { KeyId: string } }[] = [];
    const fakeKms = {
      send: async (command: { constructor: { name: string }; input: { KeyId: string; Plaintext?: Uint8Array; CiphertextBlob?: Uint8Array } }) => {
        calls.push({ name: command.constructor.name, input: command.input });
        if (command.input.Plaintext) return { CiphertextBlob: Buffer.concat([Buffer.from('kms:'), Buffer.from(command.input.Plaintext)]) };
        return { Plaintext: Buffer.from(command.input.CiphertextBlob!).subarray(4) };
      },
    };
    setKeyProviderForTests(kmsKeyProvider('alias/tokens', fakeKms as never));

    try {
      // Act
      const blob = await encryptSecret('access-token-value');
      const plain = await decryptSecret(blob);

      // Assess
      expect(blob.split('.')[1]).toBe('kms');
      expect(blob).not.toContain('access-token-value');
      expect(plain).toBe('access-token-value');
      expect(calls.map((c) => [c.name, c.input.KeyId])).toEqual([
        ['EncryptCommand', 'alias/tokens'],
        ['DecryptCommand', 'alias/tokens'],
      ]);
    } finally {
      setKeyProviderForTests(undefined);
    }
  });
});
