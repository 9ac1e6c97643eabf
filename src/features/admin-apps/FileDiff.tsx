import { Badge, Code, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';
import { useId } from 'react';
import type { DiffFile } from '../../../contract/schemas/diff';
import { DataTable } from '../../components/DataTable';
import { formatBytes } from '../../lib/format';
import { diffText } from './diff-strings';
import './diff.css';

type Hunk = NonNullable<DiffFile['hunks']>[number];

const changeColor = { added: 'green', removed: 'red', changed: 'blue' } as const;

/** Both sizes of a file not diffed ("12 bytes → 24 bytes"), or the one it has (added or removed). */
export function sizesText({ from, to }: DiffFile['size']) {
  if (from !== null && to !== null) return `${formatBytes(from)} → ${formatBytes(to)}`;
  return formatBytes((from ?? to) ?? 0);
}

/**
 * The hunk's header as `diff -u` writes it. The API's hunks are the `diff` library's structured ones, where an empty
 * range (an added or removed file) starts at line 1; `diff -u` (and that library's own patch text) writes 0 there.
 */
export const hunkHeader = (h: Hunk) => `@@ -${h.oldLines ? h.oldStart : h.oldStart - 1},${h.oldLines} +${h.newLines ? h.newStart : h.newStart - 1},${h.newLines} @@`;

/** Each line of a hunk with its kind ('+', '-', ' ', or '\' for "No newline at end of file") and its old and new line numbers. */
export function numberedLines(h: Hunk) {
  let oldNo = h.oldStart;
  let newNo = h.newStart;
  return h.lines.map((line) => {
    const kind = line[0] === '+' || line[0] === '-' || line[0] === '\\' ? line[0] : ' ';
    const row = { kind, text: line, old: kind === '+' || kind === '\\' ? null : oldNo, new: kind === '-' || kind === '\\' ? null : newNo };
    if (kind === ' ' || kind === '-') oldNo++;
    if (kind === ' ' || kind === '+') newNo++;
    return row;
  });
}

/**
 * A file's unified diff as a table: one body per hunk, its `@@ … @@` header first (a header for the rows below it),
 * then a row per line with its old and new line numbers and the line itself, its '+' / '-' kept (the row's colour
 * only repeats it). Long lines do not wrap: the table scrolls sideways inside itself.
 */
function Hunks({ path, hunks }: { path: string; hunks: Hunk[] }) {
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
              <Table.Cell className="diff-num">{l.old ?? ''}</Table.Cell>
              <Table.Cell className="diff-num">{l.new ?? ''}</Table.Cell>
              <Table.Cell className="diff-text">{l.text}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      ))}
    </DataTable>
  );
}

/** One file that differs: its path and how (added, removed, changed), then its lines, or why they are not shown. */
export function FileDiff({ file }: { file: DiffFile }) {
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
          <Hunks path={file.path} hunks={hunks} />
        ) : (
          <Text size="2" color="gray">
            {diffText.emptyFile}
          </Text>
        )}
      </article>
    </Flex>
  );
}
