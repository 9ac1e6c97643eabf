import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { lazy, Suspense, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AppVersion } from '../../../contract/schemas/app';
import { noteShown, shownDisabledActions, type LifecycleActor, type VersionAction } from '../../../machines/app-version-lifecycle';
import { noFacts, versionActionsFor, type Withheld } from '../../../machines/version-actions';
import { formatDate } from '../../lib/format';
import { DataTable } from '../DataTable';
import { StatusBadge } from '../StatusBadge';
import { actionLabels, publisherActionHelp, withheldText } from './strings';

// What a review note cites loads with the first note that cites anything (not with every screen listing versions).
const Citations = lazy(() => import('./Findings').then((m) => ({ default: m.Citations })));

type Version = z.infer<typeof AppVersion>;
const danger = new Set<VersionAction>(['REJECT', 'MAKE_DRAFT']);

/**
 * Versions, each with the actions the one rule of a version's actions (machines/version-actions.ts) offers `actor`
 * — the lifecycle machine for its status, less what its facts hold back — among those the screen performs and the
 * user may take (`available`). What is held back is not offered; a line says why. Actions shown disabled come from
 * the machine too (SPEC §4: Publish on a rejected version).
 */
export function VersionsTable({
  versions,
  actor,
  isBundle,
  available,
  busy,
  onAction,
  extra,
  cannotSell = null,
}: {
  versions: Version[];
  actor: Exclude<LifecycleActor, 'system'>;
  isBundle: boolean;
  /** The actions this screen performs for this user; per version when some need more than the status. */
  available: ReadonlySet<VersionAction> | ((version: Version) => ReadonlySet<VersionAction>);
  busy: boolean;
  onAction: (action: VersionAction, version: Version) => void;
  /** More controls for a row (e.g. staff downloads). */
  extra?: (version: Version) => ReactNode;
  /** Why buyers could not pay for the app now (`App.cannotSell`): the steps toward buyers wait for it. */
  cannotSell?: string | null;
}) {
  if (!versions.length) return <Text color="gray">No versions yet.</Text>;
  return (
    <DataTable caption="Versions">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Created</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Notes</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {versions.map((v) => {
          const here = typeof available === 'function' ? available(v) : available;
          const facts = { ...noFacts, ...v.facts, cannotSell };
          const rule = versionActionsFor(v.status, { actor, isBundle }, facts);
          const actions = rule.offered.filter((a) => here.has(a));
          // Why actions this user could take wait, once per reason.
          const waits = new Map<string, Withheld[]>();
          for (const w of rule.withheld) if (here.has(w.action)) waits.set(w.reason, [...(waits.get(w.reason) ?? []), w]);
          const noteField = noteShown(v.status);
          const note = noteField ? v[noteField] : '';
          const disabled = shownDisabledActions(v.status).filter((a) => here.has(a) && !actions.includes(a));
          const more = extra?.(v);
          return (
            <Table.Row key={v.id} align="center">
              <Table.RowHeaderCell>v{v.version}</Table.RowHeaderCell>
              <Table.Cell>
                <StatusBadge status={v.status} meaning={actor === 'publisher'} />
              </Table.Cell>
              <Table.Cell>{formatDate(v.createdDate)}</Table.Cell>
              <Table.Cell>
                <Text size="2" color="gray">
                  {note || '–'}
                </Text>
                {/* What the note cites (docs/packages-and-review.md, Review notes): findings and lines of the diff, beside the note itself. */}
                {note && v.reviewCitations?.length > 0 && (
                  <Suspense fallback={null}>
                    <Citations citations={v.reviewCitations} />
                  </Suspense>
                )}
              </Table.Cell>
              <Table.Cell>
                <Flex gap="2" wrap="wrap" align="center">
                  {actions.map((a) => (
                    <Button
                      key={a}
                      size="1"
                      variant={danger.has(a) ? 'soft' : 'solid'}
                      color={danger.has(a) ? 'red' : undefined}
                      disabled={busy}
                      onClick={() => onAction(a, v)}
                    >
                      {actionLabels[a]}
                    </Button>
                  ))}
                  {disabled.map((a) => (
                    <Button key={a} size="1" disabled>
                      {actionLabels[a]}
                    </Button>
                  ))}
                  {more}
                  {actor === 'publisher' &&
                    actions.flatMap((a) =>
                      publisherActionHelp[a] ? (
                        <Text key={`${a}-help`} as="div" size="1" color="gray" style={{ flexBasis: '100%' }}>
                          {publisherActionHelp[a]}
                        </Text>
                      ) : (
                        []
                      ),
                    )}
                  {[...waits.values()].map((held) => (
                    <Text key={held[0]!.reason} as="div" size="1" color="amber" style={{ flexBasis: '100%' }}>
                      {withheldText(held)}
                    </Text>
                  ))}
                  {actions.length === 0 && disabled.length === 0 && !more && waits.size === 0 && (
                    <Text size="1" color="gray">
                      –
                    </Text>
                  )}
                </Flex>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </DataTable>
  );
}
