import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Table, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CategoryInput } from '../../../contract/schemas/catalog';
import { DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ListState } from '../../components/ListState';
import { toApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { applyServerErrors } from '../../lib/forms';
import { adminCategoriesQuery, useCreateCategory } from './api';
import { categoryText } from './strings';

/**
 * Categories (SPEC §2): Title, Created At, Modified At; New (with create) opens the 'New Category' modal. Whether it is
 * open is the address's (`creating`, `?new=1`): `onCreating` opens or closes it.
 */
export function CategoriesList({ canCreate, creating, onCreating }: { canCreate: boolean; creating: boolean; onCreating: (open: boolean) => void }) {
  const { data, isPending, error } = useQuery(adminCategoriesQuery);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={categoryText.title}>{canCreate && <Button onClick={() => onCreating(true)}>New</Button>}</ScreenHeader>
      <ListState
        isPending={isPending}
        error={error}
        empty={data?.length === 0}
        loading="Loading the categories…"
        emptyTitle="No categories yet"
        emptyText="Publishers file their apps under categories; create the first one."
      >
        {data && (
          <DataTable caption="Categories">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Created At</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Modified At</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((c) => (
                <Table.Row key={c.id}>
                  <Table.RowHeaderCell>{c.title}</Table.RowHeaderCell>
                  <Table.Cell>{formatDateTime(c.createdDate)}</Table.Cell>
                  <Table.Cell>{formatDateTime(c.modifiedDate)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </DataTable>
        )}
      </ListState>
      {canCreate && creating && <NewCategoryDialog onClose={() => onCreating(false)} />}
    </Box>
  );
}

/**
 * The 'New Category' modal: title required (not only spaces). A failed create is only logged (SPEC §8); a 400 says
 * what is wrong on the field, a taken title (409) is said in the modal.
 */
function NewCategoryDialog({ onClose }: { onClose: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm({ defaultValues: { title: '' }, resolver: zodResolver(CategoryInput) });
  const create = useCreateCategory();
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: onClose,
      onError: (err) => {
        const e = toApiError(err);
        if (e.status === 409) setError('root', { type: 'server', message: e.message });
        else if (!applyServerErrors(err, setError)) console.error('Failed to create the category', e);
      },
    }),
  );
  return (
    <FormDialog
      title={categoryText.newTitle}
      maxWidth="440px"
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Create"
      error={formState.errors.root?.message}
    >
      <Field label="Title" error={formState.errors.title?.message}>
        {({ id, describedBy, invalid }) => (
          <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={100} autoFocus {...register('title')} />
        )}
      </Field>
    </FormDialog>
  );
}
