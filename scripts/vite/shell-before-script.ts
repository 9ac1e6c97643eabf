import type { Plugin } from 'vite';

/**
 * Puts the publisher shell (scripts/vite/shell-frame.tsx) into the built index.html, between `<!--shell-->`
 * markers inside #root: the server sends it for /publisher pages with its configuration's text filled in and
 * strips it for the other pages (server/kernel/plugins/spa-document.ts). Build only: the dev server sends
 * the bare document.
 */
export function shellBeforeScript(): Plugin {
  return {
    name: 'portal:shell-before-script',
    apply: 'build',
    async transformIndexHtml(html) {
      const { tsImport } = await import('tsx/esm/api');
      const frame = (await tsImport('./shell-frame.tsx', import.meta.url)) as typeof import('./shell-frame');
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error(`index.html has no ${root} to put the shell in`);
      return html.replace(root, `<div id="root"><!--shell-->${frame.renderShellFrame()}<!--/shell--></div>`);
    },
  };
}
