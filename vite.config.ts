import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { contractRoutes } from './scripts/vite/contract-routes.ts';
import { radixCssInUse, radixInUse } from './scripts/vite/radix-css-in-use.ts';
import { shellBeforeScript } from './scripts/vite/shell-before-script.ts';
import { themeWithoutTooltips } from './scripts/vite/theme-without-tooltips.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    contractRoutes(),
    themeWithoutTooltips(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    shellBeforeScript(),
    // Brotli and gzip files beside every asset, served by content negotiation (server/kernel/plugins/spa.ts).
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.map$/, /\.(png|jpe?g|webp|gif|woff2?)$/] }),
  ],
  css: {
    postcss: { plugins: [radixCssInUse(radixInUse('src'))] },
  },
  server: {
    port: 5173,
    proxy: { '/v1': api, '/dev-auth': api, '/api-docs': api },
  },
  // The server's render of a screen (src/ssr/render.tsx → dist/.ssr/render.js): the packages stay in
  // node_modules, imported by Node; Radix Themes' CSS files are the browser's only.
  ssr: { noExternal: [] },
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: true, target: 'node22', sourcemap: true, rolldownOptions: { input: 'src/ssr/render.tsx' } }
    : {
        manifest: true,
        sourcemap: true,
        target: 'es2022',
        // Every browser the portal supports preloads modules itself (Chromium 66+, Firefox 115+, Safari 17+); an
        // older Safari only misses the hint (the modules still load), so the entry does not carry the polyfill.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Fewer, larger chunks for what every screen needs (each response costs its headers and a round
            // trip); what only some screens use stays in their own chunks. Without them the first visit's JavaScript
            // is 30 KiB larger (docs/adr/0010-first-screen-by-design.md).
            codeSplitting: {
              groups: [
                // (with XState, which the sign-in machine needs at once, and Vite's preload helper: two requests fewer)
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@ts-rest|xstate)[\\/]|vite\/preload-helper/,
                  priority: 20,
                },
                {
                  name: 'ui',
                  test: /node_modules[\\/]@radix-ui[\\/]themes[\\/].*[\\/](base-button|button|icon-button|heading|text|link|badge|card|box|flex|spinner|theme|.*props?)\.js$|node_modules[\\/]@radix-ui[\\/]react-icons[\\/]/,
                  priority: 10,
                },
                // Not the drawers, dialogs and form controls: a group takes what its modules import along, and theirs is
                // Radix's dialog, select and radio machinery, which the first screen never opens.
                {
                  name: 'common',
                  test: /[\\/]src[\\/](lib|components)[\\/](?!bundles[\\/]|purchases[\\/]|pricing[\\/]|app[\\/](?!AppsTable))(?![^\\/]*(Drawer|Dialog|ChoiceGroup|FileDrop|SearchBox|PagedTable|details\.ts))/,
                  minShareCount: 3,
                  priority: 5,
                },
              ],
            },
          },
        },
      },
}));
