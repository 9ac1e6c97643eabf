import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The contract's route `summary` strings are API documentation (the server's OpenAPI document); the
 * SPA never reads them, so the browser build leaves them out (about 4 KB of the entry).
 */
function contractDocsStay(): Plugin {
  const summary = /,?\s*summary: '(?:[^'\\]|\\.)*',?/g;
  return {
    name: 'contract-docs-stay-on-the-server',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]contract[\\/](?!.*\.test\.)[^?]*\.ts$/.test(id)) return null;
      return { code: code.replace(summary, (m) => (m.startsWith(',') && m.endsWith(',') ? ',' : '')), map: null };
    },
  };
}

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    contractDocsStay(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    // Brotli and gzip files beside every asset, served by content negotiation (server/plugins/spa.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.map$/, /\.(png|jpe?g|webp|gif|woff2?)$/] }),
  ],
  server: {
    port: 5173,
    proxy: { '/v1': api, '/dev-auth': api, '/api-docs': api },
  },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
});
