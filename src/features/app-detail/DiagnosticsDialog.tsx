import { Code, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { InfoDialog } from '../../components/InfoDialog';
import { PageLoader } from '../../components/PageLoader';
import { ResultPage } from '../../components/ResultPage';
import { jobQuery } from './api';
import { appDetailText } from './strings';

/** Every diagnostic of a version's compile job as file:line:character — message. */
export function DiagnosticsDialog({ appId, jobId, title, onClose }: { appId: string; jobId: string; title: string; onClose: () => void }) {
  const { data, isPending, isError } = useQuery(jobQuery(appId, jobId));
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
        <ResultPage status={500} title={appDetailText.diagnosticsFailed} />
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
