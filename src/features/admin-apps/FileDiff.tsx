import { Badge, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';
import { useId } from 'react';
import type { DiffFile } from '../../../contract/schemas/diff';
import { DataTable } from '../../components/DataTable';
import { formatBytes } from '../../lib/format';
import { citeKey } from './cite';
import { lineCounts, numberedLines, type Hunk } from './diff-lines';
import { diffText } from './diff-strings';
import './diff.css';

/**
 * The fold's chevron (rotated by diff.css when open), drawn here: an icon from @radix-ui/react-icons would join the
 * first screen's icon chunk (vite.config.ts) for a view only reviewers open.
 */
const Chevron = () => (
  <svg aria-hidden className="diff-chevron" width="15" height="15" viewBox="0 0 15 15" fill="none">
    <path d="M6 3.5 10 7.5 6 11.5" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const changeColor = { added: 'green', removed: 'red', changed: 'blue' } as const;

/** Both sizes of a file not diffed ("12 bytes → 24 bytes"), or the one it has (added or removed). */
export function sizesText({ from, to }: DiffFile['size']) {
  if (from !== null && to !== null) return `${formatBytes(from)} → ${formatBytes(to)}`;
  return formatBytes(from ?? to ?? 0);
}

/**
 * The hunk's header as `diff -u` writes it. The API's hunks are the `diff` library's structured ones, where an empty
 * range (an added or removed file) starts at line 1; `diff -u` (and that library's own patch text) writes 0 there.
 */
export const hunkHeader = (h: Hunk) =>
  `@@ -${h.oldLines ? h.oldStart : h.oldStart - 1},${h.oldLines} +${h.newLines ? h.newStart : h.newStart - 1},${h.newLines} @@`;

/** Citing lines (staff who may reject or review): whether a line is picked, and picking or unpicking it. */
export type LineCiting = { isCited: (key: string) => boolean; toggle: (key: string) => void };

/** A line's number; a button that picks the line to cite (or unpicks it) when citing is on. */
function LineNumber({ path, side, line, citing }: { path: string; side: 'old' | 'new'; line: number | null; citing?: LineCiting }) {
  if (line === null || !citing) return <Table.Cell className="diff-num">{line ?? ''}</Table.Cell>;
  const key = citeKey({ side, line, path });
  const label = diffText.citeLine(line, path, side);
  return (
    <Table.Cell className="diff-num">
      <button type="button" className="diff-cite" aria-label={label} title={label} aria-pressed={citing.isCited(key)} onClick={() => citing.toggle(key)}>
        {line}
      </button>
    </Table.Cell>
  );
}

/**
 * A file's unified diff as a table: one body per hunk, its `@@ … @@` header first (a header for the rows below it),
 * then a row per line with its old and new line numbers and the line itself, its '+' / '-' kept (the row's colour
 * only repeats it). Long lines do not wrap: the table scrolls sideways inside itself. With `citing`, the line numbers
 * are buttons that pick a line to cite in a note.
 */
function Hunks({ path, hunks, citing }: { path: string; hunks: Hunk[]; citing?: LineCiting }) {
  return (
    <DataTable caption={diffText.linesOf(path)} size="1" className="diff-lines">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>
            <VisuallyHidden.Root>{diffText.oldLine}</VisuallyHidden.Root>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <VisuallyHidden.Root>{diffText.newLine}</VisuallyHidden.Root>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <VisuallyHidden.Root>{diffText.line}</VisuallyHidden.Root>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      {hunks.map((h, i) => (
        <Table.Body key={i}>
          <Table.Row data-line="@">
            <Table.RowHeaderCell scope="rowgroup" colSpan={3} className="diff-text">
              {hunkHeader(h)}
            </Table.RowHeaderCell>
          </Table.Row>
          {numberedLines(h).map((l, j) => (
            <Table.Row key={j} data-line={l.kind}>
              {/* A line both sides have is cited by its new number; a removed one by its old. */}
              <LineNumber path={path} side="old" line={l.old} citing={l.kind === '-' ? citing : undefined} />
              <LineNumber path={path} side="new" line={l.new} citing={citing} />
              <Table.Cell className="diff-text">{l.text}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      ))}
    </DataTable>
  );
}

/**
 * A file's added and removed lines ("+12 −3", said in words to screen readers). For a file not diffed, why not when
 * `why` (a folded file's header: the note below it is hidden), else nothing (the note is right below).
 */
function Counts({ file, why = false }: { file: DiffFile; why?: boolean }) {
  if (file.binary || file.tooLarge)
    return (
      why && (
        <Text size="1" color="gray">
          {file.binary ? diffText.binaryShort : diffText.tooLargeShort}
        </Text>
      )
    );
  const { added, removed } = lineCounts(file);
  return (
    <Text size="1" className="diff-counts">
      <span aria-hidden>
        <Text color="green" highContrast>
          +{added}
        </Text>{' '}
        <Text color="red" highContrast>
          −{removed}
        </Text>
      </span>
      <VisuallyHidden.Root>{diffText.lineCounts(added, removed)}</VisuallyHidden.Root>
    </Text>
  );
}

/** Folding a file of a large diff: whether its lines show, and showing or hiding them. */
export type Fold = { open: boolean; onToggle: () => void };

/**
 * One file that differs: its path, how (added, removed, changed) and how many lines, then its lines, or why they are
 * not shown. With `fold` (a large diff), the header is a disclosure button (aria-expanded) and the lines are rendered
 * only while it is open. `cited`: how many of its lines are picked to cite (said in the header).
 */
export function FileDiff({ file, citing, fold, cited = 0 }: { file: DiffFile; citing?: LineCiting; fold?: Fold; cited?: number }) {
  const id = useId();
  const bodyId = useId();
  const note = file.binary ? diffText.binary(sizesText(file.size)) : file.tooLarge ? diffText.tooLarge(sizesText(file.size)) : null;
  const hunks = file.hunks ?? [];
  const badge = (
    <Badge color={changeColor[file.change]} highContrast>
      {diffText.change[file.change]}
    </Badge>
  );
  const path = (
    <Code variant="ghost" id={id}>
      {file.path}
    </Code>
  );
  const citedBadge = cited > 0 && (
    <Badge color="yellow" highContrast>
      {diffText.citedIn(cited)}
    </Badge>
  );
  const body = note ? (
    <Text size="2" color="gray">
      {note}
    </Text>
  ) : hunks.length ? (
    <Hunks path={file.path} hunks={hunks} citing={citing} />
  ) : (
    <Text size="2" color="gray">
      {diffText.emptyFile}
    </Text>
  );
  return (
    <Flex direction="column" gap="2" asChild>
      <article aria-labelledby={id}>
        {fold ? (
          <>
            <Heading as="h4" size="2" className="diff-path">
              <button type="button" className="diff-toggle" aria-expanded={fold.open} aria-controls={bodyId} onClick={fold.onToggle}>
                {/* The spaces keep the parts apart in the button's name (a flex row shows none of them). */}
                <Chevron />
                {badge} {path} <Counts file={file} why />
                {citedBadge && <> {citedBadge}</>}
              </button>
            </Heading>
            {/* The lines of a folded file are not rendered at all: a large diff's page stays light. */}
            <div id={bodyId} hidden={!fold.open}>
              {fold.open && body}
            </div>
          </>
        ) : (
          <>
            <Flex gap="2" align="center" wrap="wrap">
              {badge}
              <Heading as="h4" size="2" className="diff-path">
                {path}
              </Heading>
              <Counts file={file} />
              {citedBadge}
            </Flex>
            {body}
          </>
        )}
      </article>
    </Flex>
  );
}
