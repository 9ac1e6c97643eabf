import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUNDLE_TEXT } from '../../../contract/schemas/bundle';
import { renderScreen } from '../../../tests/render';
import PlanDrawer from './PlanDrawer';

const open = async (taken: ('monthly' | 'yearly')[] = []) => {
  const onAdd = vi.fn();
  await renderScreen(() => <PlanDrawer taken={taken} onClose={vi.fn()} onAdd={onAdd} />);
  const drawer = await screen.findByRole('dialog', { name: 'Add a pricing plan' });
  const add = () => fireEvent.click(within(drawer).getByRole('button', { name: 'Add plan' }));
  const value = (label: string) => (within(drawer).getByLabelText(label) as HTMLInputElement).value;
  const type = (label: string, v: string) => fireEvent.change(within(drawer).getByLabelText(label), { target: { value: v } });
  return { drawer, onAdd, add, value, type };
};

describe('the bundle plan drawer (SPEC §9)', () => {
  it('starts monthly, 14 trial days, a flat price of 3, and adds that plan', async () => {
    const { drawer, onAdd, add, value } = await open();
    expect(within(drawer).getByRole('combobox', { name: 'Strategy' }).textContent).toBe('Monthly');
    expect(value('Trial days')).toBe('14');
    expect(value('Price (USD)')).toBe('3');
    add();
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ strategy: 'monthly', trialDays: 14, price: 3, isPerSeat: false, tiers: [] }));
  });

  it('says Invalid Flat Price for a flat plan at 0, and checks the trial days', async () => {
    const { drawer, onAdd, add, type } = await open();
    type('Price (USD)', '0');
    add();
    const alert = await within(drawer).findByRole('alert');
    expect(alert.textContent).toBe(`${BUNDLE_TEXT.flatPriceTitle} — ${BUNDLE_TEXT.flatPrice}`);
    type('Price (USD)', '9.5');
    type('Trial days', '31');
    add();
    await within(drawer).findByText('Trial days must be a whole number from 0 to 30.');
    type('Trial days', '0');
    add();
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ strategy: 'monthly', trialDays: 0, price: 9.5, isPerSeat: false, tiers: [] }));
  });

  it('per seat: disables the flat price, starts two tiers at 1–50 and 51–150, points out free tiers, and needs two tiers', async () => {
    const { drawer, onAdd, add, value, type } = await open();
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Per seat' }));
    expect(within(drawer).getByLabelText('Price (USD)').hasAttribute('disabled')).toBe(true);
    expect([value('Tier 1 minimum'), value('Tier 1 maximum'), value('Tier 2 minimum'), value('Tier 2 maximum')]).toEqual(['1', '50', '51', '150']);
    // Both tiers are priced 0 so far: each says so.
    expect(within(drawer).getAllByText(BUNDLE_TEXT.freeTier)).toHaveLength(2);
    type('Tier 1 price', '5');
    type('Tier 2 price', '4');
    expect(within(drawer).queryByText(BUNDLE_TEXT.freeTier)).toBeNull();
    // A third tier starts after the second's maximum and spans 100.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add tier' }));
    expect([value('Tier 3 minimum'), value('Tier 3 maximum')]).toEqual(['151', '250']);
    // An emptied maximum becomes 100.
    type('Tier 3 maximum', '');
    fireEvent.blur(within(drawer).getByLabelText('Tier 3 maximum'));
    expect(value('Tier 3 maximum')).toBe('100');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove tier 3' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove tier 2' }));
    add();
    expect((await within(drawer).findByRole('alert')).textContent).toBe(`${BUNDLE_TEXT.tierCountTitle} — ${BUNDLE_TEXT.tierCount}`);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add tier' }));
    type('Tier 2 price', '4');
    add();
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        strategy: 'monthly',
        trialDays: 14,
        price: 0,
        isPerSeat: true,
        tiers: [
          { price: 5, perUnit: true, minimum: 1, maximum: 50 },
          { price: 4, perUnit: true, minimum: 51, maximum: 150 },
        ],
      }),
    );
  });

  it('refuses tiers that do not follow each other', async () => {
    const { drawer, onAdd, add, type } = await open();
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Per seat' }));
    type('Tier 2 minimum', '60');
    add();
    await within(drawer).findByText(`Tier 2: ${BUNDLE_TEXT.tierOrder}`);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('offers the strategy still free, and says when a plan of that strategy exists', async () => {
    const { drawer, onAdd, add } = await open(['monthly']);
    const strategy = within(drawer).getByRole('combobox', { name: 'Strategy' });
    expect(strategy.textContent).toBe('Yearly');
    fireEvent.click(strategy);
    fireEvent.click(await screen.findByRole('option', { name: 'Monthly' }));
    add();
    await within(drawer).findByText(BUNDLE_TEXT.planExists('monthly'));
    expect(onAdd).not.toHaveBeenCalled();
  });
});
