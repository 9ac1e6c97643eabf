import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { appWizard, stepTitles, wizardSteps, wizardText, type WizardEvent } from '../../machines/app-wizard';
import { pngImage } from '../fixtures/images';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { uuidOf } from '../../server/db/seed';
import { ModelCoverage } from '../model/coverage';
import { expectNoAxeViolations, signInAs, startPortal } from './browser';
import { fillWizard as fill } from './wizard-steps';

/**
 * The new-app wizard's machine drives the real UI: paths are generated from the machine over what a
 * user can do (Next with a filled step — the save then succeeds —, Back, an unknown step in the URL and
 * the browser's back button from it, Submit), each is replayed in Chromium against the real server, and after every step the page must
 * show the step the machine is in (URL and heading), also after a refresh.
 */
type Op = 'NEXT' | 'BACK' | 'UNKNOWN_STEP' | 'BROWSER_BACK' | 'SUBMIT';
type Snap = SnapshotFrom<typeof appWizard>;
const input = { kind: 'new' as const };
const steps = wizardSteps.new;

/** The machine's states and transitions the paths below walked in Chromium (coverage/model/app-wizard.json). */
const coverage = new ModelCoverage('app-wizard', appWizard, 'ui');
let recording = false;

/** A user's operation as the machine's events (the calls' outcomes follow at once: success). */
function apply(s: Snap, op: Op): Snap {
  const send = (snap: Snap, e: WizardEvent) => {
    const next = getNextSnapshot(appWizard, snap, e);
    if (recording) coverage.step(snap, e, next);
    return next;
  };
  // The URL follows the step, and the wizard hands the URL's step back to the machine (a GOTO that changes nothing).
  const followUrl = (next: Snap) => (next.value === 'editing' && next.context.index !== s.context.index ? send(next, { type: 'GOTO', index: next.context.index }) : next);
  switch (op) {
    case 'NEXT': {
      const next = send(s, { type: 'NEXT', changed: true, data: {} });
      return followUrl(next.value === 'saving' ? send(next, { type: 'xstate.done.actor.save', output: { appId: 'app', versionId: 'ver' }, actorId: 'save' }) : next);
    }
    case 'BACK':
      return followUrl(send(s, { type: 'BACK' }));
    case 'UNKNOWN_STEP':
      return send(s, { type: 'GOTO', index: 9 });
    case 'BROWSER_BACK':
      // From the 404 step, the browser's back button: the step the user was on.
      return send(s, { type: 'GOTO', index: s.context.index });
    case 'SUBMIT': {
      const next = send(s, { type: 'SUBMIT' });
      if (next.value !== 'submitting') return next;
      // Submitted, then after 1.5 s back to the app (the UI step waits for both).
      const submitted = send(next, { type: 'xstate.done.actor.submit', output: undefined, actorId: 'submit' });
      return send(submitted, { type: 'xstate.done.actor.pause', output: undefined, actorId: 'pause' });
    }
  }
}
const key = (s: Snap) => JSON.stringify([s.value, s.context.index]);

/** Breadth-first from the start: the shortest path to every (state, operation) that changes something. */
function generatePaths(): Op[][] {
  const ops: Op[] = ['NEXT', 'BACK', 'UNKNOWN_STEP', 'SUBMIT'];
  const opsIn = (s: Snap): Op[] => (s.value === 'notFound' ? ['BROWSER_BACK'] : ops);
  const start = getInitialSnapshot(appWizard, input);
  const shortest = new Map<string, Op[]>([[key(start), []]]);
  const queue: Snap[] = [start];
  const paths: Op[][] = [];
  while (queue.length) {
    const s = queue.shift()!;
    if (s.value === 'submitted' || s.status === 'done') continue;
    for (const op of opsIn(s)) {
      const next = apply(s, op);
      if (key(next) === key(s)) continue;
      const path = [...shortest.get(key(s))!, op];
      paths.push(path);
      if (!shortest.has(key(next))) {
        shortest.set(key(next), path);
        queue.push(next);
      }
    }
  }
  // Keep the paths no other path extends (each edge is still walked by one of them).
  return paths.filter((p) => !paths.some((q) => q.length > p.length && p.every((op, i) => q[i] === op)));
}

let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  coverage.report();
  await portal?.close();
});

let uploads = 0;
const packageFor = () => {
  uploads += 1;
  const id = `9a8b7c6d-5e4f-4a3b-8c2d-${String(uploads).padStart(12, '0')}`;
  return zip(withManifest(fixtureFiles('standup-helper'), { id, nameSlug: `wizard-app-${uploads}`, name: `Wizard App ${uploads}` }));
};

async function fillStep(page: Page, index: number) {
  switch (steps[index]) {
    case 'upload':
      await page.getByLabel('App package (.zip)').setInputFiles({ name: 'app.zip', mimeType: 'application/zip', buffer: packageFor() });
      break;
    case 'details':
      return fill.details(page);
    case 'pricing':
      return fill.pricingFree(page);
    case 'screenshots':
      return fill.info(page);
  }
}

async function expectStep(page: Page, s: Snap, label: string) {
  if (s.value === 'notFound') {
    await page.getByText(wizardText.unknownStep).waitFor();
    return;
  }
  const index = s.context.index;
  await page.getByRole('heading', { level: 2, name: stepTitles[steps[index]!] }).waitFor();
  const url = new URL(page.url());
  const last = url.pathname.split('/').at(-1)!;
  expect(index === 0 ? ['app', '0'].includes(last) || /^[0-9a-f]{24}$/.test(last) : last === String(index), `${label}: ${url.pathname}`).toBe(true);
}

describe('the new-app wizard, driven by its machine in Chromium', () => {
  const paths = generatePaths();
  it('has generated paths through every step', () => {
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.some((p) => p.includes('SUBMIT'))).toBe(true);
  });

  for (const path of paths) {
    it(`walks ${path.join(' → ')}`, async () => {
      const page = await portal.page();
      await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/new-extended/app');
      await page.getByRole('heading', { name: 'Publish a New App' }).waitFor();
      let s = getInitialSnapshot(appWizard, input);
      await expectStep(page, s, 'start');
      coverage.visit(s);
      for (const [i, op] of path.entries()) {
        const before = s;
        recording = true;
        s = apply(s, op);
        recording = false;
        const label = `${path.slice(0, i + 1).join(' → ')}`;
        switch (op) {
          case 'NEXT':
            await fillStep(page, before.context.index);
            if (steps[before.context.index] === 'screenshots') {
              await page.getByRole('button', { name: 'Next' }).click();
              await page.getByRole('alertdialog', { name: 'No Screenshots Provided' }).getByRole('button', { name: 'Yes' }).click();
            } else {
              await page.getByRole('button', { name: 'Next' }).click();
            }
            break;
          case 'BACK':
            await page.getByRole('button', { name: 'Back' }).click();
            break;
          case 'UNKNOWN_STEP': {
            const url = new URL(page.url());
            const parts = url.pathname.split('/');
            url.pathname = /^\d+$/.test(parts.at(-1)!) ? [...parts.slice(0, -1), '9'].join('/') : `${url.pathname.replace(/\/$/, '')}/x/y/9`;
            await page.goto(url.toString());
            break;
          }
          case 'BROWSER_BACK':
            await page.goBack();
            break;
          case 'SUBMIT':
            await page.getByRole('button', { name: 'Submit for Review' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
            await page.getByRole('button', { name: 'Submit for Review' }).click();
            await page.getByText('Submitted for review. Taking you back to the app…').waitFor();
            // After 1.5 s, the app's page.
            await page.waitForURL(/\/publisher\/apps\/[0-9a-f-]{36}$/);
            await page.getByRole('table', { name: 'Versions' }).getByText('Author approved').waitFor();
            break;
        }
        if (op !== 'SUBMIT') await expectStep(page, s, label);
      }
      if (s.value === 'editing') {
        // A refresh keeps the step (the URL holds it; the machine accepts it again).
        await page.reload();
        await expectStep(page, s, 'after a refresh');
        await expectNoAxeViolations(page, `step ${s.context.index}`);
      }
      await page.context().close();
    });
  }

  it('answers an unknown step with the 404 message, and the back button returns to the step', async () => {
    const page = await portal.page();
    await signInAs(page, portal.server.base, /Olivia Bennett/, '/publisher/new-extended/app');
    await page.getByRole('heading', { level: 2, name: 'Upload App Package' }).waitFor();
    await page.goto(`${portal.server.base}/publisher/new-extended/app/a/b/nope`);
    await page.getByText(wizardText.unknownStep).waitFor();
    await expectNoAxeViolations(page, 'unknown step');
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Upload App Package' }).waitFor();
    // And the browser's forward button goes back to the unknown step.
    await page.goForward();
    await page.getByText(wizardText.unknownStep).waitFor();
    await page.context().close();
  });

  it('uploads an update, edits its details and changes the pricing of a live app', async () => {
    const page = await portal.page();
    const id = uuidOf('app:Calendar Sync');
    await signInAs(page, portal.server.base, /Olivia Bennett/, `/publisher/apps/${id}`);
    await page.getByRole('button', { name: 'Upload Update' }).click();
    await page.getByRole('heading', { name: 'Upload an Update for: Calendar Sync v1.0.0' }).waitFor();
    const files = withManifest(fixtureFiles('standup-helper'), { id, name: 'Calendar Sync', nameSlug: 'calendar-sync', version: '1.1.0' });
    await page.getByLabel('App package (.zip)').setInputFiles({ name: 'calendar-sync.zip', mimeType: 'application/zip', buffer: zip(files) });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'App Details' }).waitFor();
    await fillStep(page, 1);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Change Log' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Public changes are required.').waitFor();
    await page.getByLabel('Public changes (markdown)').fill('* Reminders 10 minutes before each meeting');
    await page.getByLabel('Internal changes').fill('Moved to the scheduler API.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'App Info' }).waitFor();
    // Illustrated: two screenshots upload at once, show as thumbnails, one is deleted.
    await page.getByLabel(/^Screenshots/).setInputFiles([
      { name: 'rooms.png', mimeType: 'image/png', buffer: pngImage(960, 540) },
      { name: 'settings.png', mimeType: 'image/png', buffer: pngImage(960, 540, [230, 120, 40]) },
    ]);
    const shots = page.getByRole('list', { name: 'Screenshots' });
    await shots.getByRole('img', { name: 'settings.png' }).waitFor();
    expect(await shots.getByRole('img', { name: 'rooms.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    await shots.getByRole('button', { name: 'Delete settings.png' }).click();
    await shots.getByRole('img', { name: 'settings.png' }).waitFor({ state: 'detached' });
    await fillStep(page, 3);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit for Review' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await page.waitForURL(new RegExp(`/publisher/apps/${id}$`));
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByRole('row', { name: /v1\.1\.0/ }).getByText('Author approved').waitFor();

    // Edit info on a version under review: the wizard says its details can no longer change, and the
    // server (the lifecycle machine) refuses a change all the same.
    await versions.getByRole('row', { name: /v1\.1\.0/ }).getByRole('button', { name: 'Edit info' }).click();
    await page.getByRole('heading', { level: 2, name: 'Change Log' }).waitFor();
    await page.getByText('Calendar Sync v1.1.0 is author approved: its details can no longer change. Upload an update to change them.').waitFor();
    await expectNoAxeViolations(page, 'edit details');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'App Details' }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'App Info' }).waitFor();
    await page.getByLabel('Short description').fill('Meeting reminders in your rooms');
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.getByRole('alert').getByText('A version that is author-approved cannot be changed: upload an update to change its details.').waitFor();
    await page.goto(`${portal.server.base}/publisher/apps/${id}`);
    await page.getByRole('table', { name: 'Versions' }).waitFor();

    // A new plan becomes the active price; then back to free.
    await page.getByRole('button', { name: 'New pricing plan' }).click();
    await page.getByLabel('Plan name').fill('Team');
    await page.getByLabel('Monthly price (USD)').fill('4');
    await page.getByLabel('Yearly price (USD)').fill('40');
    await expectNoAxeViolations(page, 'new pricing plan');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('New Price Created Successfully').first().waitFor();
    const pricesTable = page.getByRole('table', { name: 'Prices' });
    await pricesTable.getByText('Team · $4.00 monthly · $40.00 yearly').waitFor();
    await page.getByRole('button', { name: 'Change Pricing' }).click();
    await page.getByText('Free', { exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':enabled')).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await pricesTable.getByRole('rowheader', { name: 'Free', exact: true }).first().waitFor();
    await page.context().close();
  });
});
