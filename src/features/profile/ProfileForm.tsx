import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useForm } from 'react-hook-form';
import type { Developer } from '../../../contract/schemas/developer';
import { ProfileInput } from '../../../contract/schemas/developer';
import { Field } from '../../components/Field';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './api';
import { profileText } from './strings';

type Form = { firstName: string; lastName: string };

/** Developer Profile (SPEC §2): first and last name editable, email read-only. */
export function ProfileForm({ me, canUpdate }: { me: Developer; canUpdate: boolean }) {
  const form = useForm<Form>({
    defaultValues: { firstName: me.firstName, lastName: me.lastName },
    resolver: zodResolver(ProfileInput),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const save = useUpdateProfile();
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(profileText.updated);
        reset({ firstName: saved.firstName, lastName: saved.lastName });
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.failure(err);
      },
    }),
  );
  return (
    <Card size="3" style={{ maxWidth: 560 }}>
      <form noValidate onSubmit={submit} aria-labelledby="profile-title">
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
