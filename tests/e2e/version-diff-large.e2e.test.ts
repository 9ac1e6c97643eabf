// A large diff in Chromium against the real portal: a seeded app (Standup Bot, 2.0.0 published, no package of its
// own) gets an update of 13 files, so the default comparison adds every one — over LARGE_DIFF_FILES
// (src/features/admin-apps/diff-lines.ts). The reviewer's view opens on the list of files, each folded; a file
// unfolds by pointer and by keyboard, Expand all and Collapse all work, a link citing a line unfolds its file, and
// the view passes axe and fits 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { expectNoAxeViolations, layoutProblems, signInAs, startPortal, E2E_WAIT_MS } from './browser';

let portal: Awaited<ReturnType<typeof startPortal>>;
const standupBot = uuidOf('app:Standup Bot');
const appPage = `/publisher/admin/apps/${standupBot}`;
const extra = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`lib/extra${i + 1}.ts`, `export const extra${i + 1} = ${i + 1};\n`]));

beforeAll(async () => {
  portal = await startPortal();
  const owner = await portal.server.signIn('owner');
  const files = { ...fixtureFiles('standup-helper'), ...extra };
  const data = zip(withManifest(files, { id: standupBot, name: 'Standup Bot', nameSlug: 'standup-bot', version: '2.1.0' }));
  const res = await portal.server.upload('PUT', `/v1/apps/${standupBot}`, owner, [{ field: 'app', filename: 'standup-2.1.0.zip', data }]);
  expect(res.status, res.text).toBe(200);
  await portal.server.settled(owner, standupBot);
});
afterAll(() => portal?.close());

describe('a large diff, in Chromium', () => {
  it('opens on the list of files, folded; unfolds a file by pointer and keyboard, all of them, and a cited line’s', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Daniel Kim/, appPage);
    const section = page.getByRole('region', { name: 'Changes since v2.0.0' });
    await section.getByText('13 added, 0 removed, 0 changed, 0 unchanged files').waitFor();
    await section.getByText(/^13 files, \d+ changed lines: each file is folded\. Open one to read its lines\.$/).waitFor();
    await expect.poll(() => section.getByRole('list', { name: 'Files that differ' }).getByRole('listitem').count(), { timeout: E2E_WAIT_MS }).toBe(13);
    expect(await section.getByRole('table', { name: /^Changes to / }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'a large diff, folded');

    const header = (path: string) => section.getByRole('article', { name: path }).getByRole('heading', { level: 4 }).getByRole('button');
    const settings = header('lib/settings.ts');
    expect(await settings.getAttribute('aria-expanded')).toBe('false');
    await settings.click();
    await section
      .getByRole('table', { name: 'Changes to lib/settings.ts' })
      .getByRole('row', { name: /\+export const SETTING_QUESTIONS/ })
      .waitFor();
    expect(await settings.getAttribute('aria-expanded')).toBe('true');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'a large diff with a file unfolded');

    // By keyboard: Enter unfolds, Space folds.
    const first = header('lib/extra1.ts');
    await first.focus();
    await page.keyboard.press('Enter');
    await section.getByRole('table', { name: 'Changes to lib/extra1.ts' }).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(() => first.getAttribute('aria-expanded'), { timeout: E2E_WAIT_MS }).toBe('false');
    expect(await section.getByRole('table', { name: 'Changes to lib/extra1.ts' }).count()).toBe(0);

    await section.getByRole('button', { name: 'Expand all the files' }).click();
    await expect.poll(() => section.getByRole('table', { name: /^Changes to / }).count(), { timeout: E2E_WAIT_MS }).toBe(12);
    await section.getByRole('button', { name: 'Collapse all the files' }).click();
    await expect.poll(() => section.getByRole('table', { name: /^Changes to / }).count(), { timeout: E2E_WAIT_MS }).toBe(0);

    // A link citing a line: its file opens unfolded, the line picked.
    await page.goto(`${portal.server.base}${appPage}?cite=${encodeURIComponent(JSON.stringify(['new:1:lib/extra3.ts']))}`);
    const cited = section.getByRole('table', { name: 'Changes to lib/extra3.ts' });
    await expect
      .poll(() => cited.getByRole('button', { name: 'Cite line 1 of lib/extra3.ts', exact: true }).getAttribute('aria-pressed'), { timeout: E2E_WAIT_MS })
      .toBe('true');
    expect(await header('lib/extra3.ts').getAttribute('aria-expanded')).toBe('true');
    expect(await section.getByRole('table', { name: /^Changes to / }).count()).toBe(1);
    await page.context().close();
  });

  it('fits a phone’s width (390 px), folded', async () => {
    const page = await portal.page({ width: 390, height: 844 });
    await signInAs(page, portal.server.base, /Daniel Kim/, appPage);
    const section = page.getByRole('region', { name: 'Changes since v2.0.0' });
    await section.getByRole('list', { name: 'Files that differ' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), 'a large diff, folded, at 390 px').toEqual([]);
    await expectNoAxeViolations(page, 'a large diff, folded, at 390 px');
    await page.context().close();
  });
});
