import { Callout } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { checkoutText as T } from './strings';

/** The payment provider's cancel link brought the buyer back (`canceled=1`): nothing was charged. */
export function CanceledNote() {
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <Callout.Root ref={note} tabIndex={-1} color="amber" highContrast role="status" style={{ outline: 'none' }}>
      <Callout.Text>{T.canceled}</Callout.Text>
    </Callout.Root>
  );
}
