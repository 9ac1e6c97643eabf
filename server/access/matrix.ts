import { features, permissions, publisherRoles, systemRoles, isSystemFeature } from '../../contract/access';
import { publisherMatrix, systemMatrix } from './policy';

const letter = { read: 'R', create: 'C', update: 'U', delete: 'D' } as const;

/** The policy table as Markdown (docs/roles.md's role matrix; a test keeps the two equal). */
export function roleMatrixMarkdown(): string {
  const cell = (perms: readonly string[] | undefined) =>
    permissions
      .filter((p) => perms?.includes(p))
      .map((p) => letter[p])
      .join('') || '–';
  const pub = features.filter((f) => !isSystemFeature(f));
  const sys = features.filter(isSystemFeature);
  const lines = [
    `| publisher role | ${pub.join(' | ')} |`,
    `|---|${pub.map(() => '---').join('|')}|`,
    ...publisherRoles.map((r) => `| ${r} | ${pub.map((f) => cell(publisherMatrix[r][f])).join(' | ')} |`),
    '',
    `| system role | ${sys.map((f) => f.replace('system:', '')).join(' | ')} |`,
    `|---|${sys.map(() => '---').join('|')}|`,
    ...systemRoles.map((r) => `| ${r} | ${sys.map((f) => cell(systemMatrix[r][f])).join(' | ')} |`),
  ];
  return lines.join('\n');
}
