import { useMutation } from '@tanstack/react-query';
import { tsr, unwrap } from './api';

/** A publisher without paid apps asks the marketplace team for them (docs/commerce.md, Paid apps). */
export function useRequestPaidApps() {
  return useMutation({ mutationFn: async (message: string) => unwrap(await tsr.publisher.requestPaidApps.mutate({ body: { message } })) });
}
