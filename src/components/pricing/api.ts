import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewPriceInput, SetPricingInput } from '../../../contract/schemas/price';
import { tsr, unwrap } from '../../lib/api';
import { appKeys } from '../../lib/keys';

// The pricing drawers' writes (the app page's Change Pricing and New pricing plan). A price changes the app, its
// prices and the apps list: each refreshes everything under the publisher's apps (src/lib/keys.ts), without
// holding up the caller's toast and close.

/** Sets the app's purchase type and price (or its active plan); `confirmCancelSubscriptions` once the user agreed. */
export function useChangePricing(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof SetPricingInput>) => unwrap(await tsr.apps.setPricing.mutate({ params: { id: appId }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: appKeys.all }),
  });
}

/** Creates a subscription plan, which becomes the app's active price. */
export function useCreatePrice(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewPriceInput) => unwrap(await tsr.apps.createPrice.mutate({ params: { id: appId }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: appKeys.all }),
  });
}
