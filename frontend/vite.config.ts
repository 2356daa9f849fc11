import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

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
 * signed in, once the session is read): every route but the landing renders inside
 * app/routes/ui-layout.tsx (Chakra, ~70 KB compressed); /auth paints its form before Amplify (which it
 * fetches after its first paint, so Amplify is not preloaded); /home/* and
 * /connections render the app shell, whose session is read from storage without Amplify (Amplify
 * loads after the page, lib/amplify-loader.ts, so it is not preloaded); and each page has its own chunk. A tiny
 * inline script asks for those chunks at once, beside the entry; the landing loads none of them.
 * The same script starts fetching /config.json (config/runtime-config.ts takes that response), which
 * every route but the landing reads before it renders. CloudFront's CSP hashes every inline script
 * of the built index.html.
 */
const SIGNED_IN_PAGES = ['compose', 'schedule', 'queue', 'posts', 'import', 'analytics', 'platforms', 'clients', 'settings', 'subscription'];
const PUBLIC_PAGES = ['about-us', 'privacy-policy', 'terms-of-service', 'contact-us'];
const PRELOADS: [pathPattern: string, modules: string[]][] = [
  ['^/.', ['/src/app/routes/ui-layout.tsx']],
  // Every route that reads server state renders inside the data layout (React Query); the content pages do not.
  ['^/(auth|complete-signup|invite|connect|review|oauth-callback|home|connections)(/|$)', ['/src/app/routes/data-layout.tsx']],
  ['^/auth$', ['/src/app/routes/auth.tsx']],
  ['^/(home|connections)', ['/src/app/routes/app/root.tsx', '/src/lib/stored-session.ts']],
  ['^/home/?$', ['/src/app/routes/app/dashboard.tsx']],
  ['^/connections/?$', ['/src/app/routes/app/connections.tsx']],
  ...SIGNED_IN_PAGES.map((page): [string, string[]] => [`^/home/${page}/?$`, [`/src/app/routes/app/${page}.tsx`]]),
  ...PUBLIC_PAGES.map((page): [string, string[]] => [`^/${page}/?$`, [`/src/app/routes/${page}.tsx`]]),
];
/** Started for every route but the landing; the promise's own rejection is left to its reader. */
const EARLY_CONFIG = `if(p!=='/'){var r=fetch('/config.json',{cache:'no-store',headers:{Accept:'application/json'}});r.catch(function(){});window.__runtimeConfig=r}`;

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
          const starts = modules.map(
            (m) => (chunks.find((c) => c.facadeModuleId?.endsWith(m)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(m))))?.fileName,
          );
          if (starts.some((f) => !f)) throw new Error(`preload-route-chunks: no chunk for one of ${modules.join(', ')}`);
          return [pattern, [...closure(starts as string[])].filter((f) => !entry.has(f)).map((f) => `/${f}`)] as const;
        });
        const script = `(function(t,p,s){for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p))for(var j=0;j<t[i][1].length;j++)if(!s[t[i][1][j]]){s[t[i][1][j]]=1;var l=document.createElement('link');l.rel='modulepreload';l.href=t[i][1][j];document.head.appendChild(l)};${EARLY_CONFIG}})(${JSON.stringify(table)},location.pathname,{})`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/** Signed-in pages that must use a module (and the shell not) for it to go to the `pages` chunk (see routeChunks). */
const SHARED_BY_PAGES = 5;
/** Unminified size under which a chunk of the bundler's own split is small enough to ride with the layout (see routeChunks). */
const SMALL_SHARED = 40_000;
/** Where a module goes: a shared chunk's name, or null for the bundler's own split. */
type ChunkOf = (id: string) => string | null;

/**
 * The bundler's own split gives one chunk per set of lazy entries that load a module: ~90 files on a
 * signed-in page (HTTP/1.1 fetches them six at a time), most under 1 KB. This merges them by when
 * they load, using what the router guarantees: every route but the landing renders inside
 * ui-layout; /auth, /verify-email and /complete-signup load Amplify; /home/* and /connections load
 * the app shell (app/routes/app/root.tsx) and Amplify only after their first paint. Each shared chunk
 * holds only what every route that loads it needs for its first paint, so a module the routes share goes to
 * - `data`: React Query, with the data layout (app/routes/data-layout.tsx) that provides it to every
 *   route but the landing and the content pages, and what only that layout uses;
 * - `app`: the shell uses it (menus, tooltips, the drawer, the session's queries);
 * - `pages`: SHARED_BY_PAGES or more signed-in pages paint with it (their route modules import it; what
 *   only their lazy code, such as a deferred dialog, uses is not counted) and the shell does not; used by fewer, it
 *   stays in a chunk of the bundler's own split for exactly those pages (e.g. the composer and the post
 *   editor), so the dashboard does not pay for the forms' date pickers and switches;
 * - `compose-rules`: the compose rules and X's counter, for the signed-in code that checks a post;
 * - `amplify`: Amplify itself (with lib/amplify.ts and lib/auth-session.ts) and what only it uses,
 *   which /verify-email and /complete-signup load before they render, and /auth and the signed-in
 *   pages only after theirs;
 * - `session`: the sign-in routes and the shell use it (react-query's observers, the API client);
 *   what they share with a few pages only (the tabs of /auth and Settings) is not in it;
 * - `ui`: the layout uses it (with the runtime config the layout awaits), or two or more content
 *   pages do (Heading, Container); the sign-in flows are not content pages, so what they share (zod,
 *   the form fields) does not ride to About us or the legal pages;
 * - `kit`: a little code Contact us shares with the signed-in code (Field, Textarea);
 * - `auth-kit`: a little code the sign-in flows or the toasts' lazy view share with the signed-in
 *   code (Zag's machine, dismissable layers), apart from `kit` so Contact us does not download it;
 * - `link-kit`: what the public link pages (review, connect, invitation) share with the shell, and
 *   small code they share with the signed-in pages; `dialogs`: the dialogs' own code (focus trap,
 *   dismissable layer), which the deferred ConfirmDialog and TitledDialog load when opened and only the
 *   pages that render a dialog themselves load before they paint;
 * and a module one route alone uses stays in that route's chunk; the landing's stay as they are.
 * Who loads a module is read from a first, unminified pass with the bundler's own split, where
 * tree-shaking has already decided which modules each route really uses (a barrel's imports do not).
 */
function routeChunks(options: UserConfig): Plugin & { chunkOf: ChunkOf } {
  let usersOf = new Map<string, Set<string>>();
  /** Modules of a small chunk of the bundler's own split that needs nothing the layout does not load. */
  let smallShared = new Set<string>();
  const src = (file: string) => here(`./src/${file}`);
  const sessionEntries = new Set(
    ['app/routes/auth.tsx', 'app/routes/verify-email.tsx', 'app/routes/complete-signup.tsx', 'lib/amplify.ts', 'lib/auth-session.ts'].map(src),
  );
  const amplify = new Set(['lib/amplify.ts', 'lib/auth-session.ts'].map(src));
  const amplifyModule = (id: string) => amplify.has(id) || /[\\/]node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|js-cookie)[\\/]/.test(id);
  const landing = src('app/routes/landing.tsx');
  // What the router loads for every route but the landing (app/router.tsx, lazyUiLayout).
  const layout = new Set(['app/routes/ui-layout.tsx', 'config/runtime-config.ts'].map(src));
  const shell = src('app/routes/app/root.tsx');
  const dataLayout = src('app/routes/data-layout.tsx');
  // The deferred dialogs' code (components/confirm-dialog.tsx, titled-dialog.tsx): what they load is dialog code.
  const dialogViews = new Set(['components/confirm-dialog-view.tsx', 'components/titled-dialog-view.tsx'].map(src));
  const reactQuery = (id: string) => /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id);
  // The signed-out pages that only show content (no sign-in forms, no Amplify).
  const contentPages = new Set(
    ['about-us', 'privacy-policy', 'terms-of-service', 'contact-us', 'not-found', 'error'].map((page) => src(`app/routes/${page}.tsx`)),
  );
  // The signed-in pages' own route modules (what each paints with is what they import).
  const page = (entry: string) => entry.startsWith(src('app/routes/app/'));
  // Lazy code of the signed-in pages (features/*, e.g. the post editor) and Amplify's own lazy parts.
  const signedIn = (entry: string) => entry.startsWith(src('app/routes/app/')) || entry.startsWith(src('features/'));
  const session = (entry: string) => sessionEntries.has(entry) || entry.includes(`${path.sep}node_modules${path.sep}`) || signedIn(entry);
  // The compose rules with X's counter (twitter-text, ~35 KB compressed): Compose, the post editor and
  // bulk import check posts with them; the pages that only read posts never load them.
  const composeRules = (id: string) =>
    /[\\/]shared[\\/](compose|post-bodies)\.ts$/.test(id) || /[\\/]node_modules[\\/](twitter-text|twemoji-parser|core-js|punycode)[\\/]/.test(id);
  const chunkOf: ChunkOf = (id) => {
    const users = [...(usersOf.get(id) ?? [])];
    if (!users.length || users.includes('') || users.includes(landing)) return null;
    if (layout.has(id)) return 'ui';
    if (users.includes(dataLayout) || (reactQuery(id) && !users.some((u) => contentPages.has(u)))) return 'data';
    if (users.every(signedIn)) {
      if (composeRules(id)) return 'compose-rules';
      if (users.includes(shell)) return 'app';
      // Pages, not lazy code: a deferred dialog or editor that several pages open is not a page that paints with it.
      return users.filter(page).length >= SHARED_BY_PAGES ? 'pages' : null;
    }
    if (users.every((u) => amplify.has(u)) || (users.every(session) && amplifyModule(id) && users.length >= 2)) return 'amplify';
    if (users.every(session) && users.length >= 2) return users.includes(shell) ? 'session' : null;
    const signedOut = users.filter((u) => !session(u) && u.startsWith(src('app/routes/'))).length;
    if (users.some((u) => layout.has(u)) || users.filter((u) => contentPages.has(u)).length >= 2) return 'ui';
    if (users.length >= 2 && signedOut < users.length && smallShared.has(id)) {
      if (users.some((u) => contentPages.has(u))) return 'kit';
      if (users.some((u) => sessionEntries.has(u))) return 'auth-kit';
      // The dialogs' code (focus trap, dismissable layer, ...), unless the shell paints with it, goes apart:
      // a page loads it before its first paint only if it renders a dialog itself (Dialog.Root, not the
      // deferred ConfirmDialog or TitledDialog).
      return users.includes(shell) || !users.some((u) => dialogViews.has(u)) ? 'link-kit' : 'dialogs';
    }
    return null;
  };
  return {
    name: 'route-chunks',
    apply: 'build',
    chunkOf,
    async buildStart() {
      const { build } = await import('vite');
      const result = await build({ ...options, configFile: false, logLevel: 'silent', build: { ...options.build, write: false, minify: false } });
      const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : [])).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const loads = (file: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) loads(imported, seen);
        return seen;
      };
      usersOf = new Map();
      const base = new Set(chunks.filter((c) => c.isEntry || [...layout].includes(c.facadeModuleId!)).flatMap((c) => [...loads(c.fileName)]));
      // Small chunks whose imports the layout loads already or are such chunks themselves.
      let small = chunks.filter((c) => c.code.length < SMALL_SHARED);
      for (let size = -1; size !== small.length;) {
        size = small.length;
        const ok = new Set([...base, ...small.map((c) => c.fileName)]);
        small = small.filter((c) => c.imports.every((f) => ok.has(f)));
      }
      smallShared = new Set(small.flatMap((c) => c.moduleIds));
      for (const entry of chunks.filter((c) => c.isEntry || c.isDynamicEntry)) {
        // '' stands for the entry: what the first page needs stays where the bundler put it.
        const user = entry.isEntry ? '' : entry.facadeModuleId!;
        for (const file of loads(entry.fileName))
          for (const id of byFile.get(file)!.moduleIds) (usersOf.get(id) ?? usersOf.set(id, new Set()).get(id)!).add(user);
      }
    },
  };
}

/** What both passes of the build share (see routeChunks). */
const shared = {
  root: here('.'),
  publicDir: here('./public'),
  resolve: {
    alias: {
      '@shared': here('../shared'),
      '@': here('./src'),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // @chakra-ui/react/theme builds Chakra's whole default theme (every recipe) at module level with
      // defineConfig(); unused, it is dropped only once the bundler knows that call is an identity.
      // components/ui/system.ts takes the recipes the app renders from that module.
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
} satisfies UserConfig;
const chunks = routeChunks({ ...shared, plugins: [react()] });

/**
 * The SPA. Same-origin only: /config.json, /api/* and /_local/* are served by whatever hosts this
 * build (CloudFront on AWS, the local launcher in middleware mode), so there is no dev proxy here.
 */
export default defineConfig({
  ...shared,
  plugins: [react(), chunks, preloadRouteChunks(), precompress()],
  build: {
    ...shared.build,
    outDir: here('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      ...shared.build.rolldownOptions,
      // Only the modules named; their imports stay where they are (each is named, or loaded already).
      output: { codeSplitting: { groups: [{ name: chunks.chunkOf, debugName: 'route-chunks', includeDependenciesRecursively: false }] } },
    },
  },
});
