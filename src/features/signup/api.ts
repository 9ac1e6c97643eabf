import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '../../../contract/schemas/publisher';
import { tsr, unwrap } from '../../lib/api';
import { refreshAccount } from '../../lib/account';

/** Publisher Sign Up: who the user is changes (a developer of a registered publisher), so all of it loads again. */
export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignUpInput) => unwrap(await tsr.publisher.signUp.mutate({ body })),
    onSuccess: () => refreshAccount(qc),
  });
}
