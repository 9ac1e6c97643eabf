import { Button } from '@radix-ui/themes';
import { inFrame, notifyWorkspace } from './parent';
import { checkoutText as T } from './strings';

/**
 * Back to the workspace: in Rocket.Chat's modal, the answer it waits for (`result` true once something was bought
 * or changed, false to close without); on a page of its own, a link to the workspace's address.
 */
export function BackToWorkspace({ address, result, variant = 'soft' }: { address?: string; result: boolean; variant?: 'soft' | 'solid' }) {
  if (inFrame())
    return (
      <Button type="button" variant={variant} color={variant === 'soft' ? 'gray' : undefined} onClick={() => notifyWorkspace(result)}>
        {T.backToWorkspace}
      </Button>
    );
  if (!address || !/^https?:\/\//i.test(address)) return null;
  return (
    <Button asChild variant={variant} color={variant === 'soft' ? 'gray' : undefined}>
      <a href={address}>{T.backToWorkspace}</a>
    </Button>
  );
}
