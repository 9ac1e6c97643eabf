import { appVersionLifecycle } from '../machines/app-version-lifecycle';
import { statusBadge, statusDisplayOrder } from '../machines/app-version-status';
import { mermaidDiagram } from '../machines/diagram';

/** docs/lifecycle.md: generated from the machine; a test fails when the file is stale. */
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
`;
}
