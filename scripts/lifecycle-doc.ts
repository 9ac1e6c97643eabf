import { existsSync, readFileSync } from 'node:fs';
import { appVersionLifecycle } from '../machines/app-version-lifecycle';
import { statusBadge, statusDisplayOrder } from '../machines/app-version-status';
import { mermaidDiagram } from '../machines/diagram';

/** Where the generated part of docs/lifecycle.md ends and the hand-written comparison with SPEC §4 begins. */
export const HAND_WRITTEN = '<!-- Written by hand from here on: kept by npm run docs:lifecycle. -->';

/** The hand-written part of the current docs/lifecycle.md (empty when there is none). */
export function handWritten(path = 'docs/lifecycle.md') {
  const doc = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const at = doc.indexOf(HAND_WRITTEN);
  return at < 0 ? '' : doc.slice(at + HAND_WRITTEN.length);
}

/** docs/lifecycle.md's generated part, from the machine; a test fails when the file is stale. */
export function lifecycleDoc(): string {
  const { diagram, offered } = mermaidDiagram(appVersionLifecycle);
  const rows = statusDisplayOrder.map((status) => `| ${status} | ${statusBadge[status].color} | ${(offered[status] ?? []).join(', ') || '–'} |`);
  return `# App version lifecycle

Generated from \`machines/app-version-lifecycle.ts\` by \`npm run docs:lifecycle\` — do not edit by hand.
The SPA offers an action where \`snapshot.can(event)\` says so; the server applies a status change only
where the machine accepts the event for the stored status and the caller's kind (publisher, staff, or the
compile worker as \`system\`), else 409. Guards read the actor kind and whether the version is a bundle's.

\`\`\`mermaid
${diagram}
\`\`\`

Statuses in display order, with their badge colour and the actions offered in place (they open a screen
and leave the status as it is):

| status | badge | offered in place |
|---|---|---|
${rows.join('\n')}

${HAND_WRITTEN}`;
}
