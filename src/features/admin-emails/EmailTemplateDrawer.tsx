import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Code, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EmailTemplateInput, type EmailTemplate } from '../../../contract/schemas/catalog';
import { templateVariables } from '../../../contract/schemas/notifications';
import { Drawer } from '../../components/Drawer';
import { Field } from '../../components/Field';
import { toApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { usePreviewEmailTemplate, useSaveEmailTemplate } from './api';
import { RenderFailure } from './RenderFailure';
import { emailText } from './strings';

type Template = z.infer<typeof EmailTemplate>;
type Form = { name: string; layout: string; subject: string; body: string };
/** How long the preview waits after the last keystroke before it renders again. */
const PREVIEW_DELAY_MS = 400;

/** New or edit (SPEC §2, §5): name and body required, layout and subject optional; a live preview with sample data. */
export function EmailTemplateDrawer({
  template,
  templates,
  readOnly,
  onClose,
}: {
  template: Template | null;
  templates: Template[];
  readOnly: boolean;
  onClose: () => void;
}) {
  const { register, control, handleSubmit, formState, setError } = useForm<Form>({
    defaultValues: {
      name: template?.name ?? '',
      layout: template?.layout ?? '',
      subject: template?.subject ?? '',
      body: template?.body ?? '',
    },
    resolver: zodResolver(EmailTemplateInput) as never,
  });
  const current = useWatch({ control }) as Form;
  const save = useSaveEmailTemplate();
  const submit = handleSubmit((v) =>
    save.mutate(
      { ...v, id: template?.id },
      {
        onSuccess: () => {
          toast.success(emailText.saved);
          onClose();
        },
        onError: (err) => {
          if (!applyServerErrors(err, setError)) toast.error(emailText.failed, emailText.failedTitle);
        },
      },
    ),
  );
  const preview = usePreviewEmailTemplate();
  const { mutate: render } = preview;
  useEffect(() => {
    const timer = setTimeout(
      () =>
        render({
          name: current.name ?? '',
          layout: current.layout ?? '',
          subject: current.subject ?? '',
          body: current.body ?? '',
        }),
      PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [current.name, current.layout, current.subject, current.body, render]);
  const variables = templateVariables[current.name as keyof typeof templateVariables];
  const layouts = templates.filter((t) => t.name !== current.name);
  return (
    <Drawer
      title={template ? `Edit ${template.name}` : 'New Email Template'}
      description="Templates are Liquid: {{ variable }} inserts a value (escaped), {% if %} and {% for %} decide and repeat."
      width={750}
      dirty={formState.isDirty}
      onClose={onClose}
      footer={
        !readOnly && (
          <Button type="submit" form="email-template" loading={save.isPending}>
            Save
          </Button>
        )
      }
    >
      <form id="email-template" noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          {template?.lastRenderError && <RenderFailure error={template.lastRenderError} />}
          <Field label="Name" error={formState.errors.name?.message} hint="A notification uses the template named like it (e.g. version-rejected).">
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} readOnly={readOnly} maxLength={100} {...register('name')} />
            )}
          </Field>
          <Field label="Layout" error={formState.errors.layout?.message} hint="The template this one is rendered inside (its {{ content }}); empty for none.">
            {({ id, describedBy, invalid }) => (
              <>
                <TextField.Root
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  readOnly={readOnly}
                  maxLength={100}
                  list={`${id}-layouts`}
                  {...register('layout')}
                />
                <datalist id={`${id}-layouts`}>
                  {layouts.map((t) => (
                    <option key={t.id} value={t.name} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field label="Subject" error={formState.errors.subject?.message}>
            {({ id, describedBy, invalid }) => (
              <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} readOnly={readOnly} maxLength={200} {...register('subject')} />
            )}
          </Field>
          <Field label="Body" error={formState.errors.body?.message}>
            {({ id, describedBy, invalid }) => (
              <TextArea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                readOnly={readOnly}
                rows={12}
                style={{ fontFamily: 'var(--code-font-family)' }}
                {...register('body')}
              />
            )}
          </Field>
          {variables && (
            <Box>
              <Heading as="h2" size="2" mb="1">
                Variables of {current.name}
              </Heading>
              <Flex direction="column" gap="1" asChild>
                <ul style={{ margin: 0, paddingLeft: 16 }}>
                  {variables.map((v) => (
                    <li key={v.name}>
                      <Text size="1">
                        <Code>{`{{ ${v.name} }}`}</Code> {v.description}
                      </Text>
                    </li>
                  ))}
                </ul>
              </Flex>
            </Box>
          )}
          <Box>
            <Heading as="h2" size="3" mb="2">
              Preview (sample data)
            </Heading>
            {preview.error ? (
              <Text color="red" size="2" role="status">
                {toApiError(preview.error).message}
              </Text>
            ) : preview.data ? (
              <Flex direction="column" gap="2">
                <Text as="p" size="2">
                  <Text weight="bold">Subject:</Text> {preview.data.subject || '(no subject)'}
                </Text>
                {/* No scripts, no access to the portal: the rendered message is shown as a separate, sandboxed document. */}
                <iframe
                  title="Email preview"
                  sandbox=""
                  srcDoc={preview.data.html}
                  style={{
                    width: '100%',
                    height: 360,
                    border: '1px solid var(--gray-a6)',
                    borderRadius: 4,
                    background: 'white',
                  }}
                />
                <details>
                  <summary>
                    <Text size="2">Text part</Text>
                  </summary>
                  <Box
                    asChild
                    p="2"
                    mt="2"
                    style={{
                      whiteSpace: 'pre-wrap',
                      border: '1px solid var(--gray-a6)',
                      borderRadius: 4,
                      maxHeight: 360,
                      overflow: 'auto',
                    }}
                  >
                    <pre aria-label="Text part">{preview.data.text}</pre>
                  </Box>
                </details>
              </Flex>
            ) : (
              <Text color="gray" size="2">
                Rendering…
              </Text>
            )}
          </Box>
        </Flex>
      </form>
    </Drawer>
  );
}
