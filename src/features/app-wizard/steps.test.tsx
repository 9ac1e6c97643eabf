import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { stepApp, stepProps, stepVersion } from './step-fixtures';
import { ChangesStep } from './ChangesStep';
import { DetailsStep } from './DetailsStep';
import { InfoStep } from './InfoStep';
import { PricingStep } from './PricingStep';
import { UploadStep } from './UploadStep';

afterEach(() => vi.unstubAllGlobals());

const version = stepVersion();
const app = stepApp(version);
const routes = {
  'GET /v1/publisher/apps/a1/info/v1': () => ({ status: 200, body: version }),
  'GET /v1/publisher/apps/a1': () => ({ status: 200, body: app }),
  'GET /v1/publisher/apps/a1/prices': () => ({ status: 200, body: [] }),
  'GET /v1/categories': () => ({
    status: 200,
    body: ['Social', 'Productivity', 'Enterprise'].map((title, i) => ({
      id: `c${i}`,
      title,
      createdDate: '2026-01-01T00:00:00Z',
      modifiedDate: '2026-01-01T00:00:00Z',
    })),
  }),
  'GET /v1/publisher/apps/a1/info/v1/screenshots': () => ({ status: 200, body: [] }),
};
const props = stepProps;

describe('wizard steps show the spec’s messages where they belong', () => {
  it('Upload: Next disabled until one .zip is chosen; the upload’s progress while saving', async () => {
    const p = props({ isFirst: true });
    const user = userEvent.setup({ applyAccept: false });
    const { rerender } = await renderStep(<UploadStep {...p} />);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.upload(screen.getByLabelText('App package (.zip)'), new File(['x'], 'a.txt'));
    expect(screen.getByText('Choose one .zip file: the app package.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('App package (.zip)'), new File(['PK'], 'app.zip'));
    await user.click(next);
    expect(p.onNext).toHaveBeenCalledWith(true, expect.objectContaining({ step: 'upload', file: expect.any(File) }));
    const { onProgress } = (p.onNext as ReturnType<typeof vi.fn>).mock.calls[0]![1] as { onProgress: (n: number) => void };
    rerender(<UploadStep {...p} busy />);
    onProgress(0.4);
    expect(await screen.findByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
  });

  it('Details: both messages; Enterprise is not offered; unchanged moves on without saving', async () => {
    stubFetch(routes);
    const p = props();
    const user = userEvent.setup();
    await renderStep(<DetailsStep {...p} />);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please select at least one category.')).toBeInTheDocument();
    expect(screen.getByText('Please indicate which language(s) your app currently supports.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Enterprise' })).not.toBeInTheDocument();
    // Once submitted, a message goes as soon as its field is fixed.
    await user.click(screen.getByRole('checkbox', { name: 'Social' }));
    expect(screen.queryByText('Please select at least one category.')).not.toBeInTheDocument();
    expect(screen.getByText('Please indicate which language(s) your app currently supports.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(screen.queryByText('Please indicate which language(s) your app currently supports.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(p.onNext).toHaveBeenCalledWith(true, { step: 'details', values: { categories: ['Social'], languages: ['en'] } });
  });

  it('Details: languages are ordered by name, not by code', async () => {
    stubFetch(routes);
    await renderStep(<DetailsStep {...props()} />);
    await screen.findByRole('checkbox', { name: 'English' });
    const names = screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label') ?? c.closest('label')?.textContent ?? '');
    const languages = names.filter((n) => ['Danish', 'Dutch', 'English', 'Finnish', 'French', 'German', 'Greek'].includes(n));
    expect(languages).toEqual(['Danish', 'Dutch', 'English', 'Finnish', 'French', 'German', 'Greek']);
  });

  it('Screenshots and info: the three short-description messages, the required fields, then “No Screenshots Provided”', async () => {
    stubFetch(routes);
    const p = props();
    const user = userEvent.setup();
    await renderStep(<InfoStep {...p} withScreenshots />);
    const next = await screen.findByRole('button', { name: 'Next' });
    await user.click(next);
    expect(screen.getByText('Please provide a concise short description (max of 45 characters).')).toBeInTheDocument();
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Privacy Policy Summary is required.')).toBeInTheDocument();
    expect(screen.getByText("You must provide a url to your app's documentation.")).toBeInTheDocument();
    const short = screen.getByLabelText('Short description');
    expect(short).toHaveAttribute('maxLength', '50');
    await user.type(short, 'Too short');
    await user.click(next);
    expect(
      screen.getByText('While the short description must be short, it needs to provide value to the customer (more than 10 characters).'),
    ).toBeInTheDocument();
    await user.type(short, 'x'.repeat(40));
    await user.click(next);
    expect(screen.getByText('The short description must be no more than 45 characters.')).toBeInTheDocument();
    await user.clear(short);
    await user.type(short, 'Daily standups in rooms');
    await user.type(screen.getByLabelText('Description'), 'Runs standups.');
    await user.type(screen.getByLabelText('Privacy Policy Summary'), 'Stores answers.');
    await user.type(screen.getByLabelText('Documentation URL'), 'https://docs.example/standup');
    await user.click(next);
    expect(await screen.findByRole('alertdialog', { name: 'No Screenshots Provided' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(p.onNext).not.toHaveBeenCalled();
    await user.click(next);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(p.onNext).toHaveBeenCalledWith(true, { step: 'screenshots', values: expect.objectContaining({ shortDescription: 'Daily standups in rooms' }) });
  });

  it('Changes: both are required', async () => {
    stubFetch(routes);
    const user = userEvent.setup();
    await renderStep(<ChangesStep {...props({ kind: 'edit', isFirst: true })} />);
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(screen.getByText('Public changes are required.')).toBeInTheDocument();
    expect(screen.getByText('Internal changes are required.')).toBeInTheDocument();
  });

  it('Pricing: the current price is preselected; one-time needs a price, subscription a plan; free moves on', async () => {
    stubFetch(routes);
    const p = props();
    const user = userEvent.setup();
    await renderStep(<PricingStep {...p} canCreatePaidApps />);
    // The app is free now: Free is chosen already.
    expect(await screen.findByRole('radio', { name: 'Free' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'One-time' }));
    expect(screen.getByLabelText('Price (USD)')).toHaveValue(5.99);
    await user.clear(screen.getByLabelText('Price (USD)'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please set a price to charge.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('A pricing plan is required.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Free' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(p.onNext).toHaveBeenCalledWith(false, { step: 'pricing', values: { type: 'buy', buyPrice: 0 } });
  });

  it('Pricing: a one-time app opens with One-time and its price', async () => {
    stubFetch({ ...routes, 'GET /v1/publisher/apps/a1': () => ({ status: 200, body: { ...app, price: 9.99 } }) });
    await renderStep(<PricingStep {...props()} canCreatePaidApps />);
    expect(await screen.findByRole('radio', { name: 'One-time' })).toBeChecked();
    expect(screen.getByLabelText('Price (USD)')).toHaveValue(9.99);
  });

  it('Pricing: without canCreatePaidApps only Free can be chosen', async () => {
    stubFetch(routes);
    await renderStep(<PricingStep {...props()} canCreatePaidApps={false} />);
    expect(await screen.findByRole('radio', { name: 'One-time' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Subscription' })).toBeDisabled();
    expect(screen.getByText('Paid apps are not enabled for your publisher account.')).toBeInTheDocument();
  });
});

async function renderStep(ui: React.ReactElement) {
  let current = ui;
  let bump: (() => void) | null = null;
  const { useState } = await import('react');
  function Host() {
    const [, set] = useState(0);
    bump = () => set((n) => n + 1);
    return current;
  }
  await renderScreen(() => <Host />);
  return {
    rerender: (next: React.ReactElement) => {
      current = next;
      bump?.();
    },
  };
}
