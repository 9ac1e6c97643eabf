import { Code, Flex, Text } from '@radix-ui/themes';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompileJob } from '../../../contract/schemas/app';
import { InfoDialog } from '../InfoDialog';
import { PageLoader } from '../PageLoader';
import { ResultPage } from '../ResultPage';
import { appText } from './strings';

/** Every diagnostic of a version's compile job as file:line:character — message. */
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
  return (
    <InfoDialog
      title={`Diagnostics: ${title}`}
      description="What the TypeScript compiler reported for this version."
      maxWidth="720px"
      onClose={onClose}
    >
      {isPending ? (
        <PageLoader label="Loading diagnostics…" />
      ) : isError ? (
        <ResultPage status={500} title={appText.diagnosticsFailed} />
      ) : data.diagnostics.length === 0 ? (
        <Text color="gray">The compiler reported nothing.</Text>
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ol style={{ margin: 0, paddingLeft: '1.2rem' }}>
            {data.diagnostics.map((d, i) => (
              <li key={i}>
                <Code variant="ghost">
                  {d.file ?? 'app'}:{d.line}:{d.character}
                </Code>{' '}
                <Text>{d.message}</Text>
              </li>
            ))}
          </ol>
        </Flex>
      )}
    </InfoDialog>
  );
}
