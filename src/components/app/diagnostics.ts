import type { z } from 'zod';
import type { Diagnostic } from '../../../contract/schemas/app';

type D = z.infer<typeof Diagnostic>;
export type FileDiagnostics = { file: string; diagnostics: D[] };

/** Diagnostics grouped by file, files in the order the compiler first reported them; lines in order within each. */
export function groupByFile(diagnostics: D[]): FileDiagnostics[] {
  const groups = new Map<string, D[]>();
  for (const d of diagnostics) {
    const file = d.file ?? '';
    groups.set(file, [...(groups.get(file) ?? []), d]);
  }
  return [...groups].map(([file, list]) => ({ file, diagnostics: [...list].sort((a, b) => a.line - b.line || a.character - b.character) }));
}

/** "1 problem", "3 problems". */
export const problemCount = (n: number) => `${n} ${n === 1 ? 'problem' : 'problems'}`;

/** Where a diagnostic is: `file:line:character` (a package-wide one names the package). */
export const diagnosticPlace = (d: D) => `${d.file ?? 'package'}:${d.line}:${d.character}`;
