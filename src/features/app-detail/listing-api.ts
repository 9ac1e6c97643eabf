import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { contractRoutes as contract } from 'virtual:contract-routes';
import type { Screenshot } from '../../../contract/schemas/app';
import type { z } from 'zod';
import { tsr, unwrap } from '../../lib/api';
import { appKeys } from '../../lib/keys';
import { uploadWithProgress } from '../../lib/upload';

type Shot = z.infer<typeof Screenshot>;

/** A version's listing as one read: its fields as Rocket.Chat shows them (the description rendered) and its screenshots in order. */
export const listingQuery = (appId: string, versionId: string) =>
  queryOptions({
    queryKey: appKeys.of(appId, 'listing', versionId),
    queryFn: async () => unwrap(await tsr.apps.listing.query({ params: { appId, internalId: versionId } })),
  });

/** Every write here changes the listing and the version's screenshots (the edit wizard's info step lists them too). */
function useListingWrite<I, O>(
  appId: string,
  versionId: string,
  write: (input: I) => Promise<O>,
  settle?: (shots: Shot[] | undefined, input: I) => Shot[] | undefined,
) {
  const queryClient = useQueryClient();
  const key = listingQuery(appId, versionId).queryKey;
  return useMutation({
    mutationFn: write,
    // Shown at once (a new order, a caption): the answer or a refusal's refresh settles it.
    onMutate: settle
      ? async (input: I) => {
          await queryClient.cancelQueries({ queryKey: key });
          queryClient.setQueryData(key, (old) => (old ? { ...old, screenshots: settle(old.screenshots, input) ?? old.screenshots } : old));
        }
      : undefined,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: appKeys.of(appId, 'screenshots', versionId) }),
      ]);
    },
  });
}

/** Uploads PNG or JPEG screenshots (several at once); they go last. */
export const useUploadScreenshots = (appId: string, versionId: string) =>
  useListingWrite(appId, versionId, (files: File[]) =>
    uploadWithProgress<Shot[]>({
      method: 'POST',
      path: contract.apps.uploadScreenshots.path.replace(':appId', encodeURIComponent(appId)).replace(':internalId', encodeURIComponent(versionId)),
      field: 'screenshots',
      file: files,
      onProgress: () => {},
    }),
  );

/** Removes one screenshot (the others keep their order). */
export const useRemoveScreenshot = (appId: string, versionId: string) =>
  useListingWrite(
    appId,
    versionId,
    async (shot: Shot) => unwrap(await tsr.apps.deleteScreenshot.mutate({ params: { id: appId, screenshotId: shot.id }, body: undefined })),
    (shots, shot) => shots?.filter((x) => x.id !== shot.id),
  );

/** Puts the screenshots in a new order: `ids` names each of them once, first to last. */
export const useOrderScreenshots = (appId: string, versionId: string) =>
  useListingWrite(
    appId,
    versionId,
    async (ids: string[]) => unwrap(await tsr.apps.orderScreenshots.mutate({ params: { appId, internalId: versionId }, body: { ids } })),
    (shots, ids) => shots && ids.map((id) => shots.find((x) => x.id === id)).filter((x): x is Shot => !!x),
  );

/** Captions one screenshot ('' removes the caption). */
export const useCaptionScreenshot = (appId: string, versionId: string) =>
  useListingWrite(
    appId,
    versionId,
    async ({ shot, caption }: { shot: Shot; caption: string }) =>
      unwrap(await tsr.apps.captionScreenshot.mutate({ params: { appId, internalId: versionId, screenshotId: shot.id }, body: { caption } })),
    (shots, { shot, caption }) => shots?.map((x) => (x.id === shot.id ? { ...x, caption: caption.trim() } : x)),
  );
