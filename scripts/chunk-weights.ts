/**
 * What each JavaScript file of the frontend build weighs gzipped, and what it is made of: the packages
 * and source files in it, largest first. `npx tsx scripts/chunk-weights.ts [--min=0.2] [--files=index,ui,data]`
 * builds the frontend in memory with its own config (nothing is written) and prints, per chunk, its
 * real gzip size (level 9, as the build's .gz files) and each package's or file's share of it.
 *
 * A share is an estimate: each part's rendered code (after tree-shaking, before minifying) is
 * gzipped on its own, and the chunk's real size is split in proportion. Read it to find what to cut;
 * `npx tsx scripts/bench.ts --skip=lambda,synth,lighthouse --paint-scripts` says which files a route
 * loads before its first paint.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, loadConfigFromFile, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '../frontend');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const minShare = Number(arg('min') ?? '0.2') * 1024;
const only = arg('files')?.split(',');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** A module's package (node_modules/<name> or @scope/name), or its path in the repository. */
const partOf = (id: string) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1] ?? path.relative(path.dirname(root), id.replace(/^\0/, ''));

interface ChunkWeight {
  file: string;
  gzip: number;
  parts: [part: string, gzip: number][];
}
const weights: ChunkWeight[] = [];

const listing: Plugin = {
  name: 'chunk-weights',
  apply: 'build',
  // After Vite's own generateBundle, which adds each dynamic import's list of files to preload.
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const gzip = gzipSync(chunk.code, { level: 9 }).length;
        const code = new Map<string, string>();
        for (const [id, module] of Object.entries(chunk.modules)) code.set(partOf(id), (code.get(partOf(id)) ?? '') + (module.code ?? ''));
        const alone = [...code].map(([part, text]) => [part, text ? gzipSync(text, { level: 9 }).length : 0] as const);
        const total = alone.reduce((sum, [, size]) => sum + size, 0) || 1;
        weights.push({
          file: chunk.fileName,
          gzip,
          parts: alone.map(([part, size]): [string, number] => [part, (size / total) * gzip]).sort((a, b) => b[1] - a[1]),
        });
      }
    },
  },
};

const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'vite.config.ts'));
if (!loaded) throw new Error('frontend/vite.config.ts not found');
const { config } = loaded;
await build({ ...config, configFile: false, logLevel: 'warn', plugins: [...(config.plugins ?? []), listing], build: { ...config.build, write: false } });

const chosen = weights.filter((w) => !only || only.some((name) => path.basename(w.file).startsWith(`${name}-`)));
for (const { file, gzip, parts } of chosen.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${kb(gzip).padStart(9)}  ${file}`);
  for (const [part, size] of parts) if (size >= minShare) console.log(`${kb(size).padStart(18)}  ${part}`);
}
console.log(`${chosen.length} files, ${kb(chosen.reduce((sum, w) => sum + w.gzip, 0))} gzip`);
