// A version's runtime evidence (docs/packages-and-review.md, Runtime evidence): what happened when the portal started it in
// Rocket.Chat's own Apps-Engine. Shown to staff (the admin app detail) and publishers (the app page, the wizard's
// submission step); the listing's preview shows only its adds (WorkspaceAdds.tsx).
import { CheckCircledIcon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Box, Callout, Code, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import type { RuntimeError, RuntimeReport, VersionRuntime } from '../../../contract/schemas/runtime';
import { QueryFallback } from '../QueryFallback';
import { RuntimeAccess } from './RuntimeAccess';
import { RuntimeAdds, type HeadingLevel } from './RuntimeAdds';
import { engineName, headline, lifecycleTimes, olderHeadline, outcomeTone, runtimeText as T, whereLead } from './runtime-sentences';

const tones = {
  good: { color: 'green', icon: <CheckCircledIcon /> },
  bad: { color: 'red', icon: <CrossCircledIcon /> },
  stopped: { color: 'amber', icon: <InfoCircledIcon /> },
} as const;
const wrap = { overflowWrap: 'anywhere' } as const;
const next = (level: HeadingLevel): HeadingLevel => (level < 5 ? ((level + 1) as HeadingLevel) : 5);

/** A titled part of the evidence (a heading names it for assistive technology). */
function Part({ title, level, children }: { title: string; level: HeadingLevel; children: ReactNode }) {
  const id = useId();
  return (
    <Flex asChild direction="column" gap="2" minWidth="0">
      <section aria-labelledby={id}>
        <Heading as={`h${level}`} size="3" id={id}>
          {title}
        </Heading>
        {children}
      </section>
    </Flex>
  );
}

/** Why it did not start: where (the lifecycle call), the message, and the app's own stack frames in a scrollable block. */
function Failure({ error, framesLabel = T.frames }: { error: RuntimeError; framesLabel?: string }) {
  return (
    <Flex direction="column" gap="2" minWidth="0">
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
        <DataList.Item>
          <DataList.Label minWidth="88px">{T.where}</DataList.Label>
          <DataList.Value>
            <Text size="2">
              {whereLead(error.during)} <Code>{error.during}</Code>
            </Text>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="88px">{T.error}</DataList.Label>
          <DataList.Value>
            <Text size="2" style={{ ...wrap, whiteSpace: 'pre-wrap' }}>
              {error.message}
            </Text>
          </DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {error.frames.length > 0 ? (
        <Box asChild p="2" m="0" style={{ overflow: 'auto', maxHeight: '16rem', background: 'var(--gray-a3)', borderRadius: 'var(--radius-2)' }}>
          {/* Scrolls on its own (a long frame does not widen the page); focusable so the keyboard scrolls it too. */}
          <pre role="region" aria-label={framesLabel} tabIndex={0}>
            <Code size="1" variant="ghost" color="gray" highContrast>
              {error.frames.join('\n')}
            </Code>
          </pre>
        </Box>
      ) : (
        <Text size="1" color="gray">
          {T.noFrames}
        </Text>
      )}
    </Flex>
  );
}

/**
 * A report in full: the headline (started in how long, did not start and why, or stopped by a limit) — and how it
 * started in the engine before Deno when its requiredApiVersion admits that one too —, then what the app adds to a workspace, then what it reached for (network, permissions). `level` is the heading level of its
 * parts; `addsTitled={false}` leaves out the adds' own heading where the page's names them already.
 */
export function RuntimeEvidence({
  report,
  appId,
  level = 3,
  addsTitled = true,
}: {
  report: RuntimeReport;
  appId?: string;
  level?: HeadingLevel;
  addsTitled?: boolean;
}) {
  const tone = tones[outcomeTone(report.outcome)];
  const times = report.outcome === 'started' ? lifecycleTimes(report) : '';
  const older = report.olderEngine;
  const adds = <RuntimeAdds adds={report.adds} appId={appId} level={addsTitled ? next(level) : level} />;
  return (
    <Flex direction="column" gap="4" minWidth="0">
      <Callout.Root color={tone.color} size="1" highContrast>
        <Callout.Icon>{tone.icon}</Callout.Icon>
        <Callout.Text weight="bold" style={wrap}>
          {headline(report)}
        </Callout.Text>
        {times && <Callout.Text size="1">{times}</Callout.Text>}
      </Callout.Root>
      {report.outcome === 'failed' && report.error && <Failure error={report.error} />}
      {older && (
        <Callout.Root color={tones[outcomeTone(older.outcome)].color} size="1" highContrast>
          <Callout.Icon>{tones[outcomeTone(older.outcome)].icon}</Callout.Icon>
          <Callout.Text style={wrap}>{olderHeadline(older)}</Callout.Text>
        </Callout.Root>
      )}
      {older?.outcome === 'failed' && older.error && <Failure error={older.error} framesLabel={T.framesIn(engineName(older.engine))} />}
      {addsTitled ? (
        <Part title={T.adds} level={level}>
          {adds}
        </Part>
      ) : (
        adds
      )}
      <Part title={T.access} level={level}>
        <RuntimeAccess report={report} level={next(level)} />
      </Part>
    </Flex>
  );
}

/**
 * The runtime evidence as a query gives it: loading, its error (with the request id to quote), not started yet (no
 * report: the compile has not finished, or the runtime was unavailable), then the report.
 */
export function RuntimePanel({
  data,
  error,
  isPending,
  appId,
  level,
  addsTitled,
}: {
  data: VersionRuntime | undefined;
  error: unknown;
  isPending: boolean;
  appId?: string;
  level?: HeadingLevel;
  addsTitled?: boolean;
}) {
  if (data)
    return data.report ? (
      <RuntimeEvidence report={data.report} appId={appId} level={level} addsTitled={addsTitled} />
    ) : (
      <Text as="p" size="2" color="gray">
        {T.noReport[data.compile]}
      </Text>
    );
  return <QueryFallback error={error} isPending={isPending} loading={T.loading} />;
}
