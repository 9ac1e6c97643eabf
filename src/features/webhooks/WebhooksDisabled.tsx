import { Button } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ResultPage } from '../../components/ResultPage';
import { configQuery } from '../../lib/account';
import { webhookText } from './strings';

/** SPEC §3: the 403 'Webhooks Disabled' page with a Request Access mail link, for a publisher without webhooks. */
export function WebhooksDisabled({ publisherName }: { publisherName: string }) {
  const support = useQuery(configQuery).data?.supportEmail ?? '';
  const subject = encodeURIComponent(`Webhooks for ${publisherName}`);
  const body = encodeURIComponent(`Hello,\n\nplease turn webhooks on for our publisher account "${publisherName}".\n\nThank you.`);
  return (
    <ResultPage
      status={403}
      title={webhookText.disabledTitle}
      text={webhookText.disabledText}
      action={
        <Button asChild>
          <a href={`mailto:${support}?subject=${subject}&body=${body}`}>{webhookText.requestAccess}</a>
        </Button>
      }
    />
  );
}
