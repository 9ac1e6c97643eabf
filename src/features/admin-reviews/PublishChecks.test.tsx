import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_TITLES, checkIds, DEFAULT_SEVERITIES, LICENCE_ID_MESSAGE, type PublishCheckSettings } from '../../../contract/schemas/review';
import { renderScreen, stubFetch } from '../../../tests/render';
import { PublishChecks } from './PublishChecks';
import { licencesOf } from './PublishChecksForm';
import { reviewText, severityLabels } from './strings';

afterEach(() => vi.unstubAllGlobals());

const settings: PublishCheckSettings = {
  checks: checkIds.map((id) => ({ id, title: CHECK_TITLES[id], severity: DEFAULT_SEVERITIES[id], defaultSeverity: DEFAULT_SEVERITIES[id] })),
  disallowedLicences: ['AGPL-3.0-only', 'SSPL-1.0'],
  updatedAt: null,
  updatedBy: null,
};

function stub(current: PublishCheckSettings = settings) {
  return stubFetch({
    'GET /v1/admin/publish-checks': () => ({ status: 200, body: current }),
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

/** Each row of the settings' table: the check, and its severity as shown (with its default when it is another). */
const shownSeverities = () =>
  within(screen.getByRole('table', { name: reviewText.severitiesCaption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
const shownLicences = () =>
  within(screen.getByRole('list', { name: reviewText.licences }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

/** Opens the editor (loaded on demand) and waits for its first field. */
async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: reviewText.editChecks }));
  return screen.findByRole('combobox', { name: CHECK_TITLES.secrets });
}

describe('the publish checks’ settings, as they are', () => {
  it('shows each check’s severity in words, the disallowed licences, and no form', async () => {
    stub();
    await renderScreen(() => <PublishChecks />);
    const region = await screen.findByRole('region', { name: reviewText.checksTitle });
    expect(within(region).getByText(reviewText.checksIntro)).toBeInTheDocument();
    await screen.findByRole('table', { name: reviewText.severitiesCaption });
    expect(shownSeverities()).toEqual(checkIds.map((id) => [CHECK_TITLES[id], severityLabels[DEFAULT_SEVERITIES[id]]]));
    expect(shownSeverities().find(([title]) => title === CHECK_TITLES['unused-permission'])).toEqual([CHECK_TITLES['unused-permission'], 'Note only']);
    // Every check weighs its default: none is marked.
    expect(screen.queryByText(/^default: /)).toBeNull();
    expect(shownLicences()).toEqual(['AGPL-3.0-only', 'SSPL-1.0']);
    expect(screen.queryByText(reviewText.noLicences)).toBeNull();
    // Never saved: no Last saved line. Nothing to change here but through Edit.
    expect(screen.queryByText('Last saved', { exact: false })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: reviewText.save })).toBeNull();
    expect(within(region).getByRole('button', { name: reviewText.editChecks })).toBeEnabled();
  });

  it('marks a check weighed otherwise than its default, says when no licence is disallowed, and who saved them last', async () => {
    stub({
      checks: settings.checks.map((c) => (c.id === 'new-permissions' ? { ...c, severity: 'blocks' } : c.id === 'secrets' ? { ...c, severity: 'info' } : c)),
      disallowedLicences: [],
      updatedAt: '2026-03-02T09:30:00.000Z',
      updatedBy: 'Daniel Kim',
    });
    await renderScreen(() => <PublishChecks />);
    await screen.findByRole('table', { name: reviewText.severitiesCaption });
    const shown = new Map(shownSeverities() as [string, string][]);
    expect(shown.get(CHECK_TITLES['new-permissions'])).toBe('Blocks submissiondefault: Warns');
    expect(shown.get(CHECK_TITLES.secrets)).toBe('Note onlydefault: Blocks submission');
    expect(shown.get(CHECK_TITLES['duplicate-command'])).toBe('Warns');
    expect(screen.getAllByText(/^default: /).map((m) => m.textContent)).toEqual(['default: Blocks submission', 'default: Warns']);
    expect(screen.queryByRole('list', { name: reviewText.licences })).toBeNull();
    expect(screen.getByText(reviewText.noLicences)).toBeInTheDocument();
    expect(screen.getByText('Last saved', { exact: false })).toHaveTextContent(/^Last saved .+ by Daniel Kim\.$/);
  });

  it('says so when the settings cannot be read', async () => {
    stubFetch({ 'GET /v1/admin/publish-checks': () => ({ status: 500, body: { message: 'Boom' } }) });
    await renderScreen(() => <PublishChecks />);
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: reviewText.editChecks })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the publish checks’ editor', () => {
  it('opens in place of the settings with each check’s severity and its default, focused on its first field; Save is disabled until something changes', async () => {
    stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    const secrets = await openEditor(user);
    expect(secrets).toHaveFocus();
    expect(secrets).toHaveTextContent('Blocks submission');
    expect(screen.queryByRole('button', { name: reviewText.editChecks })).toBeNull();
    expect(screen.queryByRole('table', { name: reviewText.severitiesCaption })).toBeNull();
    expect(screen.getByRole('combobox', { name: CHECK_TITLES['new-permissions'] })).toHaveTextContent('Warns');
    expect(screen.getAllByText('default: Blocks submission')).toHaveLength(4);
    expect(screen.getAllByText('default: Warns')).toHaveLength(6);
    // A note only: shown, weighs nothing.
    expect(screen.getByRole('combobox', { name: CHECK_TITLES['unused-permission'] })).toHaveTextContent('Note only');
    expect(screen.getAllByText('default: Note only')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: reviewText.licences })).toHaveValue('AGPL-3.0-only\nSSPL-1.0');
    expect(screen.getByRole('button', { name: reviewText.save })).toBeDisabled();
    expect(screen.getByRole('button', { name: reviewText.cancel })).toBeEnabled();
  });

  it('opens from the keyboard, and Cancel closes it without saving: the settings as they were, the focus back on Edit', async () => {
    const calls = stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    const edit = await screen.findByRole('button', { name: reviewText.editChecks });
    edit.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('combobox', { name: CHECK_TITLES.secrets });
    await user.click(screen.getByRole('combobox', { name: CHECK_TITLES['new-permissions'] }));
    await user.click(await screen.findByRole('option', { name: 'Blocks submission' }));
    await user.type(screen.getByRole('textbox', { name: reviewText.licences }), '{enter}GPL-3.0-only');
    await user.click(screen.getByRole('button', { name: reviewText.cancel }));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: reviewText.editChecks })).toHaveFocus();
    expect(shownSeverities().find(([title]) => title === CHECK_TITLES['new-permissions'])).toEqual([CHECK_TITLES['new-permissions'], 'Warns']);
    expect(shownLicences()).toEqual(['AGPL-3.0-only', 'SSPL-1.0']);
    expect(calls.some((c) => c.key === 'PUT /v1/admin/publish-checks')).toBe(false);
    expect(screen.queryByText(reviewText.saved)).toBeNull();
    // Opened again: what is saved, not what was typed.
    await openEditor(user);
    expect(screen.getByRole('combobox', { name: CHECK_TITLES['new-permissions'] })).toHaveTextContent('Warns');
    expect(screen.getByRole('textbox', { name: reviewText.licences })).toHaveValue('AGPL-3.0-only\nSSPL-1.0');
  });

  it('saves a changed severity and the licences as typed (commas or new lines), says so, and shows what is saved', async () => {
    const calls = stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    await openEditor(user);
    await user.click(screen.getByRole('combobox', { name: CHECK_TITLES['new-permissions'] }));
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
    // The editor closed; what is shown is what the server keeps (each once).
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: reviewText.editChecks })).toHaveFocus();
    expect(shownSeverities().find(([title]) => title === CHECK_TITLES['new-permissions'])).toEqual([
      CHECK_TITLES['new-permissions'],
      'Blocks submissiondefault: Warns',
    ]);
    expect(shownLicences()).toEqual(['GPL-3.0-only', 'AGPL-3.0-only']);
    expect(screen.getByText('Last saved', { exact: false })).toHaveTextContent(/by Daniel Kim\.$/);
  });

  it('makes a check a note only', async () => {
    const calls = stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    await openEditor(user);
    await user.click(screen.getByRole('combobox', { name: CHECK_TITLES['duplicate-command'] }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Blocks submission', 'Warns', 'Note only']);
    await user.click(screen.getByRole('option', { name: 'Note only' }));
    await user.click(screen.getByRole('button', { name: reviewText.save }));
    await screen.findByText(reviewText.saved);
    expect(calls.filter((c) => c.key === 'PUT /v1/admin/publish-checks').map((c) => (c.body as { severities: object }).severities)).toEqual([
      { ...DEFAULT_SEVERITIES, 'duplicate-command': 'info' },
    ]);
    expect(shownSeverities().find(([title]) => title === CHECK_TITLES['duplicate-command'])).toEqual([
      CHECK_TITLES['duplicate-command'],
      'Note onlydefault: Warns',
    ]);
  });

  it('refuses a licence that is not an SPDX id, on the field, sends nothing and stays open', async () => {
    const calls = stub();
    const user = userEvent.setup();
    await renderScreen(() => <PublishChecks />);
    await openEditor(user);
    const licences = screen.getByRole('textbox', { name: reviewText.licences });
    await user.type(licences, '{enter}Not a licence!');
    await user.click(screen.getByRole('button', { name: reviewText.save }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(`“Not a licence!”: ${LICENCE_ID_MESSAGE}`);
    expect(licences).toHaveAttribute('aria-invalid', 'true');
    expect(licences).toHaveAccessibleDescription(`“Not a licence!”: ${LICENCE_ID_MESSAGE}`);
    expect(calls.some((c) => c.key === 'PUT /v1/admin/publish-checks')).toBe(false);
    expect(screen.queryByRole('button', { name: reviewText.editChecks })).toBeNull();
    // Typing again clears the error.
    await user.type(licences, '{backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads licences separated by commas or new lines, leaving blanks out', () => {
    expect(licencesOf(' MIT ,\n\nGPL-3.0-only,,\r\nSSPL-1.0 ')).toEqual(['MIT', 'GPL-3.0-only', 'SSPL-1.0']);
  });
});
