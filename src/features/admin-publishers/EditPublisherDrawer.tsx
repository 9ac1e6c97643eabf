import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Switch, Text, TextField } from '@radix-ui/themes';
import { Controller, useForm } from 'react-hook-form';
import { AdminPublisherUpdateInput, type Publisher } from '../../../contract/schemas/publisher';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useUpdatePublisher } from './api';
import { flagLabels, publishersText } from './strings';

type Form = { name: string; canCreatePaidApps: boolean; canCreateBundles: boolean; canUseNPMModules: boolean; canUseWebhooks: boolean };
const flags = Object.keys(flagLabels) as (keyof typeof flagLabels)[];

/** Publisher edit (SPEC §5, §6): the name (required) and the four flags staff decide. */
export default function EditPublisherDrawer({ publisher, onClose }: { publisher: Publisher; onClose: () => void }) {
  const { register, control, handleSubmit, formState, setError } = useForm<Form>({
    defaultValues: {
      name: publisher.name,
      canCreatePaidApps: publisher.canCreatePaidApps,
      canCreateBundles: publisher.canCreateBundles,
      canUseNPMModules: publisher.canUseNPMModules,
      canUseWebhooks: publisher.canUseWebhooks,
    },
    resolver: zodResolver(AdminPublisherUpdateInput),
  });
  const save = useUpdatePublisher(publisher._id);
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(publishersText.saved);
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.failure(err);
      },
    }),
  );
  return (
    <Drawer
      title={publishersText.edit}
      description={publisher.name}
      dirty={formState.isDirty}
      onClose={onClose}
      footer={
        <Button type="submit" form="edit-publisher" loading={save.isPending}>
          Save
        </Button>
      }
    >
      <form id="edit-publisher" noValidate onSubmit={(e) => void submit(e)}>
        <Flex direction="column" gap="4">
          <Field label="Name" error={formState.errors.name?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={200} {...register('name')} />
            )}
          </Field>
          {flags.map((flag) => (
            <Controller
              key={flag}
              control={control}
              name={flag}
              render={({ field }) => (
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
                    {flagLabels[flag]}
                  </Flex>
                </Text>
              )}
            />
          ))}
        </Flex>
      </form>
    </Drawer>
  );
}
