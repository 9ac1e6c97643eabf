import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SALE_TEXT } from '../../../contract/schemas/app';
import { renderScreen } from '../../../tests/render';
import { CannotSellNote } from './CannotSellNote';

describe('CannotSellNote', () => {
  it('shows its publisher the way to Connect Stripe, and staff what it means for their buttons', async () => {
    await renderScreen(() => <CannotSellNote app={{ cannotSell: SALE_TEXT.cannotTakePayments }} viewer="publisher" />);
    expect(screen.getByRole('status')).toHaveTextContent(SALE_TEXT.cannotTakePayments);
    expect(screen.getByRole('link', { name: SALE_TEXT.toConnect }).getAttribute('href')).toBe('/publisher/info');
    expect(screen.queryByText(SALE_TEXT.staffHint)).toBeNull();
  });

  it('tells staff without a link, and says nothing of an app that can be sold', async () => {
    await renderScreen(() => (
      <>
        <CannotSellNote app={{ cannotSell: SALE_TEXT.cannotTakePayments }} viewer="staff" />
        <CannotSellNote app={{ cannotSell: null }} viewer="publisher" />
      </>
    ));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByText(SALE_TEXT.staffHint)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('tells a publisher’s user who cannot connect Stripe who can, with no link they could not use', async () => {
    await renderScreen(() => <CannotSellNote app={{ cannotSell: SALE_TEXT.cannotTakePayments }} viewer="publisher" canConnect={false} />);
    expect(screen.getByText(SALE_TEXT.askOwner)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
