import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_TITLES, checkIds, DEFAULT_SEVERITIES, LICENCE_ID_MESSAGE, type PublishCheckSettings } from '../../../contract/schemas/review';
import { renderScreen, stubFetch } from '../../../tests/render';
import { licencesOf, PublishChecks } from './PublishChecks';
import { reviewText } from './strings';

afterEach(() => vi.unstubAllGlobals());

const settings: PublishCheckSettings = {
  checks: checkIds.map((id) => ({ id, title: CHECK_TITLES[id], severity: DEFAULT_SEVERITIES[id], defaultSeverity: DEFAULT_SEVERITIES[id] })),
  disallowedLicences: ['AGPL-3.0-only', 'SSPL-1.0'],
  updatedAt: null,
  updatedBy: null,
};

function stub() {
  return stubFetch({
    'GET /v1/admin/publish-checks': () => ({ status: 200, body: settings }),
    'PUT /v1/admin/publish-checks': (body) => {
      const input = body as { severities: Record<string, 'blocks' | 'warns' | 'info'>; disallowedLicences: string[] };
      return {
        status: 200,
        body: {
          checks: settings.checks.map((c) => ({ ...c, severity: input.severities[c.id] ?? c.severity })),
          disallowedLicences: [...new Set(input.disallowedLicences)],
          updatedAt: '2026-03-02T09:30:00.000Z',
          updatedBy: 'Daniel Kim',
        },
      };
    },
  });
}

describe('the publish checks’ settings', () => {
  it('shows each check with its severity and its default; Save is disabled until something changes', async () => {
    stub();
    await renderScreen(() => <PublishChecks />);
    const secrets = await screen.findByRole('combobox', { name: CHECK_TITLES.secrets });
    expect(secrets).toHaveTextContent('Blocks submission');
    expect(screen.getByRole('combobox', { name: CHECK_TITLES['new-permissions'] })).toHaveTextContent('Warns');
    expect(screen.getAllByText('default: Blocks submission')).toHaveLength(4);
    expect(screen.getAllByText('default: Warns')).toHaveLength(6);
    // A note only: shown, weighs nothing.
    expect(screen.getByRole('combobox', { name: CHECK_TITLES['unused-permission'] })).toHaveTextContent('Note only');
    expect(screen.getAllByText('default: Note only')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: reviewText.licences })).toHaveValue('AGPL-3.0-only\nSSPL-1.0');
    expect(screen.getByRole('button', { name: reviewText.save })).toBeDisabled();
  });

  it('saves a changed severity and the licences as typed (commas or new lines), then says so', async () => {
    const calls = stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    await user.click(await screen.findByRole('combobox', { name: CHECK_TITLES['new-permissions'] }));
    await user.click(await screen.findByRole('option', { name: 'Blocks submission' }));
    const save = screen.getByRole('button', { name: reviewText.save });
    expect(save).toBeEnabled();
    const licences = screen.getByRole('textbox', { name: reviewText.licences });
    await user.clear(licences);
    await user.type(licences, 'GPL-3.0-only, AGPL-3.0-only{enter}GPL-3.0-only');
    await user.click(save);
    await screen.findByText(reviewText.saved);
    expect(calls.filter((c) => c.key === 'PUT /v1/admin/publish-checks').map((c) => c.body)).toEqual([
      { severities: { ...DEFAULT_SEVERITIES, 'new-permissions': 'blocks' }, disallowedLicences: ['GPL-3.0-only', 'AGPL-3.0-only', 'GPL-3.0-only'] },
    ]);
    // What is shown is what the server keeps (each once), and nothing is left to save.
    expect(licences).toHaveValue('GPL-3.0-only\nAGPL-3.0-only');
    expect(screen.getByRole('combobox', { name: CHECK_TITLES['new-permissions'] })).toHaveTextContent('Blocks submission');
    expect(save).toBeDisabled();
    expect(screen.getByText('Last saved', { exact: false })).toHaveTextContent(/by Daniel Kim\.$/);
  });

  it('makes a check a note only', async () => {
    const calls = stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    await user.click(await screen.findByRole('combobox', { name: CHECK_TITLES['duplicate-command'] }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Blocks submission', 'Warns', 'Note only']);
    await user.click(screen.getByRole('option', { name: 'Note only' }));
    await user.click(screen.getByRole('button', { name: reviewText.save }));
    await screen.findByText(reviewText.saved);
    expect(calls.filter((c) => c.key === 'PUT /v1/admin/publish-checks').map((c) => (c.body as { severities: object }).severities)).toEqual([
      { ...DEFAULT_SEVERITIES, 'duplicate-command': 'info' },
    ]);
  });

  it('refuses a licence that is not an SPDX id, on the field, and sends nothing', async () => {
    const calls = stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    const licences = await screen.findByRole('textbox', { name: reviewText.licences });
    await user.type(licences, '{enter}Not a licence!');
    await user.click(screen.getByRole('button', { name: reviewText.save }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(`“Not a licence!”: ${LICENCE_ID_MESSAGE}`);
    expect(licences).toHaveAttribute('aria-invalid', 'true');
    expect(licences).toHaveAccessibleDescription(`“Not a licence!”: ${LICENCE_ID_MESSAGE}`);
    expect(calls.some((c) => c.key === 'PUT /v1/admin/publish-checks')).toBe(false);
    // Typing again clears the error.
    await user.type(licences, '{backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads licences separated by commas or new lines, leaving blanks out', () => {
    expect(licencesOf(' MIT ,\n\nGPL-3.0-only,,\r\nSSPL-1.0 ')).toEqual(['MIT', 'GPL-3.0-only', 'SSPL-1.0']);
  });
});
