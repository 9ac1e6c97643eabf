import { useQuery } from '@tanstack/react-query';
import { isWaitingForReview, type AppVersion } from '../../../contract/schemas/app';
import { RuntimePanel } from '../../components/app/RuntimeEvidence';
import { runtimeText } from '../../components/app/runtime-sentences';
import { Section } from '../../components/Section';
import { adminRuntimeQuery } from './api';

type Version = Pick<AppVersion, 'id' | 'version' | 'status'>;

/**
 * What the version under review (the one waiting for it, else the latest) did when started in Apps-Engine
 * (docs/packages-and-review.md, Runtime evidence): whether it starts, what it adds to a workspace, what it reached for.
 */
export function ReviewedVersionRuntime({ appId, versions, latest }: { appId: string; versions: readonly Version[]; latest: Version }) {
  const version = versions.find((v) => isWaitingForReview(v.status)) ?? latest;
  const { data, error, isPending } = useQuery(adminRuntimeQuery(appId, version.id));
  return (
    <Section title={runtimeText.sectionTitle(version.version)}>
      <RuntimePanel data={data} error={error} isPending={isPending} appId={appId} />
    </Section>
  );
}
