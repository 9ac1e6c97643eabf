import { Button, Flex } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import type { WizardKind } from '../../../machines/app-wizard';

export type StepProps = {
  kind: WizardKind;
  appId: string;
  versionId: string;
  busy: boolean;
  isFirst: boolean;
  isLast: boolean;
  onBack: () => void;
  onNext: (changed: boolean, data?: unknown) => void;
  onSubmit: () => void;
  /** Why this step's fields cannot change on this version (they show read-only, and the step only moves on). */
  readOnly?: string;
};

/** What a read-only step does on its forward button: moves on, saving nothing. */
export const skipWhenReadOnly = (props: StepProps) => (props.readOnly ? () => props.onNext(false) : undefined);

/**
 * Back and the forward button: Next, or for edit details 'Save and continue' / 'Save and finish'. `nextNote` is
 * shown beside the forward button and describes it (why Submit is disabled).
 */
export function StepFooter({
  kind,
  isFirst,
  isLast,
  busy,
  onBack,
  nextDisabled = false,
  nextLabel,
  nextNote,
}: Pick<StepProps, 'kind' | 'isFirst' | 'isLast' | 'busy' | 'onBack'> & { nextDisabled?: boolean; nextLabel?: string; nextNote?: ReactNode }) {
  const label = nextLabel ?? (kind === 'edit' ? (isLast ? 'Save and finish' : 'Save and continue') : 'Next');
  const noteId = useId();
  return (
    <Flex justify="between" mt="5" gap="3" align="start">
      <Button type="button" variant="soft" color="gray" disabled={isFirst || busy} onClick={onBack}>
        Back
      </Button>
      <Flex gap="3" align="center" justify="end" wrap="wrap" minWidth="0">
        {nextNote && (
          <Flex id={noteId} minWidth="0" maxWidth="420px" style={{ overflowWrap: 'anywhere' }}>
            {nextNote}
          </Flex>
        )}
        <Button type="submit" disabled={nextDisabled} loading={busy} aria-describedby={nextNote ? noteId : undefined}>
          {label}
        </Button>
      </Flex>
    </Flex>
  );
}
