// The layer rules of docs/architecture.md are enforced by `npm run check` (eslint.config.js): these probes show
// that an import running the wrong way fails the lint, and the right way passes.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
/** The rules an import of `from` breaks in a file at `at` (a file that need not exist; what it imports does). */
async function broken(at: string, from: string) {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath: at });
  return result!.messages.map((m) => m.ruleId);
}

describe('the layers', () => {
  it('a kernel, database or gate file importing a domain or a development stand-in fails the lint', async () => {
    expect(await broken('server/kernel/probe.ts', '../apps/lifecycle')).toContain('import/no-restricted-paths');
    expect(await broken('server/kernel/plugins/probe.ts', '../../commerce/pricing')).toContain('import/no-restricted-paths');
    expect(await broken('server/db/probe.ts', '../dev/seed/seed')).toContain('import/no-restricted-paths');
    expect(await broken('server/access/probe.ts', '../workspaces/registry')).toContain('import/no-restricted-paths');
  });

  it('a domain importing another domain’s internals fails the lint; through its face it passes', async () => {
    expect(await broken('server/apps/probe.ts', '../catalog/read/catalog')).toContain('import/no-restricted-paths');
    expect(await broken('server/workspaces/routes/probe.ts', '../../commerce/sales/holdings')).toContain('import/no-restricted-paths');
    expect(await broken('server/publishers/probe.ts', '../mail/plugins/mail')).toContain('import/no-restricted-paths');
    expect(await broken('server/workspaces/routes/probe.ts', '../../commerce/holdings')).not.toContain('import/no-restricted-paths');
    expect(await broken('server/apps/probe.ts', '../catalog/listing')).not.toContain('import/no-restricted-paths');
    // Inside a domain, its own folders are open to it.
    expect(await broken('server/catalog/routes/probe.ts', '../read/catalog')).not.toContain('import/no-restricted-paths');
  });

  it('a domain importing the kernel passes', async () => {
    expect(await broken('server/apps/probe.ts', '../kernel/jobs')).not.toContain('import/no-restricted-paths');
  });

  it('the contract importing the server, or the server the SPA, fails the lint', async () => {
    expect(await broken('contract/probe.ts', '../server/errors')).toContain('no-restricted-imports');
    expect(await broken('server/probe.ts', '../src/lib/api')).toContain('no-restricted-imports');
  });
});

describe('the SPA, one way', () => {
  const lint = async (at: string, code: string) => (await eslint.lintText(code, { filePath: at }))[0]!.messages.map((m) => m.ruleId);
  it('a component calling the client, writing with useMutation or naming a literal query key fails the lint', async () => {
    expect(await lint('src/features/webhooks/Probe.tsx', "import { tsr } from '../../lib/api';\nexport const y = tsr;\n")).toContain('no-restricted-imports');
    expect(await lint('src/features/webhooks/Probe.tsx', "import { useMutation } from '@tanstack/react-query';\nexport const y = useMutation;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await lint('src/features/webhooks/Probe.tsx', "export const y = { queryKey: ['webhooks'] };\n")).toContain('no-restricted-syntax');
  });

  it('its api.ts does all three; a component using its hooks and key factories passes', async () => {
    const api =
      "import { useMutation } from '@tanstack/react-query';\nimport { tsr } from '../../lib/api';\nexport const y = [useMutation, tsr, { queryKey: ['webhooks'] }];\n";
    expect(await lint('src/features/webhooks/api.ts', api)).toEqual([]);
    expect(await lint('src/features/webhooks/Probe.tsx', "import { webhooksQuery } from './api';\nexport const y = webhooksQuery;\n")).toEqual([]);
  });
});
