import { createFileRoute } from '@tanstack/react-router';
import { BundleDetail } from '../features/bundles/BundleDetail';
import { BundlesGate } from '../features/bundles/BundlesGate';

export const Route = createFileRoute('/publisher/bundles/$id')({
  // The bundle, its apps and its versions are asked for beside the screen's code (their query options load with
  // it), never awaited: the screen shows its own loading and error states. Not for a publisher without bundles.
  loader: ({ context, params }) => {
    if (!context.account.publisher?.canCreateBundles) return;
    void import('../features/bundles/api').then((api) => {
      void context.queryClient.prefetchQuery(api.bundleQuery(params.id));
      void context.queryClient.prefetchQuery(api.bundleAppsQuery(params.id));
      void context.queryClient.prefetchQuery(api.bundleVersionsQuery(params.id));
    });
  },
  component: function Bundle() {
    const { id } = Route.useParams();
    return (
      <BundlesGate>
        <BundleDetail id={id} />
      </BundlesGate>
    );
  },
});
