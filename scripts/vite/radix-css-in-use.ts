import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AtRule, Plugin, Rule } from 'postcss';

const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [readFileSync(path, 'utf8')] : [];
  });

/** Components Radix Themes renders inside others (their styles come along). */
const INSIDE: Record<string, string[]> = { Table: ['ScrollArea'], Button: ['Spinner'], IconButton: ['Spinner'] };

/**
 * What the screens under `dir` use of Radix Themes: the breakpoints of their responsive props
 * (`{ initial: '3', sm: '6' }`) and the components they import.
 */
export function radixInUse(dir: string) {
  const breakpoints = new Set<string>();
  const components = new Set<string>();
  for (const code of sources(dir)) {
    for (const m of code.matchAll(/\b(xs|sm|md|lg|xl):\s*['"\d]/g)) breakpoints.add(m[1]!);
    for (const m of code.matchAll(/import\s*\{([^}]+)\}\s*from\s*'@radix-ui\/themes'/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (name) [name, ...(INSIDE[name] ?? [])].forEach((n) => components.add(n));
      }
    }
  }
  return { breakpoints, components };
}

/** Every component Radix Themes has, by the name its classes start with (`rt-RadioCardsItem` → RadioCards). */
function radixComponents(): string[] {
  const dir = join(process.cwd(), 'node_modules/@radix-ui/themes/dist/esm/components');
  return readdirSync(dir)
    .filter((f) => /^[a-z-]+\.js$/.test(f))
    .map((f) => f.replace(/\.js$/, '').replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()));
}

/**
 * Radix Themes' stylesheets carry what the portal never shows: the dark appearance (the portal is light
 * only), wide-gamut (display-p3) variants of every colour (sRGB is shown instead), responsive classes
 * for breakpoints no screen uses, and the styles of components no screen imports. Dropping them keeps the first screen's CSS within its budget; the
 * rules the screens do use are untouched.
 */
export function radixCssInUse(opts: ReturnType<typeof radixInUse>): Plugin {
  const unused = BREAKPOINTS.filter((b) => !opts.breakpoints.has(b));
  const unusedClass = unused.length ? new RegExp(`\\.(${unused.join('|')})\\\\:`) : null;
  const dark = /\.dark(-theme)?\b/;
  // Longest names first, so a class finds its own component (RadioCards before Radio).
  const all = radixComponents().sort((a, b) => b.length - a.length);
  const owner = (cls: string) => all.find((c) => cls.startsWith(c));
  /** A selector styling only a component no screen imports (shared `Base…` parts always stay). */
  const unusedComponent = (selector: string) =>
    [...selector.matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].some((m) => {
      const c = owner(m[1]!);
      return !!c && !m[1]!.startsWith('Base') && !opts.components.has(c);
    });
  const dropSelectors = (rule: Rule) => {
    const keep = rule.selectors.filter((s) => !dark.test(s) && !(unusedClass && unusedClass.test(s)) && !unusedComponent(s));
    if (keep.length === 0) rule.remove();
    else if (keep.length !== rule.selectors.length) rule.selectors = keep;
  };
  return {
    postcssPlugin: 'radix-css-in-use',
    Once(root) {
      if (!root.source?.input.file?.includes('styles.css') && !root.toString().includes('--radius-factor')) return;
      root.walkAtRules((at: AtRule) => {
        if ((at.name === 'supports' && at.params.includes('display-p3')) || (at.name === 'media' && at.params.includes('color-gamut'))) at.remove();
      });
      root.walkRules(dropSelectors);
      root.walkAtRules((at: AtRule) => {
        if (at.nodes && at.nodes.length === 0) at.remove();
      });
    },
  };
}
