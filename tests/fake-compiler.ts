import { posix } from 'node:path';
import ts from 'typescript';
import { bundleApp } from '../server/apps/compile/bundle';
import { compilerOptions, type CompileInput, type CompileResult } from '../server/apps/compile/compiler';
import type { CompileRunner, SandboxOutcome } from '../server/apps/compile/sandbox';
import { typeScriptMajorFor, typeScriptVersion } from '../server/apps/compile/typescript';
import { uiKitFor } from '../server/apps/compile/type-roots';
import { runChecks } from '../server/apps/review/checks';
import { ENGINE_VERSION } from '../server/kernel/engine-version';
import type { Diagnostic } from '../server/db/schema';

/**
 * A line that makes the fake compile fail, with the rest of the line as its diagnostic. Fixtures meant to fail
 * put it beside a real type error (`brokenFiles` in fixtures/packages.ts), so they fail on either compiler.
 */
export const COMPILE_ERROR = '// compile-error: ';

/**
 * The compile runner of tests whose subject is not the compiler (the lifecycle, jobs, webhooks, the wizard…):
 * the compile job's own code around it runs as in the portal, only the compile is cheap. It answers at once, in
 * this process, without type-checking: a source file holding COMPILE_ERROR fails there, anything else
 * compiles. A source package that compiles is emitted file by file with the portal's compiler options (no
 * type-check: `transpileModule`) and bundled as the portal does (`bundleApp`), and the publish checks run
 * over the package as in the sandbox, save the lowest-engine one (a type-check). Limits and crashes are the
 * sandbox's: compile-parity.test.ts and sandbox.test.ts test them with the real compiler.
 */
export const fakeCompiler: CompileRunner = (input, limits) => {
  // Stopped (the server is stopping, or the claim was lost): answered at once, as the sandbox kills its process.
  const { signal } = limits;
  if (signal?.aborted) return Promise.resolve({ kind: 'aborted' });
  const stopped = new Promise<SandboxOutcome>((resolve) => signal?.addEventListener('abort', () => resolve({ kind: 'aborted' }), { once: true }));
  return Promise.race([compile(input), stopped]);
};

async function compile(input: CompileInput): Promise<SandboxOutcome> {
  const started = performance.now();
  const diagnostics: Diagnostic[] = [];
  const sources = [...input.files].filter(([name]) => !name.startsWith('node_modules/') && /\.(ts|js)$/.test(name));
  for (const [file, data] of sources) {
    data
      .toString('utf8')
      .split('\n')
      .forEach((text, i) => {
        const at = text.indexOf(COMPILE_ERROR);
        if (at >= 0) diagnostics.push({ file, line: i + 1, character: at + 1, message: text.slice(at + COMPILE_ERROR.length).trim() });
      });
  }
  let emitted = new Map<string, Buffer>();
  if (!diagnostics.length && input.kind === 'source') {
    const pool = new Map([...input.files].filter(([n]) => n.startsWith('node_modules/') || n.endsWith('.json')));
    for (const [name, data] of sources.filter(([n]) => n.endsWith('.ts'))) {
      const js = ts.transpileModule(data.toString('utf8'), { compilerOptions: compilerOptions(ts), fileName: name });
      pool.set(name.replace(/\.ts$/, '.js'), Buffer.from(js.outputText));
    }
    const main = posix.normalize(input.classFile.replace(/\.ts$/, '.js'));
    try {
      emitted = new Map([[main, Buffer.from(await bundleApp(main, pool, uiKitFor(input.files.get('package.json'))))]]);
    } catch (e) {
      for (const err of (e as { errors?: { text: string }[] }).errors ?? [{ text: 'The package could not be bundled.' }])
        diagnostics.push({ line: 0, character: 0, message: err.text });
    }
  }
  const findings = await runChecks(input);
  const result: CompileResult = {
    ok: diagnostics.length === 0,
    diagnostics,
    durationMs: Math.round(performance.now() - started),
    typeScriptVersion: typeScriptVersion(typeScriptMajorFor(input.files.get('package.json'))),
    engineVersion: ENGINE_VERSION,
    emitted,
    findings,
  };
  return { kind: 'done', result };
}
