import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The SPA. Same-origin only: /config.json, /api/* and /_local/* are served by whatever hosts this
 * build (CloudFront on AWS, the local launcher in middleware mode), so there is no dev proxy here.
 */
export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react()],
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
  },
});
