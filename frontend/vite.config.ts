import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build worth compressing (CloudFront
 * compresses 1 KB and up), so that the local server (local/web.ts) sends what CloudFront would
 * without compressing on the request path.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(js|css|html|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const raw = fs.readFileSync(file);
          if (raw.length < 1000) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            promisify(gzip)(raw, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Code a route needs but the router would only request once the entry has downloaded and run (and,
 * signed in, once Amplify has read the session): every route but the landing renders inside
 * app/routes/ui-layout.tsx (Chakra, ~70 KB compressed); /auth signs in with Amplify; /home/* and
 * /connections read the session and render the app shell. A tiny inline script asks for those
 * chunks at once, beside the entry; the landing loads none of them. CloudFront's CSP hashes every
 * inline script of the built index.html.
 */
const PRELOADS: [pathPattern: string, modules: string[]][] = [
  ['^/.', ['/src/app/routes/ui-layout.tsx']],
  ['^/auth$', ['/src/app/routes/auth.tsx', '/src/lib/amplify.ts', '/src/lib/auth-session.ts']],
  ['^/(home|connections)', ['/src/app/routes/app/root.tsx', '/src/lib/amplify.ts', '/src/lib/auth-session.ts']],
];

function preloadRouteChunks(): Plugin {
  return {
    name: 'preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string[], seen = new Set<string>()) => {
          for (const file of start) if (!seen.has(file)) closure(byName.get(file)?.imports ?? [], seen.add(file));
          return seen;
        };
        const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const table = PRELOADS.map(([pattern, modules]) => {
          const starts = modules.map((m) => chunks.find((c) => c.facadeModuleId?.endsWith(m))?.fileName);
          if (starts.some((f) => !f)) throw new Error(`preload-route-chunks: no chunk for one of ${modules.join(', ')}`);
          return [pattern, [...closure(starts as string[])].filter((f) => !entry.has(f)).map((f) => `/${f}`)] as const;
        });
        const script = `(function(t,p,s){for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p))for(var j=0;j<t[i][1].length;j++)if(!s[t[i][1][j]]){s[t[i][1][j]]=1;var l=document.createElement('link');l.rel='modulepreload';l.href=t[i][1][j];document.head.appendChild(l)}})(${JSON.stringify(table)},location.pathname,{})`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The SPA. Same-origin only: /config.json, /api/* and /_local/* are served by whatever hosts this
 * build (CloudFront on AWS, the local launcher in middleware mode), so there is no dev proxy here.
 */
export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react(), preloadRouteChunks(), precompress()],
  resolve: {
    alias: {
      '@shared': here('../shared'),
      '@': here('./src'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // @chakra-ui/react/theme builds Chakra's whole default theme (every recipe) at module level with
      // defineConfig(); unused, it is dropped only once the bundler knows that call is an identity.
      // components/ui/system.ts takes the recipes the app renders from that module.
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
});
