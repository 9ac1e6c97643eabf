import { Button, Flex, Table, Text } from '@radix-ui/themes';
import type { z } from 'zod';
import type { AppVersion } from '../../../contract/schemas/app';
import { noteShown, offeredActions, shownDisabledActions, type VersionAction } from '../../../machines/app-version-lifecycle';
import { DataTable } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { actionLabels } from './strings';

type Version = z.infer<typeof AppVersion>;
/** The actions this screen performs; the others open screens that come with the wizards. */
export type RowAction = keyof typeof actionLabels;
const onThisScreen = new Set<VersionAction>(Object.keys(actionLabels) as RowAction[]);
const needsUpdate = new Set<VersionAction>(['SUBMIT', 'REJECT', 'PUBLISH', 'UNPUBLISH']);

/** The publisher's versions, each with the actions the lifecycle machine offers for its status. */
export function VersionsTable({
  versions,
  isBundle,
  canUpdate,
  busy,
  onAction,
}: {
  versions: Version[];
  isBundle: boolean;
  canUpdate: boolean;
  busy: boolean;
  onAction: (action: RowAction, version: Version) => void;
}) {
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
          const actions = offeredActions(v.status, { actor: 'publisher', isBundle }).filter(
            (a): a is RowAction => onThisScreen.has(a) && (canUpdate || !needsUpdate.has(a)),
          );
          const noteField = noteShown(v.status);
          const note = noteField ? v[noteField] : '';
          const disabled = canUpdate ? shownDisabledActions(v.status).filter((a): a is RowAction => onThisScreen.has(a)) : [];
          return (
            <Table.Row key={v.id} align="center">
              <Table.RowHeaderCell>v{v.version}</Table.RowHeaderCell>
              <Table.Cell>
                <StatusBadge status={v.status} />
              </Table.Cell>
              <Table.Cell>{formatDate(v.createdDate)}</Table.Cell>
              <Table.Cell>
                <Text size="2" color="gray">
                  {note || '–'}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Flex gap="2" wrap="wrap">
                  {actions.map((a) => (
                    <Button key={a} size="1" variant={a === 'REJECT' ? 'soft' : 'solid'} color={a === 'REJECT' ? 'red' : undefined} disabled={busy} onClick={() => onAction(a, v)}>
                      {actionLabels[a]}
                    </Button>
                  ))}
                  {disabled.map((a) => (
                    <Button key={a} size="1" disabled>
                      {actionLabels[a]}
                    </Button>
                  ))}
                  {actions.length === 0 && disabled.length === 0 && (
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
