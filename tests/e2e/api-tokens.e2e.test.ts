import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GITHUB_ACTIONS_ISSUER, TOKEN_TEXT, TRUST_TEXT } from '../../contract/schemas/tokens';
import { uuidOf } from '../../server/dev/seed/seed';
import { dismissToast, expectNoAxeViolations, signInAs, startPortal, layoutProblems } from './browser';

/**
 * The API tokens card of /publisher/info and the trusted publishers of an app's page in Chromium: a token's
 * secret is shown once and then works as a Bearer token until revoked; a viewer sees both read-only; both
 * screens keep to a phone's width.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const jira = uuidOf('app:Jira Connector');
const api = (path: string, token: string) => fetch(`${portal.server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('API tokens in Chromium', () => {
  it('creates a token by keyboard, shows its secret once, lists it without it, records its use, and revokes it', async () => {
    const page = await portal.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.server.base });
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/info');
    const card = page.locator('.rt-Card', { has: page.getByRole('heading', { name: TOKEN_TEXT.title, level: 2 }) });
    await card.getByText(TOKEN_TEXT.empty).waitFor();
    await expectNoAxeViolations(page, 'publisher profile with the tokens card');

    // Keyboard only: open, fill, choose, send.
    await card.getByRole('button', { name: TOKEN_TEXT.create }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: TOKEN_TEXT.create });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: TOKEN_TEXT.create }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText(TOKEN_TEXT.nameRequired).waitFor();
    await dialog.getByText(TOKEN_TEXT.abilitiesRequired).waitFor();
    await expectNoAxeViolations(page, 'create token dialog with its messages');
    await dialog.getByLabel(TOKEN_TEXT.nameLabel).focus();
    await page.keyboard.type('Release workflow');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Read apps
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Submit versions
    await page.keyboard.press('Tab'); // Read reports (left unchosen)
    await page.keyboard.press('Tab'); // the apps: All apps (checked)
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');

    const created = page.getByRole('dialog', { name: TOKEN_TEXT.createdTitle });
    await created.getByText(TOKEN_TEXT.copyOnce).waitFor();
    const secret = await created.getByLabel(TOKEN_TEXT.secretLabel).inputValue();
    expect(secret).toMatch(/^rcmp_/);
    await expectNoAxeViolations(page, 'the new token’s secret');
    await created.getByRole('button', { name: 'Copy' }).click();
    await created.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.keyboard.press('Escape');
    await created.waitFor({ state: 'detached' });

    // Listed with its prefix; the secret is nowhere on the page, nor in a dialog opened again.
    const table = card.getByRole('table', { name: TOKEN_TEXT.title });
    const row = table.getByRole('row', { name: /Release workflow/ });
    await row.getByText(TOKEN_TEXT.neverUsed).waitFor();
    const prefix = (await row.locator('code').first().textContent())!.replace('…', '');
    expect(secret.startsWith(prefix)).toBe(true);
    await row.getByText(TOKEN_TEXT.allApps).waitFor();
    await row.getByText(TOKEN_TEXT.abilities.submit).waitFor();
    await row.getByText(/Olivia Bennett/).waitFor();
    expect(await page.content()).not.toContain(secret);
    await card.getByRole('button', { name: TOKEN_TEXT.create }).click();
    await page.getByRole('dialog', { name: TOKEN_TEXT.create }).getByLabel(TOKEN_TEXT.nameLabel).waitFor();
    expect(await page.getByRole('dialog', { name: TOKEN_TEXT.create }).getByLabel(TOKEN_TEXT.nameLabel).inputValue()).toBe('');
    expect(await page.content()).not.toContain(secret);
    await page.keyboard.press('Escape');

    // The secret works as a Bearer token; its last use then shows, with the address.
    expect((await api('/v1/publisher/apps', secret)).status).toBe(200);
    await page.reload();
    await row.getByText(/from\s+127\.0\.0\.1|from\s+::1|from\s+::ffff:127\.0\.0\.1/).waitFor();

    await row.getByRole('button', { name: `${TOKEN_TEXT.revoke}: Release workflow` }).click();
    const confirm = page.getByRole('alertdialog', { name: TOKEN_TEXT.revokeTitle });
    await confirm.getByRole('button', { name: TOKEN_TEXT.revoke }).click();
    await row.getByText(TOKEN_TEXT.revoked, { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect((await api('/v1/publisher/apps', secret)).status).toBe(401);
    await page.context().close();
  });

  it('shows a viewer the tokens and the trusted publishers without a way to change them', async () => {
    const owner = await portal.page();
    await signInAs(owner, portal.server.base, /Olivia Bennett/, '/publisher/info');
    const card = owner.locator('.rt-Card', { has: owner.getByRole('heading', { name: TOKEN_TEXT.title, level: 2 }) });
    await card.getByRole('button', { name: TOKEN_TEXT.create }).click();
    const dialog = owner.getByRole('dialog', { name: TOKEN_TEXT.create });
    await dialog.getByLabel(TOKEN_TEXT.nameLabel).fill('Read-only mirror');
    await dialog.getByRole('checkbox', { name: TOKEN_TEXT.abilities.read }).click();
    await dialog.getByRole('radio', { name: new RegExp(TOKEN_TEXT.chosenApps) }).click();
    await dialog.getByRole('checkbox', { name: 'Jira Connector' }).click();
    await dialog.getByRole('button', { name: TOKEN_TEXT.create }).click();
    await owner.getByRole('dialog', { name: TOKEN_TEXT.createdTitle }).getByRole('button', { name: 'Done' }).click();
    await card
      .getByRole('row', { name: /Read-only mirror/ })
      .getByText('Jira Connector')
      .waitFor();
    await owner.context().close();

    const page = await portal.page();
    await signInAs(page, portal.server.base, /Priya Raman/, '/publisher/info');
    const viewerCard = page.locator('.rt-Card', { has: page.getByRole('heading', { name: TOKEN_TEXT.title, level: 2 }) });
    await viewerCard.getByRole('row', { name: /Read-only mirror/ }).waitFor();
    // The policy loads beside the screen: wait until it has (the profile's owner-only buttons stay hidden either way).
    await page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'Apps' }).waitFor();
    expect(await viewerCard.getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(page, 'the tokens card, read-only');

    await page.goto(`${portal.server.base}/publisher/apps/${jira}`);
    await page.getByRole('heading', { name: TRUST_TEXT.title, level: 2 }).waitFor();
    await page.getByText(TRUST_TEXT.empty).waitFor();
    await page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'Apps' }).waitFor();
    expect(await page.getByRole('button', { name: TRUST_TEXT.add }).count()).toBe(0);
    await page.context().close();
  });
});

describe('trusted publishing in Chromium', () => {
  it('adds a trusted publisher (GitHub Actions by default), shows the workflow to use, and removes it', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${jira}`);
    const section = page.getByRole('region', { name: TRUST_TEXT.title });
    await section.getByText(TRUST_TEXT.empty).waitFor();
    await section.getByRole('button', { name: TRUST_TEXT.add }).click();
    const dialog = page.getByRole('dialog', { name: TRUST_TEXT.add });
    expect(await dialog.getByLabel(TRUST_TEXT.issuerLabel).inputValue()).toBe(GITHUB_ACTIONS_ISSUER);
    await dialog.getByLabel(TRUST_TEXT.repositoryLabel).fill('northwind');
    await dialog.getByLabel(TRUST_TEXT.workflowLabel).fill('release');
    await dialog.getByRole('button', { name: TRUST_TEXT.add }).click();
    await dialog.getByText(TRUST_TEXT.repositoryInvalid).waitFor();
    await dialog.getByText(TRUST_TEXT.workflowInvalid).waitFor();
    await expectNoAxeViolations(page, 'add trusted publisher with its messages');
    await dialog.getByLabel(TRUST_TEXT.repositoryLabel).fill('northwind/jira-connector');
    await dialog.getByLabel(TRUST_TEXT.workflowLabel).fill('release.yml');
    await dialog.getByLabel(TRUST_TEXT.environmentLabel).fill('production');
    await dialog.getByRole('button', { name: TRUST_TEXT.add }).click();
    await page.getByText(TRUST_TEXT.added).first().waitFor();

    const row = section.getByRole('table', { name: TRUST_TEXT.title }).getByRole('row', { name: /northwind\/jira-connector/ });
    await row.getByText('release.yml').waitFor();
    await row.getByText('production').waitFor();
    await row.getByText(TRUST_TEXT.githubActions).waitFor();
    await row.getByText(TRUST_TEXT.any).waitFor();

    // The example names this portal, this app, and the policy's workflow and environment.
    await section.getByText(TRUST_TEXT.exampleTitle).click();
    const example = section.getByRole('region', { name: TRUST_TEXT.exampleTitle });
    const code = await example.textContent();
    expect(code).toContain(`PORTAL: ${portal.server.base}`);
    expect(code).toContain(`APP_ID: ${jira}`);
    expect(code).toContain('# .github/workflows/release.yml');
    expect(code).toContain('environment: production');
    await expectNoAxeViolations(page, 'the app page with a trusted publisher and the example');

    await row.getByRole('button', { name: `${TRUST_TEXT.remove}: northwind/jira-connector release.yml` }).click();
    await page.getByRole('alertdialog', { name: TRUST_TEXT.removeTitle }).getByRole('button', { name: TRUST_TEXT.remove }).click();
    await section.getByText(TRUST_TEXT.empty).waitFor();
    await page.context().close();
  });

  it('fits a phone’s width (390 px): both tables scroll with a visible scrollbar, nothing is cut off, no axe violation', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Marcus Chen/, `/publisher/apps/${jira}`);
    const section = page.getByRole('region', { name: TRUST_TEXT.title });
    await section.getByRole('button', { name: TRUST_TEXT.add }).click();
    const dialog = page.getByRole('dialog', { name: TRUST_TEXT.add });
    await dialog.getByLabel(TRUST_TEXT.repositoryLabel).fill('northwind/a-rather-long-repository-name');
    await dialog.getByLabel(TRUST_TEXT.workflowLabel).fill('publish-to-marketplace.yml');
    await dialog.getByLabel(TRUST_TEXT.refLabel).fill('refs/heads/main');
    expect(await layoutProblems(page), 'the dialog at 390 px').toEqual([]);
    await dialog.getByRole('button', { name: TRUST_TEXT.add }).click();
    await section
      .getByRole('table', { name: TRUST_TEXT.title })
      .getByRole('row', { name: /a-rather-long-repository-name/ })
      .waitFor();
    // At 390 px the toast covers the example's summary.
    await dismissToast(page, TRUST_TEXT.added);
    await section.getByText(TRUST_TEXT.exampleTitle).click();
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), 'the app page at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the app page at 390 px');

    await page.goto(`${portal.server.base}/publisher/info`);
    const card = page.locator('.rt-Card', { has: page.getByRole('heading', { name: TOKEN_TEXT.title, level: 2 }) });
    await card.getByRole('button', { name: TOKEN_TEXT.create }).click();
    const create = page.getByRole('dialog', { name: TOKEN_TEXT.create });
    await create.getByLabel(TOKEN_TEXT.nameLabel).fill('Phone-made token');
    await create.getByRole('checkbox', { name: TOKEN_TEXT.abilities.submit }).click();
    expect(await layoutProblems(page), 'the create dialog at 390 px').toEqual([]);
    await create.getByRole('button', { name: TOKEN_TEXT.create }).click();
    const created = page.getByRole('dialog', { name: TOKEN_TEXT.createdTitle });
    await created.getByText(TOKEN_TEXT.copyOnce).waitFor();
    expect(await layoutProblems(page), 'the secret at 390 px').toEqual([]);
    await created.getByRole('button', { name: 'Done' }).click();
    const table = card.getByRole('table', { name: TOKEN_TEXT.title });
    await table.getByRole('row', { name: /Phone-made token/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // Seven columns do not fit 390 px: the table scrolls, as a labelled region a keyboard can scroll.
    await page.getByRole('region', { name: `${TOKEN_TEXT.title} (scrolls sideways)` }).waitFor();
    expect(await layoutProblems(page), '/publisher/info at 390 px').toEqual([]);
    await expectNoAxeViolations(page, '/publisher/info at 390 px');
    await page.context().close();
  });
});
