import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
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
