import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../tests/render';
import { StepIndicator } from './StepIndicator';

describe('the wizard’s step indicator', () => {
  it('marks done, current and upcoming steps, and goes back to a done step from the keyboard', async () => {
    const onGo = vi.fn();
    await renderScreen(() => <StepIndicator titles={['Upload App Package', 'App Details', 'Pricing Information']} current={1} onGo={onGo} />);
    const steps = within(await screen.findByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Upload App Package (done)', '2App Details (current step)', '3Pricing Information (upcoming)']);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    // Only done steps are buttons: the upcoming ones are reached with Next.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Upload App Package (done)']);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: /Upload App Package/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onGo).toHaveBeenCalledWith(0);
  });
});
