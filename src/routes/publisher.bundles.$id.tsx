import { createFileRoute } from '@tanstack/react-router';
import { BundleDetail } from '../features/bundles/BundleDetail';
import { BundlesGate } from '../features/bundles/BundlesGate';

export const Route = createFileRoute('/publisher/bundles/$id')({
  component: function Bundle() {
    const { id } = Route.useParams();
    return (
      <BundlesGate>
        <BundleDetail id={id} />
      </BundlesGate>
    );
  },
});
