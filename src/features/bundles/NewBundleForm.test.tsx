import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUNDLE_TEXT } from '../../../contract/schemas/bundle';
import { renderScreen, stubFetch } from '../../../tests/render';
import { NewBundleForm } from './NewBundleForm';

// The form reads the publisher's flags from the '/publisher' route's context.
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useRouteContext: () => ({ account: { publisher: { canCreatePaidApps: true, canCreateBundles: true } } }),
}));

afterEach(() => vi.unstubAllGlobals());

const version = { id: 'v1', name: 'Jira Connector', version: '1.2.0', status: 'published' };
const routes = {
  'GET /v1/engine/version': () => ({ status: 200, body: { version: '1.50.0' } }),
  'GET /v1/categories': () => ({
    status: 200,
    body: ['Productivity', 'Enterprise'].map((title, i) => ({ id: `c${i}`, title, createdDate: '2026-01-01T00:00:00Z', modifiedDate: '2026-01-01T00:00:00Z' })),
  }),
  'GET /v1/publisher/apps': () => ({
    status: 200,
    body: { data: [{ appId: 'a1', isBundle: false, latest: version }], meta: { total: 1, limit: 100, offset: 0 } },
  }),
};
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });

/** The form with the plan drawer held by the test (the route holds it in the address). */
async function open() {
  const calls = stubFetch(routes);
  const listed = globalThis.fetch;
  // The bundle goes as multipart (bundleInfo and appIds as JSON parts): answered here with the server's 400.
  const published: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/v1/publisher/bundles')) {
        published.push(init.body as FormData);
        const fields = [{ path: 'bundleInfo.name', message: 'A bundle with this name exists.' }];
        return new Response(JSON.stringify({ error: 'Invalid request.', code: 'validation_failed', requestId: 'r1', fields }), { status: 400 });
      }
      return listed(input, init);
    }),
  );
  await renderScreen(() => <NewBundleForm adding={false} onAdding={vi.fn()} />);
  return { calls, published };
}

describe('Publish a New App Bundle', () => {
  it('gives the form’s messages on Publish; a field’s message goes as it is edited', async () => {
    await open();
    const user = userEvent.setup();
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    await user.upload(screen.getByLabelText('Icon'), png);
    await waitFor(() => expect(publish).toBeEnabled());
    await user.click(publish);
    expect(await screen.findByText(BUNDLE_TEXT.name)).toBeInTheDocument();
    expect(screen.getByText(BUNDLE_TEXT.description)).toBeInTheDocument();
    expect(screen.getByText(BUNDLE_TEXT.apps)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Enterprise' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name', { exact: true }), 'Focus Pack 2!');
    expect(screen.queryByText(BUNDLE_TEXT.name)).not.toBeInTheDocument();
    expect(screen.getByText(BUNDLE_TEXT.description)).toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).toHaveValue('focus-pack');
    expect(screen.getByLabelText('Engine version')).toHaveValue('1.50.0');
  });

  it('puts the server’s field errors on the fields (bundleInfo.name on the name)', async () => {
    const { published } = await open();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Icon'), png);
    await user.type(screen.getByLabelText('Name', { exact: true }), 'Focus Pack');
    await user.type(screen.getByLabelText('Description'), 'Jira and standups.');
    await user.click(screen.getByRole('checkbox', { name: 'Productivity' }));
    await user.click(await screen.findByRole('checkbox', { name: /^Jira Connector/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const name = within(screen.getByLabelText('Name', { exact: true }).closest('div')!.parentElement!);
    expect(await name.findByText('A bundle with this name exists.')).toBeInTheDocument();
    expect(JSON.parse(String(published[0]!.get('bundleInfo')))).toMatchObject({
      name: 'Focus Pack',
      nameSlug: 'focus-pack',
      requiredApiVersion: '1.50.0',
      categories: ['Productivity'],
      purchaseType: 'buy',
      price: 0,
    });
    expect(JSON.parse(String(published[0]!.get('appIds')))).toEqual(['a1']);
  });
});
