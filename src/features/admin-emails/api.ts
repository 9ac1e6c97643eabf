import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EmailTemplateInput, PreviewInput } from '../../../contract/schemas/catalog';
import { tsr, unwrap } from '../../lib/api';

/** The templates (the publisher edit drawer reads the same list under this key, for its layouts). */
export const emailKeys = {
  all: ['admin', 'emailTemplates'] as const,
};

export const emailTemplatesQuery = queryOptions({
  queryKey: emailKeys.all,
  queryFn: async () => unwrap(await tsr.admin.emails.list.query()),
});

/** What the drawer shows, as the address says: a template (`?edit=<id>`), a new one (`?new=1`), or nothing. */
export type EmailSearch = { edit?: string; new?: 1 };

/** Creates a template, or updates the one named by `id`; the list reloads before the caller hears of it. */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: z.input<typeof EmailTemplateInput> & { id?: string }) =>
      unwrap(id ? await tsr.admin.emails.update.mutate({ body: { ...body, id } }) : await tsr.admin.emails.create.mutate({ body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}

/** Renders a template as the drawer has it now, with sample data (nothing is saved). */
export function usePreviewEmailTemplate() {
  return useMutation({
    mutationFn: async (body: z.input<typeof PreviewInput>) => unwrap(await tsr.admin.emails.preview.mutate({ body })),
  });
}
