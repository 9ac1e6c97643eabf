import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useForm } from 'react-hook-form';
import { PublisherUpdateInput, type Publisher } from '../../../contract/schemas/publisher';
import { Field } from '../../components/Field';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useUpdatePublisher } from './api';
import { infoText } from './strings';

type Form = { name: string; tosLink: string; privacyLink: string; webhookLink: string };
const fields: { name: keyof Form; label: string; hint?: string; type?: 'url' }[] = [
  { name: 'name', label: 'Name' },
  { name: 'tosLink', label: 'Terms of Service link', type: 'url' },
  { name: 'privacyLink', label: 'Privacy Policy link', type: 'url' },
  { name: 'webhookLink', label: 'Webhook link', type: 'url', hint: 'Optional: https:// only.' },
];

/** The publisher's own details (SPEC §2): name and the three links, all https (the server checks too). */
export function ProfileCard({ publisher, canUpdate }: { publisher: Publisher; canUpdate: boolean }) {
  const initial = { name: publisher.name, tosLink: publisher.tosLink, privacyLink: publisher.privacyLink, webhookLink: publisher.webhookLink };
  const { register, handleSubmit, formState, setError, reset } = useForm<Form>({
    defaultValues: initial,
    resolver: zodResolver(PublisherUpdateInput),
    mode: 'onTouched',
  });
  const save = useUpdatePublisher();
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset({ name: saved.name, tosLink: saved.tosLink, privacyLink: saved.privacyLink, webhookLink: saved.webhookLink });
        toast.success(infoText.profileSaved);
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.failure(err);
      },
    }),
  );
  return (
    <Card size="3">
      <form noValidate onSubmit={submit} aria-labelledby="publisher-details">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="publisher-details">
            Details
          </Heading>
          {fields.map((f) => (
            <Field key={f.name} label={f.label} error={formState.errors[f.name]?.message} hint={f.hint}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root id={id} type={f.type} aria-describedby={describedBy} aria-invalid={invalid} disabled={!canUpdate} {...register(f.name)} />
              )}
            </Field>
          ))}
          <Text size="2" color="gray">
            {[publisher.city, publisher.state, publisher.country].filter(Boolean).join(', ')}
          </Text>
          <Flex justify="end">
            <Button type="submit" disabled={!canUpdate || !formState.isDirty} loading={save.isPending}>
              Save changes
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
