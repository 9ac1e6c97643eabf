import { Button, Dialog, Flex, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { GITHUB_ACTIONS_ISSUER, NewTrustPolicyInput, TRUST_TEXT as T } from '../../../contract/schemas/tokens';
import { Field } from '../../components/Field';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { firstMessages } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { trustKey } from './api';

type Form = { issuer: string; repository: string; workflow: string; environment: string; ref: string };
type Errors = Partial<Record<keyof Form, string>>;

/** The form checked with the contract's own schema (the server checks the same): a message per field. */
export function trustProblems(form: Form): Errors {
  const parsed = NewTrustPolicyInput.safeParse(form);
  return parsed.success ? {} : firstMessages(parsed.error.issues);
}

const fields: { name: Exclude<keyof Form, 'issuer'>; label: string; hint: string; placeholder: string }[] = [
  { name: 'repository', label: T.repositoryLabel, hint: T.repositoryHint, placeholder: 'owner/name' },
  { name: 'workflow', label: T.workflowLabel, hint: T.workflowHint, placeholder: 'release.yml' },
  { name: 'environment', label: T.environmentLabel, hint: T.environmentHint, placeholder: 'production' },
  { name: 'ref', label: T.refLabel, hint: T.refHint, placeholder: 'refs/heads/main' },
];

/** Add trusted publisher (the server trims the fields and takes an empty environment or ref as none): issuer (GitHub Actions' by default), repository, workflow file, optional environment and ref. */
export default function AddTrustDialog({ appId, onClose }: { appId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>({ issuer: GITHUB_ACTIONS_ISSUER, repository: '', workflow: '', environment: '', ref: '' });
  const [errors, setErrors] = useState<Errors>({});
  const add = useMutation({
    mutationFn: async () => unwrap(await tsr.trust.create.mutate({ params: { id: appId }, body: form })),
    onSuccess: async () => {
      toast.success(T.added);
      await queryClient.invalidateQueries({ queryKey: trustKey(appId) });
      onClose();
    },
    onError: (err) => {
      const e = toApiError(err);
      if (e.body?.fields?.length) return setErrors(Object.fromEntries(e.body.fields.map((f) => [f.path.split('.')[0], f.message])));
      // A conflict (the same workflow already trusted) is about the form as a whole: say it on the repository.
      if (e.status === 409) return setErrors({ repository: e.message });
      toast.failure(err);
    },
  });
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = trustProblems(form);
    setErrors(problems);
    if (Object.keys(problems).length === 0) add.mutate();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{T.add}</Dialog.Title>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="3">
            <Field label={T.issuerLabel} error={errors.issuer} hint={T.issuerHint}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  type="url"
                  value={form.issuer}
                  onChange={(e) => set({ issuer: e.currentTarget.value })}
                />
              )}
            </Field>
            {fields.map((f) => (
              <Field key={f.name} label={f.label} error={errors[f.name]} hint={f.hint}>
                {({ id, describedBy, invalid }) => (
                  <TextField.Root
                    id={id}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    placeholder={f.placeholder}
                    autoComplete="off"
                    spellCheck={false}
                    value={form[f.name]}
                    onChange={(e) => set({ [f.name]: e.currentTarget.value })}
                  />
                )}
              </Field>
            ))}
            <Flex gap="2" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={add.isPending}>
                {T.add}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
