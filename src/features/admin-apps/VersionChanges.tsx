import { Badge, Button, Callout, Card, Code, Flex, Heading, Select, Spinner, Table, Text } from '@radix-ui/themes';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AppVersion } from '../../../contract/schemas/app';
import type { DiffFile, FieldChange, VersionDiff } from '../../../contract/schemas/diff';
import { statusBadge } from '../../../machines/app-version-status';
import { DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { Section } from '../../components/Section';
import { errorToastText } from '../../lib/toast';
import { adminAppQuery, adminDiffQuery, adminVersionsQuery, versionsStamp, type DiffSearch } from './api';
import { citedLines, parseCite, toggleCite } from './cite';
import { changedLines, isLargeDiff } from './diff-lines';
import { FileDiff, type LineCiting } from './FileDiff';
import { RuntimeChanges } from './RuntimeChanges';
import { diffFieldLabels, diffText } from './diff-strings';
import { priceWords, valueWords } from './diff-words';

/** `canCite`: the line numbers pick lines to cite in a rejection or review note (the address's `cite`). */
type Props = { appId: string; search: DiffSearch; onSearch: (next: DiffSearch) => void; canCite?: boolean };

const Absent = () => (
  <Text color="gray" size="2">
    {diffText.absent}
  </Text>
);

/** Before → after of each changed field, as a table (manifest, listing, pricing). */
function FieldTable({
  caption,
  changes,
  value,
  labels,
}: {
  caption: string;
  changes: FieldChange[];
  value: (v: unknown, side: 'from' | 'to', field: string) => ReactNode;
  /** Names for people (the listing's, the price's); else the field's own name (the manifest's keys). */
  labels?: Record<string, string>;
}) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {caption}
      </Heading>
      <DataTable caption={caption} size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{diffText.field}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{diffText.before}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{diffText.after}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {changes.map((c) => (
            <Table.Row key={c.field}>
              <Table.RowHeaderCell>{labels?.[c.field] ?? <Code variant="ghost">{c.field}</Code>}</Table.RowHeaderCell>
              <Table.Cell className="diff-value">{value(c.from, 'from', c.field)}</Table.Cell>
              <Table.Cell className="diff-value">{value(c.to, 'to', c.field)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </DataTable>
    </Flex>
  );
}

/** A value in words (diff-words.ts), or "(none)" where the field is absent on that side. */
const wordsCell = (text: string | null) => (text === null ? <Absent /> : text);

/** New permissions first and loud (what a reviewer must notice), removed ones after them. */
function Permissions({ added, removed }: VersionDiff['permissions']) {
  return (
    <Flex direction="column" gap="2">
      <Heading as="h3" size="3">
        {diffText.permissions}
      </Heading>
      {added.length > 0 && (
        <Callout.Root color="amber" highContrast>
          <Flex direction="column" gap="2">
            <Callout.Text weight="bold">{diffText.permissionsAdded(added.length)}</Callout.Text>
            <Flex asChild gap="2" wrap="wrap" m="0" p="0" style={{ listStyle: 'none' }}>
              <ul aria-label={diffText.permissionsAddedList}>
                {added.map((p) => (
                  <li key={p}>
                    <Badge color="red" size="2" highContrast>
                      + {p}
                    </Badge>
                  </li>
                ))}
              </ul>
            </Flex>
          </Flex>
        </Callout.Root>
      )}
      {removed.length > 0 && (
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2">{diffText.permissionsRemoved}</Text>
          <Flex asChild gap="2" wrap="wrap" m="0" p="0" style={{ listStyle: 'none' }}>
            <ul aria-label={diffText.permissionsRemovedList}>
              {removed.map((p) => (
                <li key={p}>
                  <Badge color="gray" highContrast>
                    - {p}
                  </Badge>
                </li>
              ))}
            </ul>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}

/** A version for the pickers: its number and status. */
const versionLabel = (v: Pick<AppVersion, 'version' | 'status'>) => `v${v.version} · ${statusBadge[v.status].label}`;

function VersionPicker({
  label,
  value,
  versions,
  other,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  versions: AppVersion[];
  other: string;
  placeholder: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label={label}>
      {(f) => (
        <Select.Root value={value} onValueChange={onChange}>
          <Select.Trigger id={f.id} placeholder={placeholder} />
          <Select.Content>
            {versions.map((v) => (
              <Select.Item key={v.id} value={v.version} disabled={v.version === other}>
                {versionLabel(v)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </Field>
  );
}

/** The paths of the cited lines (`cite`'s keys), each with how many of its lines are cited. */
function citedPaths(cited: readonly string[]) {
  const paths = new Map<string, number>();
  for (const key of cited) {
    const c = parseCite(key);
    if (c) paths.set(c.path, (paths.get(c.path) ?? 0) + 1);
  }
  return paths;
}

/**
 * A page of files. A small one shows every file's lines, as it always did. A large one (diff-lines.ts,
 * LARGE_DIFF_FILES and LARGE_DIFF_LINES) opens on its list: each file's path, change and line counts, its lines folded
 * until its header is pressed, with Expand all and Collapse all. A file with a cited line opens unfolded (a link
 * carrying `cite`), and a line cited later (the address changed: a link, the back button) unfolds its file again.
 */
function FileList({ files, citing, cited }: { files: DiffFile[]; citing?: LineCiting; cited: readonly string[] }) {
  const large = isLargeDiff(files);
  const byPath = citedPaths(cited);
  // What the reviewer opened or closed; a file not touched follows the default (open if small or cited).
  const [opened, setOpened] = useState<Record<string, boolean>>({});
  const citedNow = JSON.stringify(cited);
  const [citedBefore, setCitedBefore] = useState(citedNow);
  if (citedBefore !== citedNow) {
    // Adjusted while rendering (React's pattern for state that follows a prop): the newly cited lines' files unfold.
    const before = new Set(JSON.parse(citedBefore) as string[]);
    const unfold = cited.filter((k) => !before.has(k)).flatMap((k) => parseCite(k)?.path ?? []);
    setCitedBefore(citedNow);
    if (unfold.length) setOpened((o) => ({ ...o, ...Object.fromEntries(unfold.map((p) => [p, true])) }));
  }
  const isOpen = (path: string) => opened[path] ?? byPath.has(path);
  const setAll = (open: boolean) => setOpened(Object.fromEntries(files.map((f) => [f.path, open])));

  return (
    <>
      {large && (
        <Flex gap="3" align="center" wrap="wrap">
          <Text size="2" color="gray">
            {diffText.folded(files.length, changedLines(files))}
          </Text>
          <Flex gap="2">
            <Button size="1" variant="soft" aria-label={diffText.expandAllLabel} onClick={() => setAll(true)}>
              {diffText.expandAll}
            </Button>
            <Button size="1" variant="soft" color="gray" aria-label={diffText.collapseAllLabel} onClick={() => setAll(false)}>
              {diffText.collapseAll}
            </Button>
          </Flex>
        </Flex>
      )}
      <Flex asChild direction="column" gap={large ? '2' : '4'} m="0" p="0" style={{ listStyle: 'none' }}>
        <ul aria-label={diffText.fileList}>
          {files.map((f) => (
            <li key={f.path} style={{ minWidth: 0 }}>
              <FileDiff
                file={f}
                citing={citing}
                cited={byPath.get(f.path)}
                fold={large ? { open: isOpen(f.path), onToggle: () => setOpened((o) => ({ ...o, [f.path]: !(o[f.path] ?? byPath.has(f.path)) })) } : undefined}
              />
            </li>
          ))}
        </ul>
      </Flex>
    </>
  );
}

const hasChanges = (d: VersionDiff) =>
  d.files.summary.added + d.files.summary.removed + d.files.summary.changed > 0 ||
  d.manifest.length + d.listing.length + d.pricing.length + d.permissions.added.length + d.permissions.removed.length + d.runtime.length > 0;

/** The comparison itself: pickers, then what changed (permissions, manifest, listing, pricing, a page of files). */
function Comparison({ appId, search, onSearch, versions, canCite }: Props & { versions: AppVersion[] }) {
  const { data, error, isPlaceholderData, isFetching } = useQuery(adminDiffQuery(appId, search, versionsStamp(versions)));
  // The answer for the pair in the address (not the last one, shown while the next loads).
  const current = isPlaceholderData ? undefined : data;
  const known = (v: string | undefined) => (v && versions.some((x) => x.version === v) ? v : '');
  const from = known(search.diffFrom ?? current?.from?.version);
  const to = known(search.diffTo ?? current?.to.version);
  const filesHeading = useRef<HTMLHeadingElement>(null);
  const focusFiles = useRef(false);

  // After Next / First files, the keyboard and the screen reader go on from the top of the new page.
  useEffect(() => {
    if (current && focusFiles.current) {
      focusFiles.current = false;
      filesHeading.current?.focus();
    }
  }, [current]);

  const title = current
    ? current.from
      ? diffText.title(current.from.version)
      : diffText.titleFirst
    : search.diffFrom
      ? diffText.title(search.diffFrom)
      : diffText.titleLoading;
  const cited = citedLines(search.cite) ?? [];
  const citing: LineCiting | undefined = canCite
    ? { isCited: (key) => cited.includes(key), toggle: (key) => onSearch({ ...search, cite: toggleCite(cited, key) }) }
    : undefined;
  const page = (after: string | undefined) => {
    focusFiles.current = true;
    onSearch({ ...search, diffAfter: after });
  };

  return (
    <Section title={title}>
      <Flex direction="column" gap="4">
        {current?.from && !current.fromIsLastApproved && !search.diffFrom && (
          <Text size="2" color="gray">
            {diffText.noApproved}
          </Text>
        )}
        {current && [current.from, current.to].some((v) => v && !v.packageStored) && (
          <Callout.Root color="gray" role="note">
            <Callout.Text>
              {diffText.notStored(
                [current.from, current.to]
                  .filter((v) => v && !v.packageStored)
                  .map((v) => `v${v!.version}`)
                  .join(' and '),
              )}
            </Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="4" align="end" wrap="wrap">
          <VersionPicker
            label={diffText.from}
            value={from}
            versions={versions}
            other={to}
            placeholder={current && !current.from ? diffText.fromNone : '–'}
            onChange={(v) => onSearch({ ...search, diffFrom: v, diffAfter: undefined })}
          />
          <VersionPicker
            label={diffText.to}
            value={to}
            versions={versions}
            other={from}
            placeholder="–"
            onChange={(v) => onSearch({ ...search, diffTo: v, diffAfter: undefined })}
          />
          {(search.diffFrom || search.diffTo) && (
            <Button variant="soft" color="gray" onClick={() => onSearch({ diffLimit: search.diffLimit, cite: search.cite })}>
              {diffText.reset}
            </Button>
          )}
          {/* Another pair or page on its way (the last one stays meanwhile). */}
          {isPlaceholderData && isFetching && (
            <Flex align="center" gap="2" role="status">
              <Spinner />
              <Text size="2" color="gray">
                {diffText.loading}
              </Text>
            </Flex>
          )}
        </Flex>
        {error && !isFetching ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{errorToastText(error)}</Callout.Text>
          </Callout.Root>
        ) : !data ? (
          <Flex align="center" gap="3" p="4" role="status">
            <Spinner />
            <Text color="gray">{diffText.loading}</Text>
          </Flex>
        ) : !hasChanges(data) && !search.diffAfter ? (
          <Card size="2">
            <Flex direction="column" gap="1">
              <Heading as="h3" size="3">
                {diffText.sameTitle}
              </Heading>
              <Text color="gray">{diffText.same}</Text>
            </Flex>
          </Card>
        ) : (
          <Flex direction="column" gap="5" aria-busy={isPlaceholderData}>
            <Text weight="medium">{diffText.summary(data.files.summary)}</Text>
            {(data.permissions.added.length > 0 || data.permissions.removed.length > 0) && <Permissions {...data.permissions} />}
            {data.runtime.length > 0 && <RuntimeChanges sentences={data.runtime} />}
            {data.manifest.length > 0 && <FieldTable caption={diffText.manifest} changes={data.manifest} value={(v) => wordsCell(valueWords(v))} />}
            {data.listing.length > 0 && (
              <FieldTable
                caption={diffText.listing}
                changes={data.listing}
                labels={diffFieldLabels}
                value={(v, side) => {
                  const version = side === 'from' ? data.from?.version : data.to.version;
                  if (typeof v === 'string' && v.startsWith('data:image/'))
                    return <img src={v} alt={diffText.icon(version ?? '')} width={32} height={32} style={{ borderRadius: 6, display: 'block' }} />;
                  return wordsCell(valueWords(v));
                }}
              />
            )}
            {data.pricing.length > 0 && (
              <FieldTable
                caption={diffText.pricing}
                changes={data.pricing}
                value={(v, _side, field) => wordsCell(priceWords(field, v))}
                labels={diffFieldLabels}
              />
            )}
            <Flex direction="column" gap="4">
              <Heading as="h3" size="3" ref={filesHeading} tabIndex={-1}>
                {search.diffAfter ? diffText.filesAfter(search.diffAfter) : diffText.files}
              </Heading>
              {citing && (
                <Flex gap="3" align="center" wrap="wrap">
                  <Text size="2" color="gray">
                    {cited.length ? diffText.cited(cited.length) : diffText.citeHint}
                  </Text>
                  {cited.length > 0 && (
                    <Button size="1" variant="soft" color="gray" aria-label={diffText.clearCitedLabel} onClick={() => onSearch({ ...search, cite: undefined })}>
                      {diffText.clearCited}
                    </Button>
                  )}
                </Flex>
              )}
              {data.files.items.length === 0 ? (
                <Text color="gray">{diffText.noFiles}</Text>
              ) : (
                // Another pair or page starts folded again (the state is the page's).
                <FileList
                  key={`${data.from?.version ?? ''}:${data.to.version}:${data.files.items[0]!.path}`}
                  files={data.files.items}
                  citing={citing}
                  cited={cited}
                />
              )}
              {(search.diffAfter || data.files.next) && (
                <Flex asChild gap="3" justify="end" wrap="wrap">
                  <nav aria-label={diffText.filePages}>
                    <Button variant="soft" disabled={!search.diffAfter} onClick={() => page(undefined)}>
                      {diffText.firstFiles}
                    </Button>
                    <Button variant="soft" disabled={!data.files.next} onClick={() => page(data.files.next ?? undefined)}>
                      {diffText.nextFiles}
                    </Button>
                  </nav>
                </Flex>
              )}
            </Flex>
          </Flex>
        )}
      </Flex>
    </Section>
  );
}

/**
 * What changed between two versions of the app (staff review): by default the latest version against the last one
 * staff approved, shown when the app has an earlier version; the pair and the page of files follow the address
 * (`search`), so a refresh or the back button keeps them. Nothing for a bundle (it has no package).
 */
export function VersionChanges({ appId, search, onSearch, canCite }: Props) {
  const { data: app } = useSuspenseQuery(adminAppQuery(appId));
  const { data: versions = [] } = useQuery(adminVersionsQuery(appId));
  if (app.isBundle || versions.length === 0) return null;
  const chosen = search.diffFrom || search.diffTo || search.diffAfter;
  if (versions.length === 1 && !chosen) {
    const only = versions[0]!;
    return (
      <Section title={diffText.titleOnly}>
        <Flex gap="3" align="center" wrap="wrap">
          <Text size="2" color="gray">
            {diffText.only}
          </Text>
          <Button variant="soft" onClick={() => onSearch({ ...search, diffTo: only.version })}>
            {diffText.showFirst}
          </Button>
        </Flex>
      </Section>
    );
  }
  return <Comparison appId={appId} search={search} onSearch={onSearch} versions={versions} canCite={canCite} />;
}
