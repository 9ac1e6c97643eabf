import { Button, Flex } from '@radix-ui/themes';
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
};

/** Back and the forward button: Next, or for edit details 'Save and continue' / 'Save and finish'. */
export function StepFooter({ kind, isFirst, isLast, busy, onBack, nextDisabled = false, nextLabel }: Pick<StepProps, 'kind' | 'isFirst' | 'isLast' | 'busy' | 'onBack'> & { nextDisabled?: boolean; nextLabel?: string }) {
  const label = nextLabel ?? (kind === 'edit' ? (isLast ? 'Save and finish' : 'Save and continue') : 'Next');
  return (
    <Flex justify="between" mt="5" gap="3">
      <Button type="button" variant="soft" color="gray" disabled={isFirst || busy} onClick={onBack}>
        Back
      </Button>
      <Button type="submit" disabled={nextDisabled} loading={busy}>
        {label}
      </Button>
    </Flex>
  );
}
