import { Callout } from '@radix-ui/themes';
import type { z } from 'zod';
import type { TemplateRenderError } from '../../../contract/schemas/catalog';
import { formatDateTime } from '../../lib/format';
import { emailText } from './strings';

/** Says that the last notification rendered from a template failed: when, why, and what it means. */
export function RenderFailure({ error }: { error: z.infer<typeof TemplateRenderError> }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text weight="bold">{emailText.renderFailedTitle(formatDateTime(error.at))}</Callout.Text>
      <Callout.Text>{error.message}</Callout.Text>
      <Callout.Text size="1">{emailText.renderFailedHelp}</Callout.Text>
    </Callout.Root>
  );
}
