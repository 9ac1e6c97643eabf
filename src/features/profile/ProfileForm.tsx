import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { Developer } from '../../../contract/schemas/developer';
import { ProfileInput } from '../../../contract/schemas/developer';
import { Field } from '../../components/Field';
import { tsr, unwrap } from '../../lib/api';
import { meQuery } from '../../lib/account';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { profileText } from './strings';

type Form = { firstName: string; lastName: string };

/** Developer Profile (SPEC §2): first and last name editable, email read-only. */
export function ProfileForm({ me, canUpdate }: { me: Developer; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const form = useForm<Form>({
    defaultValues: { firstName: me.firstName, lastName: me.lastName },
    resolver: zodResolver(ProfileInput),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const save = useMutation({
    mutationFn: async (body: Form) => unwrap(await tsr.me.update.mutate({ body })),
    onSuccess: (saved) => {
      toast.success(profileText.updated);
      queryClient.setQueryData(meQuery.queryKey, { ...me, ...saved });
      reset({ firstName: saved.firstName, lastName: saved.lastName });
    },
    onError: (err) => {
      if (!applyServerErrors(err, setError)) toast.failure(err);
    },
  });
  return (
    <Card size="3" style={{ maxWidth: 560 }}>
      <form noValidate onSubmit={handleSubmit((v) => save.mutate(v))} aria-labelledby="profile-title">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6" id="profile-title">
            {profileText.title}
          </Heading>
          <Field label="First name" error={formState.errors.firstName?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                disabled={!canUpdate}
                autoComplete="given-name"
                {...register('firstName')}
              />
            )}
          </Field>
          <Field label="Last name" error={formState.errors.lastName?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                disabled={!canUpdate}
                autoComplete="family-name"
                {...register('lastName')}
              />
            )}
          </Field>
          <Field label="Email" hint="Your email comes from your cloud account and cannot be changed here.">
            {({ id }) => <TextField.Root id={id} value={me.email} readOnly />}
          </Field>
          <Flex justify="between" align="center">
            <Text size="1" color="gray">
              {formState.isDirty ? 'You have unsaved changes.' : ''}
            </Text>
            <Button type="submit" disabled={!canUpdate || !formState.isDirty} loading={save.isPending}>
              Save changes
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
