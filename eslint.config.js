// Lint: typescript-eslint's recommended rules, React hooks rules, and the import directions of docs/architecture.md:
// contract/ → machines/ → server/ | src/, and features never import each other.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

/** The server's domains, and its development stand-ins (server/dev). */
const serverDomains = ['apps', 'catalog', 'commerce', 'identity', 'mail', 'publishers', 'reports', 'webhooks', 'workspaces', 'dev'];

/**
 * A domain's face: the files at its top level (server/<domain>/*.ts); its folders are its internals, which
 * another domain never imports (docs/architecture.md, Domains).
 */
const faceOf = (domain) =>
  readdirSync(`server/${domain}`, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'))
    .map((f) => `./${f.name}`);
const productDomains = serverDomains.filter((d) => d !== 'dev');

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const noImport = (patterns) => ['error', { patterns: patterns.map(([group, message]) => ({ group, message })) }];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'build/',
      'public/',
      'node_modules/',
      'data/',
      '.tmp/',
      'coverage/',
      'src/routeTree.gen.ts',
      'server/db/migrations/',
      'tests/fixtures/apps/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport([
        [['**/machines/**', '**/server/**', '**/src/**', '**/tests/**'], 'contract/ imports nothing from the project (zod and @ts-rest/core only).'],
      ]),
    },
  },
  {
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': noImport([
        [['**/server/**', '**/src/**', '**/tests/**'], 'machines/ may import contract/ only.'],
        [['react', 'react-dom', '@xstate/react', 'node:*'], 'machines/ are pure: no React, no Node built-ins.'],
      ]),
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage'],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': noImport([[['**/src/**'], 'server/ never imports src/.']]) },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': noImport([[['**/server/**'], 'src/ never imports server/.']]) },
  },
  // The server's kernel (db, the gate's access rules, jobs, storage, HTTP plugins) sits under the domains:
  // it never imports one, nor the development stand-ins; a domain imports another through its face only
  // (docs/architecture.md).
  {
    files: ['server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['./server/kernel', './server/access', './server/db', './server/config.ts', './server/errors.ts'].map((target) => ({
              target,
              from: serverDomains.map((domain) => `./server/${domain}`),
              message: 'The kernel does not import a domain: the domain imports the kernel (docs/architecture.md).',
            })),
            // A domain imports another only through its face (the files at its top level), never its internals.
            ...productDomains.flatMap((domain) =>
              productDomains
                .filter((other) => other !== domain)
                .map((other) => ({
                  target: `./server/${domain}`,
                  from: `./server/${other}`,
                  except: faceOf(other),
                  message: `${other}'s folders are its internals: import its face, a file at server/${other}/ (docs/architecture.md, Domains).`,
                })),
            ),
          ],
        },
      ],
    },
  },
  // The SPA, one way (docs/architecture.md): a component reads and writes through its feature's api.ts (query
  // options on a key factory, mutation hooks), never through the client, useMutation or a literal key.
  {
    files: ['src/**/*.tsx'],
    // (but the SPA's root, which provides the client to every feature's hooks)
    ignores: ['src/**/*.test.tsx', 'src/main.tsx', 'src/AppRoot.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'src/ never imports server/.' },
            { group: ['**/lib/api'], importNames: ['tsr'], message: "A component calls the API through its feature's api.ts (docs/architecture.md)." },
          ],
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: "A write is a mutation hook in the feature's api.ts; the component passes onSuccess/onError at the call.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "A query key comes from a key factory (the feature's api.ts, or src/lib/keys.ts).",
        },
      ],
    },
  },
  // Features never import another feature (each feature folder is a zone of its own).
  {
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./src/features/${feature}`,
            from: './src/features',
            except: [`./${feature}`],
            message: 'Features do not import each other; compose them in src/routes.',
          })),
        },
      ],
    },
  },
);
