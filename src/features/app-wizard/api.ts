import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contractRoutes as contract } from 'virtual:contract-routes';
import type { App, ChangesInput, DetailsInput, InfoInput } from '../../../contract/schemas/app';
import type { SetPricingInput } from '../../../contract/schemas/price';
import type { VersionRuntime } from '../../../contract/schemas/runtime';
import type { SaveInput, SaveOutput } from '../../../machines/app-wizard';
import { ApiError, tsr, unwrap } from '../../lib/api';
import { appKeys } from '../../lib/keys';
import { errorToastText } from '../../lib/toast';
import { uploadFailureText, uploadWithProgress } from '../../lib/upload';

// The wizard's queries are the publisher's apps' (src/lib/keys.ts): a step saved refreshes them all.
export const wizardAppQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.one(id), queryFn: async () => unwrap(await tsr.apps.get.query({ params: { id } })) });
export const wizardVersionQuery = (id: string, versionId: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'version', versionId), queryFn: async () => unwrap(await tsr.apps.info.query({ params: { id, versionId } })) });
/** The publish checks' findings on the version (a blocking one refuses Submit), asked again while the checks have not run. */
export const wizardFindingsQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: appKeys.of(id, 'findings', versionId),
    queryFn: async () => unwrap(await tsr.apps.findings.query({ params: { id, versionId } })),
    refetchInterval: (q) => (q.state.data?.checkedAt === null ? 3000 : false),
  });
/**
 * What the version did when started in Apps-Engine. Its run is recorded with the checks' findings (the same compile):
 * the step asks again while there is no report and the findings it has seen do not yet say the compile is done.
 */
export const wizardRuntimeQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: appKeys.of(id, 'runtime', versionId),
    queryFn: async () => unwrap(await tsr.apps.runtime.query({ params: { id, versionId } })),
  });
/** How often the step asks for the run again: every 3 s while the compile (and the start after it) is under way. */
export const runtimeRefetch = (runtime: { data?: VersionRuntime }) => (runtime.data?.compile === 'waiting' ? 3000 : false);
export const screenshotsQuery = (appId: string, internalId: string) =>
  queryOptions({
    queryKey: appKeys.of(appId, 'screenshots', internalId),
    queryFn: async () => unwrap(await tsr.apps.screenshots.query({ params: { appId, internalId } })),
  });
export const pricesQuery = (id: string) =>
  queryOptions({ queryKey: appKeys.of(id, 'prices'), queryFn: async () => unwrap(await tsr.apps.prices.query({ params: { id } })) });

/** SPEC §8: the failure texts of the steps. */
export const stepFailure = {
  details: 'Failed to update the App Details.',
};

export type StepData =
  | { step: 'upload'; file: File; onProgress: (fraction: number) => void }
  | { step: 'details'; values: z.infer<typeof DetailsInput> }
  | { step: 'pricing'; values: z.infer<typeof SetPricingInput> }
  | { step: 'screenshots' | 'info'; values: z.infer<typeof InfoInput> }
  | { step: 'changes'; values: z.infer<typeof ChangesInput> };

const fail = (text: string) => new Error(text);

/** The wizard's `saveStep` actor: one call per step, its failure as the error the step shows. */
export async function saveStep({ appId, versionId, data }: SaveInput): Promise<SaveOutput> {
  const d = data as StepData | undefined;
  // Nothing to write (a read-only step finishing the edit wizard).
  if (!d) return {};
  const params = { id: appId, versionId };
  try {
    switch (d.step) {
      case 'upload': {
        const update = appId !== '';
        const route = update ? contract.apps.update : contract.apps.create;
        const app = await uploadWithProgress<z.infer<typeof App>>({
          method: route.method,
          path: update ? route.path.replace(':id', encodeURIComponent(appId)) : route.path,
          field: 'app',
          file: d.file,
          onProgress: d.onProgress,
        });
        return { appId: app.appId, versionId: app.latest.id };
      }
      case 'details':
        unwrap(await tsr.apps.details.mutate({ params, body: d.values }));
        return {};
      case 'pricing':
        unwrap(await tsr.apps.setPricing.mutate({ params: { id: appId }, body: d.values }));
        return {};
      case 'screenshots':
      case 'info':
        unwrap(await tsr.apps.updateInfo.mutate({ params, body: d.values }));
        return {};
      case 'changes':
        unwrap(await tsr.apps.changes.mutate({ params, body: d.values }));
        return {};
    }
  } catch (err) {
    if (d.step === 'upload') throw fail(uploadFailureText(err));
    if (d.step === 'details') throw fail(stepFailure.details);
    throw fail(err instanceof ApiError ? errorToastText(err) : String(err));
  }
}

export async function submitVersion({ appId, versionId }: { appId: string; versionId: string }) {
  try {
    unwrap(await tsr.apps.submit.mutate({ params: { id: appId, versionId }, body: undefined }));
  } catch (err) {
    throw fail(errorToastText(err));
  }
}

/**
 * The wizard machine's writes, for its `saveStep` and `submitVersion` actors: each refreshes the publisher's apps
 * before the machine moves on; a refused submit too (a finding blocks it since another tab looked: the step shows
 * what stands now).
 */
export function useWizardWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: appKeys.all });
  return {
    save: async (input: SaveInput): Promise<SaveOutput> => {
      const out = await saveStep(input);
      await refresh();
      return out;
    },
    submit: async (input: { appId: string; versionId: string }) => {
      try {
        await submitVersion(input);
      } finally {
        await refresh();
      }
    },
  };
}

/** Uploads screenshots to a version (several at once); its screenshots are refreshed whatever the outcome. */
export function useUploadScreenshots(appId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) =>
      uploadWithProgress({
        method: 'POST',
        path: contract.apps.uploadScreenshots.path.replace(':appId', encodeURIComponent(appId)).replace(':internalId', encodeURIComponent(versionId)),
        field: 'screenshots',
        file: files,
        onProgress: () => {},
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: screenshotsQuery(appId, versionId).queryKey }),
  });
}

/** Deletes one of a version's screenshots; its screenshots are refreshed whatever the outcome. */
export function useDeleteScreenshot(appId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (screenshotId: string) => unwrap(await tsr.apps.deleteScreenshot.mutate({ params: { id: appId, screenshotId }, body: undefined })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: screenshotsQuery(appId, versionId).queryKey }),
  });
}
