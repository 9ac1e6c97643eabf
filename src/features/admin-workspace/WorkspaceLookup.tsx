import { TextField } from '@radix-ui/themes';
import { useForm } from 'react-hook-form';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { toast } from '../../lib/toast';
import { workspaceText } from './strings';

/** SPEC §3 Workspace lookup: 'Please enter a workspace id', View and Cancel; an empty id warns. */
export function WorkspaceLookup({ onView, onCancel }: { onView: (id: string) => void; onCancel: () => void }) {
  const { register, handleSubmit, formState } = useForm<{ id: string }>({ defaultValues: { id: '' } });
  const view = handleSubmit(
    ({ id }) => onView(id.trim()),
    () => toast.error(workspaceText.invalidId),
  );
  return (
    <FormDialog title={workspaceText.lookupTitle} maxWidth="440px" onClose={onCancel} onSubmit={(e) => void view(e)} pending={false} submitLabel="View">
      <Field label="Workspace ID" error={formState.errors.id?.message}>
        {({ id, describedBy, invalid }) => (
          <TextField.Root
            id={id}
            autoFocus
            maxLength={64}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...register('id', { validate: (value) => value.trim() !== '' || workspaceText.invalidId })}
          />
        )}
      </Field>
    </FormDialog>
  );
}
