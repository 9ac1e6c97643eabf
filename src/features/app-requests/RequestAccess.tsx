import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, DataList, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '../../../contract/common';
import { CreateAppRequestInput } from '../../../contract/schemas/app-requests';
import { ApiErrorNote } from '../../components/ApiErrorNote';
import { PageLoader } from '../../components/PageLoader';
import { listedAppQuery, useCreateAppRequest } from './api';
import { AppHeader } from './AppHeader';
import { answerWorkspace } from './parent';
import { adminCountOf, displayName, requesterOf } from './people';
import { CloseButton, Problem } from './Problem';
import type { RequestAccessSearch } from './search';
import { appRequestText as T } from './strings';

/** What the requester types: the message, as the contract bounds it (the rest of the request is the address's). */
const messageSchema = CreateAppRequestInput.pick({ message: true });

/** After the request: its heading takes the focus, so it is read out (Rocket.Chat closes its modal on the answer). */
function Sent({ app }: { app: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card size={{ initial: '2', sm: '3' }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {T.sentTitle}
        </Heading>
        <Text as="p" size="2">
          {T.sent(app)}
        </Text>
      </Flex>
    </Card>
  );
}

/**
 * /apps/{appId}/requestAccess: an end user of a registered workspace asks its admins for the app (Rocket.Chat
 * opens it without a token: rest.ts `buildExternalAppRequest`). The page shows the requester as Rocket.Chat named
 * them, takes a message, makes the request (`POST /v1/app-request`) and answers the modal
 * `{"result":true,"message":…}`, which Rocket.Chat passes on to its admins.
 */
export function RequestAccess({ appId, workspaceId, search }: { appId: string; workspaceId: string; search: RequestAccessSearch }) {
  const requester = useMemo(() => requesterOf(search.requester), [search.requester]);
  const admins = useMemo(() => adminCountOf(search.admins), [search.admins]);
  const app = useQuery(listedAppQuery(appId));
  const { register, handleSubmit, formState } = useForm<z.input<typeof messageSchema>, unknown, z.output<typeof messageSchema>>({
    defaultValues: { message: '' },
    resolver: zodResolver(messageSchema),
  });
  const messageId = useId();
  const hintId = useId();
  const errorId = useId();
  const send = useCreateAppRequest();

  if (!workspaceId || !requester) return <Problem title={T.failedTitle} text={T.missingAddress} />;
  if (app.isError) return <Problem title={T.failedTitle} error={app.error} />;
  if (!app.data) return <PageLoader label={T.loading} />;
  const name = app.data.name;
  if (send.isSuccess)
    return (
      <Flex direction="column" gap="4">
        <AppHeader app={app.data} title={T.requestTitle(name)} />
        <Sent app={name} />
      </Flex>
    );

  // The server's answer, whatever it is about (the address Rocket.Chat built, the message), shows above the buttons.
  const submit = handleSubmit(({ message }) => {
    if (send.isPending) return;
    send.mutate(
      { workspaceId, appId, requester: search.requester ?? '', admins: search.admins, message },
      { onSuccess: () => answerWorkspace({ result: true, message: message.trim() }) },
    );
  });
  const messageError = formState.errors.message?.message;
  return (
    <Flex direction="column" gap="4">
      <AppHeader app={app.data} title={T.requestTitle(name)} />
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="3">
          <Text as="p" size="2">
            {T.requestIntro}
          </Text>
          <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
            <DataList.Item>
              <DataList.Label>{T.from}</DataList.Label>
              <DataList.Value>
                <Flex direction="column" gap="1">
                  <Text weight="bold" style={{ overflowWrap: 'anywhere' }}>
                    {displayName(requester)}
                  </Text>
                  <Text size="1" color="gray">
                    {T.fromHint}
                    {admins ? ` ${T.administrators(admins)}` : ''}
                  </Text>
                </Flex>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={messageId} size="2" weight="medium">
              {T.messageLabel}
            </Text>
            <TextArea
              id={messageId}
              aria-describedby={messageError ? `${hintId} ${errorId}` : hintId}
              aria-invalid={!!messageError}
              maxLength={LIMITS.note}
              rows={3}
              resize="vertical"
              {...register('message')}
            />
            <Text id={hintId} size="1" color="gray">
              {T.messageHint(LIMITS.note)}
            </Text>
            {messageError && (
              <Text id={errorId} size="1" color="red" role="alert">
                {messageError}
              </Text>
            )}
          </Flex>
          {send.isError && <ApiErrorNote error={send.error} />}
          <Flex gap="3" wrap="wrap">
            <Button type="submit" loading={send.isPending}>
              {T.request}
            </Button>
            <CloseButton label={T.cancel} />
          </Flex>
        </Flex>
      </form>
    </Flex>
  );
}
