import { useQuery } from '@tanstack/react-query';
import type { AppVersion } from '../../../contract/schemas/app';
import { RuntimePanel } from '../../components/app/RuntimeEvidence';
import { runtimeText } from '../../components/app/runtime-sentences';
import { Section } from '../../components/Section';
import { runtimeQuery } from './api';

/**
 * Beside the version's publish checks, what happened when the portal started it in Rocket.Chat's own Apps-Engine
 * (docs/packages-and-review.md, Runtime evidence): whether it starts and how fast, what it adds to a workspace, what
 * it reached for.
 */
export function VersionRuntimeEvidence({ appId, version }: { appId: string; version: Pick<AppVersion, 'id' | 'version'> }) {
  const { data, error, isPending } = useQuery(runtimeQuery(appId, version.id));
  return (
    <Section title={runtimeText.sectionTitle(version.version)}>
      <RuntimePanel data={data} error={error} isPending={isPending} appId={appId} />
    </Section>
  );
}
