import { Callout } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/**
 * A step's fields, read-only where the version's status does not let this step change (`readOnly` is why: the
 * lifecycle machine's SAVE or SAVE_LISTING, docs/lifecycle.md): the reason above them, every control disabled.
 */
export function StepFields({ readOnly, children }: { readOnly?: string; children: ReactNode }) {
  return (
    <>
      {readOnly && (
        <Callout.Root color="amber" mb="3">
          <Callout.Text>{readOnly}</Callout.Text>
        </Callout.Root>
      )}
      <fieldset disabled={!!readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </>
  );
}
