// The publish checks' findings, the review wait and a review note's citations (docs/packages-and-review.md), shown to publishers (the
// wizard's submission step, the app detail) and to staff (the admin app detail and its dialogs). One module: each
// chunk the screens share is one more file their first visit asks for.
import { Badge, Code, Flex, Text } from '@radix-ui/themes';
import { CHECK_TITLES } from '../../../contract/schemas/app';
import type { Citation, Finding, ReviewWait, VersionFindings } from '../../../contract/schemas/review';
import { QueryFallback } from '../QueryFallback';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const reviewText = {
  /** info: shown, weighs nothing (a note for the reviewer and the publisher). */
  severity: { blocks: 'Blocks submission', warns: 'Warning', info: 'Note' } as const,
  none: 'No findings.',
  notChecked: 'The checks run when the package compiles.',
  loading: 'Loading the checks…',
  list: 'Findings of the publish checks',
  checksTitle: (version: string) => `Publish checks of v${version}`,
  /** "2 findings · 1 blocks submission" (the blocking part only when one does), notes counted apart: "1 finding · 2 notes". */
  summary: (findings: readonly Pick<Finding, 'severity'>[]) => {
    const blocks = findings.filter((f) => f.severity === 'blocks').length;
    const notes = findings.filter((f) => f.severity === 'info').length;
    const weighing = findings.length - notes;
    if (!findings.length) return 'No findings';
    return [
      weighing > 0 && plural(weighing, 'finding'),
      blocks > 0 && `${blocks} ${blocks === 1 ? 'blocks' : 'block'} submission`,
      notes > 0 && plural(notes, 'note'),
    ]
      .filter(Boolean)
      .join(' · ');
  },
  /** What Submit says while a finding blocks it: the server's own wording of its 409 (server/apps/review/findings.ts). */
  blocked: (f: Pick<Finding, 'check' | 'reason'>) => `${CHECK_TITLES[f.check]}: ${f.reason}`,
  /** "lib/x.ts:12", or the file alone. */
  place: (file: string, line?: number) => (line === undefined ? file : `${file}:${line}`),
  /** Where a version stands in review, as its publisher reads it (only what is true: no promise beyond the target). */
  waiting: (r: ReviewWait, date: string) =>
    [
      `Waiting for review since ${date}`,
      r.position !== null ? `number ${r.position} in the queue` : null,
      r.overdue
        ? `waiting longer than the ${r.targetHours}-hour target`
        : r.expectedWithinHours !== null
          ? `expected within ${plural(r.expectedWithinHours, 'hour')}`
          : null,
    ]
      .filter(Boolean)
      .join(' · '),
  cites: 'The note cites:',
  citationsList: 'Citations of the note',
  /** "lib/blocks.ts, line 12 (new)". */
  line: (c: Pick<Extract<Citation, { kind: 'line' }>, 'path' | 'line' | 'side'>) => `${c.path}, line ${c.line} (${c.side})`,
  checkTitle: (check: Finding['check']) => CHECK_TITLES[check],
};

const severityColor = { blocks: 'red', warns: 'amber', info: 'gray' } as const satisfies Record<Finding['severity'], string>;

/** Those that block submission first, then warnings, then notes, each group in the order the checks reported them. */
export const blockingFirst = (findings: readonly Finding[]) => [
  ...findings.filter((f) => f.severity === 'blocks'),
  ...findings.filter((f) => f.severity === 'warns'),
  ...findings.filter((f) => f.severity === 'info'),
];

/**
 * The publish checks' findings on a version (docs/packages-and-review.md, Publish checks), shared by the publisher's screens and staff's: those that
 * block submission first, notes (which weigh nothing) last, each with its severity in words (the badge's colour only repeats it), its check's title,
 * its reason and where in the package (file:line) when the check says.
 */
export function Findings({ findings, checkedAt }: Pick<VersionFindings, 'findings' | 'checkedAt'>) {
  if (checkedAt === null)
    return (
      <Text as="p" size="2" color="gray">
        {reviewText.notChecked}
      </Text>
    );
  if (!findings.length)
    return (
      <Text as="p" size="2" color="gray">
        {reviewText.none}
      </Text>
    );
  return (
    <Flex asChild direction="column" gap="3" m="0" p="0" style={{ listStyle: 'none' }}>
      <ul aria-label={reviewText.list}>
        {blockingFirst(findings).map((f, i) => (
          <li key={i}>
            <Flex direction="column" gap="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color={severityColor[f.severity]} highContrast>
                  {reviewText.severity[f.severity]}
                </Badge>
                <Text size="2" weight="bold">
                  {reviewText.checkTitle(f.check)}
                </Text>
              </Flex>
              <Text size="2" style={{ overflowWrap: 'anywhere' }}>
                {f.reason}
              </Text>
              {f.file && (
                <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
                  <Code variant="ghost">{reviewText.place(f.file, f.line)}</Code>
                </Text>
              )}
            </Flex>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/** The findings as a query gives them: loading, its error (with the request id to quote), then the list. */
export function FindingsPanel({ data, error, isPending }: { data: VersionFindings | undefined; error: unknown; isPending: boolean }) {
  if (data) return <Findings findings={data.findings} checkedAt={data.checkedAt} />;
  return <QueryFallback error={error} isPending={isPending} loading={reviewText.loading} />;
}

/**
 * What a rejection or review note cites (docs/packages-and-review.md, Review notes), shown with the note: a finding of the publish checks (its check's
 * title, its reason, file:line) or a line of the diff ("path, line N (new|old)" and the line itself, in monospace).
 */
export function Citations({ citations }: { citations: readonly Citation[] }) {
  if (!citations.length) return null;
  return (
    // Wide enough to read in a table's cell (the table scrolls sideways on a phone rather than break every word).
    <Flex direction="column" gap="1" mt="1" minWidth="14rem" maxWidth="32rem">
      <Text size="1" weight="medium">
        {reviewText.cites}
      </Text>
      <Flex asChild direction="column" gap="2" m="0" pl="4">
        <ul aria-label={reviewText.citationsList}>
          {citations.map((c, i) => (
            <li key={i}>
              {c.kind === 'finding' ? (
                <Text size="1" style={{ overflowWrap: 'break-word' }}>
                  <Text weight="bold">{reviewText.checkTitle(c.check)}</Text>: {c.reason}
                  {c.file && (
                    <>
                      {' '}
                      (<Code variant="ghost">{reviewText.place(c.file, c.line)}</Code>)
                    </>
                  )}
                </Text>
              ) : (
                <Flex direction="column" gap="1">
                  <Text size="1" style={{ overflowWrap: 'break-word' }}>
                    {reviewText.line(c)}
                  </Text>
                  {c.text && (
                    <Code size="1" variant="soft" color="gray" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {c.text}
                    </Code>
                  )}
                </Flex>
              )}
            </li>
          ))}
        </ul>
      </Flex>
    </Flex>
  );
}
