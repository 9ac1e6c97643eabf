import { createFileRoute } from '@tanstack/react-router';
import { BundlesGate } from '../features/bundles/BundlesGate';
import { NewBundleForm } from '../features/bundles/NewBundleForm';

export const Route = createFileRoute('/publisher/new/bundle')({
  component: () => (
    <BundlesGate>
      <NewBundleForm />
    </BundlesGate>
  ),
});
