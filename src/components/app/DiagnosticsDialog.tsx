import { Badge, Code, Flex, Text } from '@radix-ui/themes';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompileJob } from '../../../contract/schemas/app';
import { InfoDialog } from '../InfoDialog';
import { PageLoader } from '../PageLoader';
import { ResultPage } from '../ResultPage';
import { groupByFile, diagnosticPlace, problemCount } from './diagnostics';
import { appText } from './strings';

/**
 * What the compiler reported for a version: the count, then the diagnostics grouped by file, each line
 * `file:line:character message`. The list scrolls inside the dialog, which stays within the viewport.
 */
export function DiagnosticsDialog({
  job,
  title,
  onClose,
}: {
  /** The compile job's query (the publisher's or staff's endpoint). */
  job: UseQueryOptions<z.infer<typeof CompileJob>, Error, z.infer<typeof CompileJob>, string[]>;
  title: string;
  onClose: () => void;
}) {
  const { data, isPending, isError } = useQuery(job);
  const count = data ? data.diagnostics.length : 0;
  return (
    <InfoDialog
      title={`Diagnostics: ${title}`}
      description={
        data
          ? `The TypeScript compiler ${data.typeScriptVersion ? `(${data.typeScriptVersion}) ` : ''}reported ${problemCount(count)} for this version.`
          : 'What the TypeScript compiler reported for this version.'
      }
      maxWidth="760px"
      onClose={onClose}
    >
      {isPending ? (
        <PageLoader label="Loading diagnostics…" />
      ) : isError ? (
        <ResultPage status={500} title={appText.diagnosticsFailed} />
      ) : count === 0 ? (
        <Text color="gray">The compiler reported nothing.</Text>
      ) : (
        <div
          role="region"
          aria-label="Diagnostics by file"
          tabIndex={0}
          style={{ maxHeight: 'min(60vh, calc(100dvh - 260px))', overflow: 'auto', overscrollBehavior: 'contain' }}
        >
          <Flex direction="column" gap="4" pr="2">
            {groupByFile(data.diagnostics).map((group) => (
              <section key={group.file} aria-label={group.file || 'Package'}>
                <Flex align="center" gap="2" mb="1">
                  <Text asChild size="2" weight="bold">
                    <h2 style={{ margin: 0, wordBreak: 'break-all' }}>{group.file || 'Package'}</h2>
                  </Text>
                  <Badge color="red" variant="soft">
                    {group.diagnostics.length}
                  </Badge>
                </Flex>
                <Flex direction="column" gap="1" asChild>
                  <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
                    {group.diagnostics.map((d, i) => (
                      <li key={i} style={{ overflowWrap: 'anywhere' }}>
                        <Code variant="ghost" color="gray">
                          {diagnosticPlace(d)}
                        </Code>{' '}
                        <Text size="2">{d.message}</Text>
                      </li>
                    ))}
                  </ul>
                </Flex>
              </section>
            ))}
          </Flex>
        </div>
      )}
    </InfoDialog>
  );
}
