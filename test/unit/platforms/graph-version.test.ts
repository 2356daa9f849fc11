import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GRAPH_API_VERSION, graphApiVersionFrom } from '@shared/graph-api-version';

const ROOT = path.resolve(__dirname, '../../..');
/** The one module allowed to write a Graph version down. */
const SETTINGS_MODULE = 'shared/graph-api-version.ts';
/** A version segment as it appears in a Graph URL or constant: `/v21.0/`, `'v21.0'`, `` `v21.0 ``. */
const VERSION_LITERAL = /["'`/]v\d+\.\d+\b/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(rel);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [rel] : [];
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the Graph API version', () => {
  it('is written down in the settings module only, never hard-coded in a URL elsewhere', () => {
    // Prepare
    const files = ['functions', 'local', 'shared', 'frontend/src'].flatMap(sourceFiles).filter((f) => f !== SETTINGS_MODULE);
    expect(files.length).toBeGreaterThan(100);

    // Act
    const offenders = files.flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => VERSION_LITERAL.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );

    // Assess
    expect(offenders).toEqual([]);
  });

  it('defaults to a version Meta still serves past 2027 (v26.0, released 29 Jul 2026)', async () => {
    // Prepare
    vi.stubEnv('GRAPH_API_VERSION', '');

    // Act
    const { GRAPH_VERSION } = await import('../../../functions/platforms/hosts');

    // Assess
    expect(DEFAULT_GRAPH_API_VERSION).toBe('v26.0');
    expect(GRAPH_VERSION).toBe('v26.0');
  });

  it('follows GRAPH_API_VERSION in the URLs the Facebook and Instagram adapters call', async () => {
    // Prepare
    vi.stubEnv('GRAPH_API_VERSION', 'v25.0');
    const { hostsFor } = await import('../../../functions/platforms/hosts');
    const { createAdapter } = await import('../../../functions/platforms/registry');
    const app = { clientId: 'id', clientSecret: 'secret', redirectUri: 'https://app.example.com/cb' };

    // Act
    const facebook = createAdapter('facebook', { app, hosts: hostsFor('facebook') }).authorizeUrl({ state: 's' });

    // Assess
    expect(new URL(facebook).pathname).toBe('/v25.0/dialog/oauth');
  });

  it('refuses a malformed version with a message naming the setting', () => {
    // Act + Assess
    for (const bad of ['v21', '21.0', 'v21.1', 'latest', 'v26.0/']) {
      expect(() => graphApiVersionFrom({ GRAPH_API_VERSION: bad })).toThrow(/GRAPH_API_VERSION/);
    }
    expect(graphApiVersionFrom({ GRAPH_API_VERSION: 'v24.0' })).toBe('v24.0');
    expect(graphApiVersionFrom({})).toBe(DEFAULT_GRAPH_API_VERSION);
  });
});
