// Gzip size of everything the landing route (/) loads: the entry chunk with its static imports, the
// landing route chunk with its static imports, and index.html. Dynamic imports that run at boot
// anyway (none are needed on / today) would have to be added by hand.
// Usage: npx vite build --config frontend/vite.config.ts --manifest && node frontend/scripts/landing-budget.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const BUDGET_KB = 150;

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) collect(dep);
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
collect(entry);
const landing = Object.keys(manifest).find((k) => k.endsWith('app/routes/landing.tsx'));
collect(landing);

const gz = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
let total = gz('index.html');
const rows = [['index.html', total]];
for (const key of seen) {
  const chunk = manifest[key];
  const files = [chunk.file, ...(chunk.css ?? [])];
  for (const file of files) {
    const size = gz(file);
    total += size;
    rows.push([file, size]);
  }
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip for / (budget ${BUDGET_KB} KB)`);
process.exitCode = total / 1024 > BUDGET_KB ? 1 : 0;
