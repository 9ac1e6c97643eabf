import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { contractRoutes as contract } from 'virtual:contract-routes';
import type { App, ChangesInput, DetailsInput, InfoInput } from '../../../contract/schemas/app';
import type { SetPricingInput } from '../../../contract/schemas/price';
import type { SaveInput, SaveOutput } from '../../../machines/app-wizard';
import { ApiError, tsr, unwrap } from '../../lib/api';
import { errorToastText } from '../../lib/toast';
import { uploadFailureText, uploadWithProgress } from '../../lib/upload';

export const wizardAppQuery = (id: string) =>
  queryOptions({ queryKey: ['apps', id], queryFn: async () => unwrap(await tsr.apps.get.query({ params: { id } })) });
export const wizardVersionQuery = (id: string, versionId: string) =>
  queryOptions({ queryKey: ['apps', id, 'version', versionId], queryFn: async () => unwrap(await tsr.apps.info.query({ params: { id, versionId } })) });
/** The publish checks' findings on the version (a blocking one refuses Submit), asked again while the checks have not run. */
export const wizardFindingsQuery = (id: string, versionId: string) =>
  queryOptions({
    queryKey: ['apps', id, 'findings', versionId],
    queryFn: async () => unwrap(await tsr.apps.findings.query({ params: { id, versionId } })),
    refetchInterval: (q) => (q.state.data?.checkedAt === null ? 3000 : false),
  });
export const screenshotsQuery = (appId: string, internalId: string) =>
  queryOptions({
    queryKey: ['apps', appId, 'screenshots', internalId],
    queryFn: async () => unwrap(await tsr.apps.screenshots.query({ params: { appId, internalId } })),
  });
export const pricesQuery = (id: string) =>
  queryOptions({ queryKey: ['apps', id, 'prices'], queryFn: async () => unwrap(await tsr.apps.prices.query({ params: { id } })) });

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
  const d = data as StepData;
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
