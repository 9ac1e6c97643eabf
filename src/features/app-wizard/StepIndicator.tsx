import { CheckIcon } from '@radix-ui/react-icons';
import { Text } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';

/**
 * The wizard's steps: done ones (a check; a button back to that step), the current one (marked, and
 * `aria-current="step"`) and upcoming ones (muted; reached with Next). Done steps are buttons, so the
 * keyboard can go back to any of them.
 */
export function StepIndicator({ titles, current, onGo }: { titles: string[]; current: number; onGo: (index: number) => void }) {
  return (
    <ol aria-label="Steps" className="steps">
      {titles.map((title, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
        const content = (
          <>
            <span className="steps-marker" aria-hidden>
              {state === 'done' ? <CheckIcon /> : i + 1}
            </span>
            <Text size="2" weight={state === 'current' ? 'bold' : 'regular'}>
              {title}
            </Text>
            <VisuallyHidden.Root>{` (${state === 'done' ? 'done' : state === 'current' ? 'current step' : 'upcoming'})`}</VisuallyHidden.Root>
          </>
        );
        return (
          <li key={title} className="steps-item" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            {state === 'done' ? (
              <button type="button" className="steps-button" onClick={() => onGo(i)}>
                {content}
              </button>
            ) : (
              <span className="steps-button">{content}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
