import { ENGINE_VERSION } from '../../../kernel/engine-version';
import { engineVersion, lowestEngineFor, type EngineRelease } from '../../compile/type-roots';
import { finding, manifestLine, type CheckContext } from './context';
import type { StoredFinding as Finding } from '../../../../contract/schemas/review';

/** A type check of the package against an older engine release: its errors, in the compiler's order. */
export type TypeCheckOn = (release: EngineRelease) => { file?: string; line: number; message: string }[];

/**
 * Whether the app compiles against the oldest engine its `requiredApiVersion` admits (the oldest installed release
 * in that range), as it does against the current one: a finding names that engine and the first error. Says
 * nothing when only the current engine is in the range.
 */
export function lowestEngine(ctx: CheckContext, typeCheckOn: TypeCheckOn): Finding[] {
  const range = typeof ctx.manifest?.requiredApiVersion === 'string' ? ctx.manifest.requiredApiVersion : null;
  const release = range === null ? null : lowestEngineFor(range);
  if (release === null) return [];
  const [first] = typeCheckOn(release);
  if (!first) return [];
  const where = first.file ? `${first.file}:${first.line}` : 'the package';
  const message = first.message.split('\n')[0]!;
  return [
    finding(
      'lowest-engine',
      `app.json’s requiredApiVersion (${range}) says the app runs on Apps-Engine ${engineVersion(release)}, but it does not compile against that engine: ${where} ${message} ` +
        `Workspaces on that engine could not run it. Raise requiredApiVersion to the oldest engine the app works with (it compiles against ${ENGINE_VERSION}), or do without what the older engine lacks.`,
      first.file ?? 'app.json',
      first.file ? first.line : manifestLine(ctx, 'requiredApiVersion'),
    ),
  ];
}
