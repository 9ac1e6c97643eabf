// Staff's view of what changed between two versions, in Chromium against the real portal: a seeded app (Standup
// Bot, 2.0.0 published) gets two real updates through the API (2.1.0, then 2.2.0 with a changed line and a new
// permission); a reviewer opens the app, sees the default comparison (since the last approved version), picks
// another pair by keyboard, pages the files, and the view passes axe and fits 390 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { expectNoAxeViolations, signInAs, startPortal, layoutProblems } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
const standupBot = uuidOf('app:Standup Bot');
const appPage = () => `/publisher/admin/apps/${standupBot}`;
const question = "        packageValue: 'What did you do yesterday?|What will you do today?|Anything blocking you?',";
const longer = "        packageValue: 'What did you do yesterday?|What will you do today?|Anything blocking you?|Anything to celebrate?',";
/** A diff line as its row is named: its '+' or '-', then the line (an accessible name's spaces collapse). */
const lineName = (sign: '+' | '-', line: string) => `${sign} ${line.trim()}`;

beforeAll(async () => {
  portal = await startPortal();
  const owner = await portal.server.signIn('owner');
  const files = fixtureFiles('standup-helper');
  const as = { id: standupBot, name: 'Standup Bot', nameSlug: 'standup-bot' };
  const upload = async (version: string, changed: Record<string, Uint8Array | string>, permissions: string[]) => {
    const data = zip(withManifest({ ...files, ...changed }, { ...as, version, permissions: permissions.map((name) => ({ name })) }));
    const res = await portal.server.upload('PUT', `/v1/apps/${standupBot}`, owner, [{ field: 'app', filename: `standup-${version}.zip`, data }]);
    expect(res.status, res.text).toBe(200);
    await portal.server.settled(owner, standupBot);
  };
  const settings = new TextDecoder().decode(files['lib/settings.ts']);
  expect(settings).toContain(question);
  await upload('2.1.0', {}, ['slashcommand', 'message.write']);
  await upload('2.2.0', { 'lib/settings.ts': settings.replace(question, longer) }, ['slashcommand', 'message.write', 'room.read']);
});
afterAll(() => portal?.close());

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('what changed between versions, in Chromium', () => {
  it('shows the default comparison, compares the pair chosen by keyboard, and pages the files through the address', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, appPage());

    // By default: the latest (2.2.0) since the last approved version (2.0.0, published); the seeded 2.0.0 has no
    // package of its own, so every file of 2.2.0 is new, and so is every permission it asks for.
    let section = page.getByRole('region', { name: 'Changes since v2.0.0' });
    await section.getByText(/^\d+ added, 0 removed, 0 changed, 0 unchanged files$/).waitFor();
    const added = section.getByRole('list', { name: 'Permissions added' });
    for (const p of ['message.write', 'room.read', 'slashcommand']) await added.getByText(`+ ${p}`).waitFor();
    const newFile = section.getByRole('table', { name: 'Changes to lib/settings.ts' });
    await newFile.getByRole('rowheader', { name: /^@@ -0,0 \+1,\d+ @@$/ }).waitFor();
    await newFile.getByRole('row', { name: /\+export const SETTING_QUESTIONS/ }).waitFor();
    await section
      .getByRole('article', { name: 'icon.png' })
      .getByText(/^Binary file, not shown \(.+\)$/)
      .waitFor();
    await expect.poll(() => section.getByRole('combobox', { name: 'From' }).textContent()).toBe('v2.0.0 · Published');
    await expect.poll(() => section.getByRole('combobox', { name: 'To' }).textContent()).toMatch(/^v2\.2\.0 · /);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'the default comparison');

    // From 2.1.0, by keyboard: open the picker, up past 2.2.0 (the other side, not offered), choose.
    await section.getByRole('combobox', { name: 'From' }).focus();
    await page.keyboard.press('Enter');
    const option = page.getByRole('option', { name: /^v2\.1\.0 · / });
    await option.waitFor();
    await expect.poll(() => page.getByRole('option', { name: /^v2\.2\.0 · / }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => option.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => search(page)).toEqual({ diffFrom: '2.1.0' });
    section = page.getByRole('region', { name: 'Changes since v2.1.0' });
    await section.getByText('0 added, 0 removed, 2 changed, 5 unchanged files').waitFor();
    // The one permission 2.2.0 adds, and the line it changes: '-' and '+' kept in the text.
    await expect.poll(() => section.getByRole('list', { name: 'Permissions added' }).getByRole('listitem').allTextContents()).toEqual(['+ room.read']);
    const changed = section.getByRole('table', { name: 'Changes to lib/settings.ts' });
    await changed.getByRole('row', { name: lineName('-', question) }).waitFor();
    await changed.getByRole('row', { name: lineName('+', longer) }).waitFor();
    const version = section.getByRole('table', { name: 'Manifest fields changed' }).getByRole('row', { name: /^version/ });
    await expect.poll(() => version.locator('td').allTextContents()).toEqual(['2.1.0', '2.2.0']);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'a chosen pair');

    // A refresh keeps the pair; one file a page: Next files, then First files again.
    await page.goto(`${portal.server.base}${appPage()}?diffFrom=2.1.0&diffLimit=1`);
    section = page.getByRole('region', { name: 'Changes since v2.1.0' });
    await section.getByRole('article', { name: 'app.json' }).waitFor();
    await expect.poll(() => section.getByRole('article').count()).toBe(1);
    await section.getByRole('button', { name: 'Next files' }).click();
    await expect.poll(() => search(page)).toEqual({ diffFrom: '2.1.0', diffLimit: '1', diffAfter: 'app.json' });
    await section.getByRole('article', { name: 'lib/settings.ts' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Files after app.json');
    await expect.poll(() => section.getByRole('button', { name: 'Next files' }).isDisabled()).toBe(true);
    await section.getByRole('button', { name: 'First files' }).click();
    await expect.poll(() => search(page)).toEqual({ diffFrom: '2.1.0', diffLimit: '1' });
    await section.getByRole('article', { name: 'app.json' }).waitFor();

    // The To picker, by pointer: 2.1.0 against the default before it (2.0.0, the last approved).
    await section.getByRole('button', { name: 'Since the last approved version' }).click();
    await expect.poll(() => search(page)).toEqual({ diffLimit: '1' });
    section = page.getByRole('region', { name: 'Changes since v2.0.0' });
    await section.getByRole('combobox', { name: 'To' }).click();
    await page.getByRole('option', { name: /^v2\.1\.0 · / }).click();
    await expect.poll(() => search(page)).toEqual({ diffLimit: '1', diffTo: '2.1.0' });
    await expect.poll(() => section.getByRole('combobox', { name: 'To' }).textContent()).toMatch(/^v2\.1\.0 · /);
    await expect
      .poll(() => section.getByRole('list', { name: 'Permissions added' }).getByRole('listitem').allTextContents())
      .toEqual(['+ message.write', '+ slashcommand']);

    // Back returns to the pair before.
    await page.goBack();
    await expect.poll(() => search(page)).toEqual({ diffLimit: '1' });
    await page.context().close();
  });

  it('fits a phone’s width (390 px): the diff scrolls sideways inside itself, visibly, and the page does not', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Daniel Kim/, `${appPage()}?diffFrom=2.1.0`);
    const section = page.getByRole('region', { name: 'Changes since v2.1.0' });
    const table = section.getByRole('table', { name: 'Changes to lib/settings.ts' });
    await table.getByRole('row', { name: lineName('+', longer) }).waitFor();
    await page.waitForLoadState('networkidle');
    // The long line does not fit: its table scrolls, as a labelled region a keyboard can scroll.
    const scroller = section.getByRole('region', { name: 'Changes to lib/settings.ts (scrolls sideways)' });
    await scroller.waitFor();
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await layoutProblems(page), 'the admin app page with a diff at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'the admin app page with a diff at 390 px');
    await page.context().close();
  });
});
