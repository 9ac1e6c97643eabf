import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, Flex, Table, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CategoryInput } from '../../../contract/schemas/catalog';
import { DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ListState } from '../../components/ListState';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { adminCategoriesQuery } from './api';
import { categoryText } from './strings';

/** Categories (SPEC §2): Title, Created At, Modified At; New (with create) opens the 'New Category' modal. */
export function CategoriesList({ canCreate }: { canCreate: boolean }) {
  const { data, isPending, error } = useQuery(adminCategoriesQuery);
  const [creating, setCreating] = useState(false);
  return (
    <Box p={{ initial: '3', sm: '6' }}>
      <ScreenHeader title={categoryText.title}>{canCreate && <Button onClick={() => setCreating(true)}>New</Button>}</ScreenHeader>
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
      {creating && <NewCategoryDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}

/** The 'New Category' modal: title required (not only spaces). A failed create is only logged (SPEC §8), but a taken title is said on the field. */
function NewCategoryDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, setError } = useForm<{
    title: string;
  }>({ defaultValues: { title: '' }, resolver: zodResolver(CategoryInput) });
  const create = useMutation({
    mutationFn: async (body: { title: string }) => unwrap(await tsr.admin.categories.create.mutate({ body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        queryKey: adminCategoriesQuery.queryKey,
      });
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
      onClose();
    },
    onError: (err) => {
      const e = toApiError(err);
      if (e.status === 409 || e.body?.fields?.length)
        setError('title', {
          type: 'server',
          message: e.body?.fields?.[0]?.message ?? e.message,
        });
      else console.error('Failed to create the category', e);
    },
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="440px" aria-describedby={undefined}>
        <Dialog.Title>{categoryText.newTitle}</Dialog.Title>
        <form noValidate onSubmit={handleSubmit((v) => create.mutate(v))}>
          <Field label="Title" error={formState.errors.title?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={100} autoFocus {...register('title')} />
            )}
          </Field>
          <Flex gap="2" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
