import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser, cloud } from '../helpers/given';
import { A_TINY_JPEG } from '../helpers/media';
import { aConnectedAccount } from '../helpers/posts';
import { itemsOfWorkspace } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

const run = promisify(execFile);

/**
 * docs/public-api.md's quick start, run as written: its ```sh blocks in order, in one shell, against
 * the local cloud, with a key made through the app's own route (step 1 of the page). Only the first
 * block's placeholders (the address, the key and the photo) are given other values, as a reader would.
 */
const PAGE = path.resolve(import.meta.dirname, '../../docs/public-api.md');

function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe('the public API quick start', { timeout: 60_000 }, () => {
  it('lists the accounts, schedules a post and one with an uploaded photo with the curl commands of docs/public-api.md', async () => {
    const owner = await aConfirmedUser();
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Quick start page');
    const made = await weCallTheApi('POST', '/api/workspace/api-keys', { token: owner.accessToken, body: { name: 'Quick start', role: 'editor' } });
    expect(made.status).toBe(201);
    const [setup, ...steps] = shellBlocks(readFileSync(PAGE, 'utf8'));
    expect(setup).toContain('export SAP_KEY=');
    expect(setup).toContain('export PHOTO=');
    const photo = path.join(mkdtempSync(path.join(os.tmpdir(), 'quick-start-')), 'bread.jpg');
    writeFileSync(photo, A_TINY_JPEG);

    // The reader's values for the first block's placeholders; every later block runs as written.
    const script = [
      `export BASE='${cloud().url}'`,
      `export SAP_KEY='${String(made.body.key)}'`,
      `export PHOTO='${photo}'`,
      'set -e',
      ...steps.map((s) => `${s}\necho`),
    ].join('\n');
    const { stdout } = await run('sh', ['-c', script], { timeout: 30_000 });

    const answers = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers).toHaveLength(3);
    expect((answers[0] as { accounts: { id: string }[] }).accounts.map((a) => a.id)).toEqual([account.id]);
    expect(answers[1]).toMatchObject({
      status: 'scheduled',
      platforms: [expect.objectContaining({ social_account_id: account.id, caption: 'Hello from the API' })],
    });
    expect(answers[2]).toMatchObject({
      status: 'scheduled',
      media: [expect.objectContaining({ file_type: 'image/jpeg', file_size: A_TINY_JPEG.length })],
      platforms: [expect.objectContaining({ social_account_id: account.id, caption: 'Fresh from the oven' })],
    });
    const items = await itemsOfWorkspace(owner.userId);
    const posts = items.filter((item) => String(item.sk).startsWith('POST#'));
    expect(posts).toHaveLength(2);
    // The confirmed upload is the photo post's, and the only file the steps made.
    expect(items.filter((item) => String(item.sk).startsWith('MEDIA#')).map((m) => m.post_id)).toEqual([answers[2]!.id]);
  });
});
