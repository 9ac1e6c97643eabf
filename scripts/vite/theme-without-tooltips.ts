import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const shim = fileURLToPath(new URL('./theme-primitives.ts', import.meta.url));

/**
 * Radix Themes' `<Theme>` wraps the app in Radix Tooltip's provider, which brings the popper and
 * floating-ui (about 10 KiB gzip) into the first screen although the portal shows no tooltip. Its theme
 * module gets the primitives it needs without that provider (scripts/vite/theme-primitives.ts); a screen
 * that starts using Radix tooltips makes the build fail here, so the provider is put back knowingly.
 */
export function themeWithoutTooltips(): Plugin {
  return {
    name: 'theme-without-tooltips',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'radix-ui' && importer && /@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/.test(importer)) return shim;
      return null;
    },
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id)) return null;
      if (/import\s*\{[^}]*\bTooltip\b[^}]*\}\s*from\s*'(@radix-ui\/themes|radix-ui)'/.test(code)) {
        this.error(`${id} uses Radix tooltips: remove themeWithoutTooltips() from vite.config.ts first`);
      }
      return null;
    },
  };
}
