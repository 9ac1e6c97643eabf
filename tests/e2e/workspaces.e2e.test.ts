import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_TEXT as T } from '../../contract/schemas/workspaces';
import { expectNoAxeViolations, signInAs, startPortal } from './browser';

/**
 * /publisher/admin/workspace in Chromium (docs/rocketchat.md, Pointing a Rocket.Chat server): the workspace lookup opens on arrival as before; under it,
 * staff register a Rocket.Chat workspace (its secret shown once, with the environment to set), see it listed,
 * rotate its secret and revoke it — by keyboard, without axe violations, and at a phone's width.
 */
let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const LOOKUP = 'Please enter a workspace id';

/** Rocket.Chat's token request (apps/meteor/app/cloud/server/functions/getWorkspaceAccessTokenWithScope.ts). */
const tokenRequest = (clientId: string, clientSecret: string) =>
  fetch(`${portal.server.base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: clientId,
      client_secret: clientSecret,
      scope: 'marketplace:read marketplace:download',
      grant_type: 'client_credentials',
      redirect_uri: 'https://chat.e2e.example/admin/cloud/oauth-callback',
    }),
  });

/** What does not fit at this width (as tests/e2e/screens.e2e.test.ts checks every screen): page overflow, hidden scrollbars, cut-off controls. */
const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    for (const viewport of document.querySelectorAll<HTMLElement>('.rt-TableRoot [data-radix-scroll-area-viewport]')) {
      const caption = viewport.closest('.rt-TableRoot')?.querySelector('caption')?.textContent ?? 'a table';
      if (viewport.scrollWidth > viewport.clientWidth + 1) {
        const style = getComputedStyle(viewport);
        if (style.scrollbarWidth === 'none' || !['auto', 'scroll'].includes(style.overflowX)) problems.push(`${caption} overflows without a visible scrollbar`);
      }
      for (const control of viewport.querySelectorAll<HTMLElement>('button, a')) {
        if (control.scrollWidth > control.clientWidth + 1) problems.push(`${caption}: "${control.textContent}" is cut off`);
      }
    }
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -1 || box.right > doc.clientWidth + 1) problems.push(`a dialog is wider than the screen (${box.width})`);
    }
    return problems;
  });

/** Arrives on the screen and closes the lookup (it opens on arrival, as it always did). */
async function openScreen(page: Page, who = /Sofia Rossi/) {
  await signInAs(page, portal.server.base, who, '/publisher/admin/workspace');
  const lookup = page.getByRole('dialog', { name: LOOKUP });
  await lookup.waitFor();
  await lookup.getByRole('button', { name: 'Cancel' }).click();
  await lookup.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
}

describe('registered workspaces in Chromium', () => {
  it('registers a workspace by keyboard, shows its secret once with the environment, lists it, rotates and revokes it', async () => {
    const page = await portal.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.server.base });
    await openScreen(page);
    await page.getByText(T.empty).waitFor();
    await expectNoAxeViolations(page, 'no registered workspaces');

    // Keyboard only: open, send empty, read the messages, fill, send.
    await page.getByRole('button', { name: T.register }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: T.register });
    await dialog.getByLabel(T.nicknameLabel).waitFor();
    await dialog.getByRole('button', { name: T.register }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText(T.nicknameRequired).waitFor();
    await dialog.getByText(T.addressInvalid).waitFor();
    await expectNoAxeViolations(page, 'register dialog with its messages');
    await dialog.getByLabel(T.nicknameLabel).focus();
    await page.keyboard.type('E2E Chat');
    await page.keyboard.press('Tab');
    await page.keyboard.type('https://chat.e2e.example');
    await page.keyboard.press('Enter');

    const created = page.getByRole('dialog', { name: T.registeredTitle });
    await created.getByText(T.copyOnce).waitFor();
    const clientId = await created.getByRole('textbox', { name: T.clientIdLabel }).inputValue();
    const secret = await created.getByRole('textbox', { name: T.clientSecretLabel }).inputValue();
    expect(clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(secret).toMatch(/^rcws_/);
    const env = await created.getByRole('textbox', { name: T.envLabel }).inputValue();
    expect(env.split('\n')).toEqual([
      `OVERWRITE_INTERNAL_MARKETPLACE_URL=${portal.server.base}`,
      `OVERWRITE_SETTING_Cloud_Url=${portal.server.base}`,
      expect.stringMatching(/^OVERWRITE_SETTING_Cloud_Workspace_Id=[0-9a-f]{24}$/),
      `OVERWRITE_SETTING_Cloud_Workspace_Client_Id=${clientId}`,
      `OVERWRITE_SETTING_Cloud_Workspace_Client_Secret=${secret}`,
      // The licence key's public half (docs/rocketchat.md, Buying), its PEM on one line.
      expect.stringMatching(/^OVERWRITE_SETTING_Cloud_Workspace_PublicKey="-----BEGIN PUBLIC KEY-----\\n[A-Za-z0-9+/=]+\\n-----END PUBLIC KEY-----"$/),
    ]);
    await expectNoAxeViolations(page, 'the new workspace’s secret');
    await created.getByRole('button', { name: `Copy ${T.clientSecretLabel.toLowerCase()}` }).click();
    await created.getByRole('button', { name: `Copied ${T.clientSecretLabel.toLowerCase()}` }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.keyboard.press('Escape');
    await created.waitFor({ state: 'detached' });

    // Listed with its id, its client and the secret's first characters; the secret is nowhere on the page.
    const table = page.getByRole('table', { name: T.title });
    const row = table.getByRole('row', { name: /E2E Chat/ });
    await row.getByText(T.neverSeen).waitFor();
    await row.getByText('https://chat.e2e.example').waitFor();
    await row.getByText(/Sofia Rossi/).waitFor();
    const credentials = (prefix: string) => `${T.clientIdLabel} ${clientId} · ${T.secretLabel} ${prefix.slice(0, 12)}…`;
    await row.getByText(credentials(secret)).waitFor();
    const workspaceId = (await row.getByText(T.idLabel).textContent())!.slice(T.idLabel.length).trim();
    expect(workspaceId).toMatch(/^[0-9a-f]{24}$/);
    expect(await page.content()).not.toContain(secret);
    await expectNoAxeViolations(page, 'a registered workspace');

    // Rocket.Chat's token request works with it; the workspace is then seen.
    expect((await tokenRequest(clientId, secret)).status).toBe(200);
    await page.reload();
    await page.getByRole('dialog', { name: LOOKUP }).getByRole('button', { name: 'Cancel' }).click();
    await row.getByText(credentials(secret)).waitFor();
    expect(await row.getByText(T.neverSeen).count()).toBe(0);

    // Rotate: confirmed first; the new secret once; the old one refused.
    await row.getByRole('button', { name: `${T.rotate}: E2E Chat` }).click();
    const confirmRotate = page.getByRole('alertdialog', { name: T.rotateTitle });
    await confirmRotate.getByRole('button', { name: T.rotate }).click();
    const rotated = page.getByRole('dialog', { name: T.rotatedTitle });
    await rotated.getByText(T.copyOnce).waitFor();
    const newSecret = await rotated.getByRole('textbox', { name: T.clientSecretLabel }).inputValue();
    expect(newSecret).not.toBe(secret);
    expect(await rotated.getByRole('textbox', { name: T.clientIdLabel }).inputValue()).toBe(clientId);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await row.getByText(credentials(newSecret)).waitFor();
    const old = await tokenRequest(clientId, secret);
    expect(old.status).toBe(401);
    expect((await old.json()).error).toBe('oauth_invalid_client_credentials');
    expect((await tokenRequest(clientId, newSecret)).status).toBe(200);

    // Revoke: confirmed first; its secret is refused, and the row offers nothing more.
    await row.getByRole('button', { name: `${T.revoke}: E2E Chat` }).click();
    await page.getByRole('alertdialog', { name: T.revokeTitle }).getByRole('button', { name: T.revoke }).click();
    await row.getByText(T.revoked, { exact: true }).waitFor();
    await page.getByText(T.revokedToast).first().waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect((await tokenRequest(clientId, newSecret)).status).toBe(401);

    // Its nickname leads to the workspace's purchase records (the lookup's page).
    await row.getByRole('link', { name: 'E2E Chat' }).click();
    await page.getByRole('heading', { name: 'Workspace: E2E Chat', level: 1 }).waitFor();
    await page.getByText('No purchase records').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/publisher/admin/workspace/${workspaceId}`);

    // One workspace, one id: the lookup takes the client id the list shows too, and names it by its own id.
    await page.getByRole('button', { name: 'Look up another' }).click();
    const lookup = page.getByRole('dialog', { name: LOOKUP });
    await lookup.getByLabel('Workspace ID').fill(clientId);
    await lookup.getByRole('button', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Workspace: E2E Chat', level: 1 }).waitFor();
    await page.waitForURL((url) => url.pathname === `/publisher/admin/workspace/${workspaceId}`);
    await page.getByText(`${workspaceId} ·`).waitFor();
    await page.context().close();
  });

  it('keeps the lookup: it opens on arrival and from its button, and View leads to the purchase records', async () => {
    const page = await portal.page();
    await openScreen(page);
    await page.getByRole('button', { name: T.lookup }).click();
    const lookup = page.getByRole('dialog', { name: LOOKUP });
    await lookup.getByLabel('Workspace ID').fill('no-such-workspace');
    await lookup.getByRole('button', { name: 'View' }).click();
    await page.getByText('Invalid workspace id. No workspace found by the provided id.').first().waitFor();
    // Back on the screen, the lookup open again.
    await page.getByRole('dialog', { name: LOOKUP }).waitFor();
    await page.context().close();
  });

  it('fits a phone’s width (390 px): the table scrolls with a visible scrollbar, dialogs fit, no axe violation', async () => {
    const admin = await portal.server.signIn('admin');
    for (const [nickname, address] of [
      ['Phone-width workspace', 'https://a-rather-long-host-name.chat.example.com:3000/rocket'],
      ['Second workspace', 'http://10.0.0.7:3000'],
    ]) {
      const res = await portal.server.request('POST', '/v1/admin/workspaces', { token: admin, body: { nickname, address } });
      expect(res.status).toBe(201);
    }
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Sofia Rossi/, '/publisher/admin/workspace');
    const lookup = page.getByRole('dialog', { name: LOOKUP });
    await lookup.waitFor();
    expect(await layoutProblems(page), 'the lookup at 390 px').toEqual([]);
    await lookup.getByRole('button', { name: 'Cancel' }).click();
    const table = page.getByRole('table', { name: T.title });
    await table.getByRole('row', { name: /Phone-width workspace/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // Six columns do not fit 390 px: the table scrolls, as a labelled region a keyboard can scroll.
    await page.getByRole('region', { name: `${T.title} (scrolls sideways)` }).waitFor();
    expect(await layoutProblems(page), 'the list at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'registered workspaces at 390 px');

    await page.getByRole('button', { name: T.register }).click();
    const dialog = page.getByRole('dialog', { name: T.register });
    await dialog.getByLabel(T.nicknameLabel).fill('Made on a phone');
    await dialog.getByLabel(T.addressLabel).fill('https://phone.chat.example');
    expect(await layoutProblems(page), 'the register dialog at 390 px').toEqual([]);
    await dialog.getByRole('button', { name: T.register }).click();
    const created = page.getByRole('dialog', { name: T.registeredTitle });
    await created.getByText(T.copyOnce).waitFor();
    expect(await layoutProblems(page), 'the secret at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the secret at 390 px');
    await created.getByRole('button', { name: 'Done' }).click();
    await table.getByRole('row', { name: /Made on a phone/ }).waitFor();

    await table.getByRole('button', { name: `${T.revoke}: Second workspace` }).click();
    const confirm = page.getByRole('alertdialog', { name: T.revokeTitle });
    await confirm.waitFor();
    expect(await layoutProblems(page), 'the revoke confirmation at 390 px').toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // A laptop's width (1366 px): an address reads on a line or two, not a letter a line, and each row's
    // actions are on the screen.
    await page.setViewportSize({ width: 1366, height: 768 });
    const row = table.getByRole('row', { name: /Phone-width workspace/ });
    const address = row.getByText('https://a-rather-long-host-name.chat.example.com:3000/rocket');
    await expect.poll(async () => (await address.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(150);
    expect((await address.boundingBox())!.height).toBeLessThan(80);
    const revoke = (await row.getByRole('button', { name: `${T.revoke}: Phone-width workspace` }).boundingBox())!;
    expect(revoke.x + revoke.width).toBeLessThanOrEqual(1366);
    expect(await layoutProblems(page), 'the list at 1366 px').toEqual([]);
    await page.context().close();
  });
});
