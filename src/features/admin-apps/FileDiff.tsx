import { Badge, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';
import { useId } from 'react';
import type { DiffFile } from '../../../contract/schemas/diff';
import { DataTable } from '../../components/DataTable';
import { formatBytes } from '../../lib/format';
import { citeKey } from './cite';
import { numberedLines, type Hunk } from './diff-lines';
import { diffText } from './diff-strings';
import './diff.css';

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

/** One file that differs: its path and how (added, removed, changed), then its lines, or why they are not shown. */
export function FileDiff({ file, citing }: { file: DiffFile; citing?: LineCiting }) {
  const id = useId();
  const note = file.binary ? diffText.binary(sizesText(file.size)) : file.tooLarge ? diffText.tooLarge(sizesText(file.size)) : null;
  const hunks = file.hunks ?? [];
  return (
    <Flex direction="column" gap="2" asChild>
      <article aria-labelledby={id}>
        <Flex gap="2" align="center" wrap="wrap">
          <Badge color={changeColor[file.change]} highContrast>
            {diffText.change[file.change]}
          </Badge>
          <Heading as="h4" size="2" id={id} className="diff-path">
            <Code variant="ghost">{file.path}</Code>
          </Heading>
        </Flex>
        {note ? (
          <Text size="2" color="gray">
            {note}
          </Text>
        ) : hunks.length ? (
          <Hunks path={file.path} hunks={hunks} citing={citing} />
        ) : (
          <Text size="2" color="gray">
            {diffText.emptyFile}
          </Text>
        )}
      </article>
    </Flex>
  );
}
