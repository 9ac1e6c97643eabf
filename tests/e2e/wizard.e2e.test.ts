import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { appWizard, stepTitles, wizardSteps, wizardText, type StepId, type WizardEvent, type WizardInput, type WizardKind } from '../../machines/app-wizard';
import { pngImage } from '../fixtures/images';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { uuidOf } from '../../server/dev/seed/seed';
import { ModelCoverage, coveringWalks } from '../model/coverage';
import { expectNoAxeViolations, signInAs, startPortal, E2E_WAIT_MS } from './browser';
import { fillWizard as fill } from './wizard-steps';

/**
 * The wizard machine drives the real UI, for the new-app wizard and the edit-details wizard: paths are
 * generated from the machine over what a user can do (Next on a step filled anew — the save then
 * succeeds —, Next on a step saved before — nothing changed, no call —, Back, an unknown step in the URL and
 * the browser's back button from it, Submit), each replayed in Chromium against the real server, and
 * after every step the page must show the step the machine is in (URL and heading), also after a refresh.
 */
type Op = 'NEXT' | 'NEXT_UNCHANGED' | 'BACK' | 'UNKNOWN_STEP' | 'BROWSER_BACK' | 'SUBMIT';
type Snap = SnapshotFrom<typeof appWizard>;
/** The machine's state, and how far this path has saved (what Next without a change can pass). */
type At = { s: Snap; furthest: number };

/**
 * The machine's states and transitions the paths below walked in Chromium (coverage/model/app-wizard.json):
 * an operation's transitions are held until the page shows the state they lead to, and count only then.
 */
const coverage = new ModelCoverage('app-wizard', appWizard, 'ui');
let recording = false;
let held: [Snap, WizardEvent, Snap][] = [];

/** A user's operation as the machine's events (the calls' outcomes follow at once: success). */
function apply({ s, furthest }: At, op: Op): At {
  const send = (snap: Snap, e: WizardEvent) => {
    const next = getNextSnapshot(appWizard, snap, e);
    if (recording) held.push([snap, e, next]);
    return next;
  };
  // The URL follows the step, and the wizard hands the URL's step back to the machine (a GOTO that changes nothing).
  const followUrl = (next: Snap) =>
    next.value === 'editing' && next.context.index !== s.context.index ? send(next, { type: 'GOTO', index: next.context.index }) : next;
  const at = (next: Snap): At => ({ s: next, furthest: Math.max(furthest, next.value === 'editing' ? next.context.index : furthest) });
  switch (op) {
    case 'NEXT':
    case 'NEXT_UNCHANGED': {
      const next = send(s, op === 'NEXT' ? { type: 'NEXT', changed: true, data: {} } : { type: 'NEXT', changed: false });
      return at(
        followUrl(next.value === 'saving' ? send(next, { type: 'xstate.done.actor.save', output: { appId: 'app', versionId: 'ver' }, actorId: 'save' }) : next),
      );
    }
    case 'BACK':
      return at(followUrl(send(s, { type: 'BACK' })));
    case 'UNKNOWN_STEP':
      return at(send(s, { type: 'GOTO', index: 9 }));
    case 'BROWSER_BACK':
      // From the 404 step, the browser's back button: the step the user was on.
      return at(send(s, { type: 'GOTO', index: s.context.index }));
    case 'SUBMIT': {
      const next = send(s, { type: 'SUBMIT' });
      if (next.value !== 'submitting') return at(next);
      // Submitted, then after 1.5 s back to the app (the UI step waits for both).
      const submitted = send(next, { type: 'xstate.done.actor.submit', output: undefined, actorId: 'submit' });
      return at(send(submitted, { type: 'xstate.done.actor.pause', output: undefined, actorId: 'pause' }));
    }
  }
}
const key = ({ s, furthest }: At) => JSON.stringify([s.value, s.context.index, furthest]);

/** What a user can do: a step filled anew only at the furthest step, an unchanged Next only on one saved before. */
function opsIn({ s, furthest }: At, kind: WizardKind): Op[] {
  if (s.value === 'notFound') return ['BROWSER_BACK'];
  const index = s.context.index;
  const last = index === wizardSteps[kind].length - 1;
  return [
    ...(index === furthest && !(kind === 'new' && last) ? (['NEXT'] as const) : []),
    // The upload step keeps no file to pass again.
    ...(index < furthest && !(kind === 'new' && index === 0) ? (['NEXT_UNCHANGED'] as const) : []),
    'BACK',
    'UNKNOWN_STEP',
    ...(kind === 'new' && last ? (['SUBMIT'] as const) : []),
  ];
}

/** Walks from the start that between them do every operation that changes something, in every state (coverage.ts). */
function generatePaths(kind: WizardKind, input: WizardInput): Op[][] {
  const start: At = { s: getInitialSnapshot(appWizard, input), furthest: 0 };
  const edgesOf = (at: At) =>
    at.s.value === 'submitted' || at.s.status === 'done'
      ? []
      : opsIn(at, kind)
          .map((op) => ({ event: op, next: apply(at, op) }))
          .filter((edge) => key(edge.next) !== key(at));
  return coveringWalks(start, edgesOf, key);
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

let edits = 0;
async function fillStep(page: Page, step: StepId) {
  switch (step) {
    case 'upload':
      await page.getByLabel('App package (.zip)').setInputFiles({ name: 'app.zip', mimeType: 'application/zip', buffer: packageFor() });
      break;
    case 'details':
      return fill.details(page);
    case 'pricing':
      return fill.pricingFree(page);
    case 'screenshots':
    case 'info':
      await fill.info(page);
      // Something new each time: a Next here always has a change to save.
      await page.getByLabel('Short description').fill(`Async standups, take ${++edits}`);
      break;
    case 'changes':
      await page.getByLabel('Public changes (markdown)').fill(`- Change ${++edits}`);
      await page.getByLabel('Internal changes').fill(`Refactor ${edits}`);
      break;
  }
}

async function expectStep(page: Page, kind: WizardKind, s: Snap, label: string) {
  if (s.value === 'notFound') {
    await page.getByText(wizardText.unknownStep).waitFor();
    return;
  }
  const index = s.context.index;
  await page.getByRole('heading', { level: 2, name: stepTitles[wizardSteps[kind][index]!] }).waitFor();
  const url = new URL(page.url());
  const last = url.pathname.split('/').at(-1)!;
  expect(index === 0 ? ['app', '0'].includes(last) || /^[0-9a-f]{24}$/.test(last) : last === String(index), `${label}: ${url.pathname}`).toBe(true);
}

/** A compiled app of Olivia's for the edit-details wizard (its content may still change). */
async function compiledApp() {
  const token = await portal.server.signIn('owner');
  const res = await portal.server.upload('POST', '/v1/publisher/apps', token, [{ field: 'app', filename: 'app.zip', data: packageFor() }]);
  const app = await portal.server.settled(token, res.json.appId);
  expect(app.latest.status).toBe('compiled');
  return { appId: res.json.appId as string, versionId: app.latest.id as string };
}

const wizards: { kind: WizardKind; title: string }[] = [
  { kind: 'new', title: 'the new-app wizard' },
  { kind: 'edit', title: 'the edit-details wizard' },
];
for (const { kind, title } of wizards) {
  describe(`${title}, driven by its machine in Chromium`, () => {
    const paths = generatePaths(kind, { kind, appId: kind === 'edit' ? 'app' : undefined, versionId: kind === 'edit' ? 'ver' : undefined });
    const steps = wizardSteps[kind];
    let target = { appId: '', versionId: '' };
    beforeAll(async () => {
      if (kind === 'edit') target = await compiledApp();
    });
    it('has generated paths through every step', () => {
      // Between them the walks stand on every step of the wizard.
      const stoodOn = new Set<number>();
      for (const path of paths) {
        let at: At = {
          s: getInitialSnapshot(appWizard, { kind, appId: kind === 'edit' ? 'app' : undefined, versionId: kind === 'edit' ? 'ver' : undefined }),
          furthest: 0,
        };
        for (const op of path) {
          at = apply(at, op);
          if (at.s.value === 'editing') stoodOn.add(at.s.context.index);
        }
      }
      expect([...stoodOn].sort()).toEqual(steps.map((_, i) => i));
      expect(paths.some((p) => p.includes(kind === 'new' ? 'SUBMIT' : 'NEXT_UNCHANGED'))).toBe(true);
    });

    for (const path of paths) {
      it(`walks ${path.join(' → ')}`, async () => {
        const page = await portal.page();
        const startAt = kind === 'new' ? '/publisher/new-extended/app' : `/publisher/edit-details/app/${target.appId}/${target.versionId}`;
        await signInAs(page, portal.server.base, /Olivia Bennett/, startAt);
        let at: At = { s: getInitialSnapshot(appWizard, { kind, appId: target.appId || undefined, versionId: target.versionId || undefined }), furthest: 0 };
        held = [];
        await expectStep(page, kind, at.s, 'start');
        coverage.visit(at.s);
        for (const [i, op] of path.entries()) {
          const before = at.s;
          recording = true;
          at = apply(at, op);
          recording = false;
          const label = `${path.slice(0, i + 1).join(' → ')}`;
          const forward = kind === 'edit' ? (before.context.index === steps.length - 1 ? 'Save and finish' : 'Save and continue') : 'Next';
          switch (op) {
            case 'NEXT':
            case 'NEXT_UNCHANGED':
              if (op === 'NEXT') await fillStep(page, steps[before.context.index]!);
              await page.getByRole('button', { name: forward }).click();
              if (steps[before.context.index] === 'screenshots') {
                await page.getByRole('alertdialog', { name: 'No Screenshots Provided' }).getByRole('button', { name: 'Yes' }).click();
              }
              break;
            case 'BACK':
              await page.getByRole('button', { name: 'Back' }).click();
              break;
            case 'UNKNOWN_STEP': {
              const url = new URL(page.url());
              const parts = url.pathname.split('/');
              url.pathname = /^\d+$/.test(parts.at(-1)!)
                ? [...parts.slice(0, -1), '9'].join('/')
                : kind === 'new'
                  ? `${url.pathname.replace(/\/$/, '')}/x/y/9`
                  : `${url.pathname.replace(/\/$/, '')}/9`;
              await page.goto(url.toString());
              break;
            }
            case 'BROWSER_BACK':
              await page.goBack();
              break;
            case 'SUBMIT':
              await page.getByRole('button', { name: 'Submit for Review' }).and(page.locator(':enabled')).waitFor({ timeout: E2E_WAIT_MS });
              await page.getByRole('button', { name: 'Submit for Review' }).click();
              await page.getByText('Submitted for review. Taking you back to the app…').waitFor();
              break;
          }
          if (at.s.status === 'done') {
            // Finished: back to the app's page (after 1.5 s for a submission).
            await page.waitForURL(/\/publisher\/apps\/[0-9a-f-]{36}$/);
            if (op === 'SUBMIT') await page.getByRole('table', { name: 'Versions' }).getByText('Author approved').waitFor();
            else await page.getByRole('table', { name: 'Versions' }).waitFor();
          } else await expectStep(page, kind, at.s, label);
          // The page is in the state the operation leads to: its transitions count now.
          for (const [from, e, to] of held) coverage.step(from, e, to);
          held = [];
        }
        if (at.s.value === 'editing') {
          // A refresh keeps the step (the URL holds it; the machine accepts it again).
          await page.reload();
          await expectStep(page, kind, at.s, 'after a refresh');
          await expectNoAxeViolations(page, `step ${at.s.context.index}`);
        }
        await page.context().close();
      });
    }
  });
}

describe('the wizards, scenarios', () => {
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
    await fillStep(page, 'details');
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
    await fillStep(page, 'screenshots');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit for Review' }).and(page.locator(':enabled')).waitFor({ timeout: E2E_WAIT_MS });
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await page.waitForURL(new RegExp(`/publisher/apps/${id}$`));
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions
      .getByRole('row', { name: /v1\.1\.0/ })
      .getByText('Author approved')
      .waitFor();

    // Edit info on a version under review: the wizard says its details can no longer change, shows them
    // read-only, and only moves on (the server refuses a change all the same: tests/api/version-writes.test.ts).
    await versions
      .getByRole('row', { name: /v1\.1\.0/ })
      .getByRole('button', { name: 'Edit info' })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Change Log' }).waitFor();
    await page.getByText('Calendar Sync v1.1.0 is author approved: its details can no longer change. Upload an update to change them.').waitFor();
    expect(await page.getByLabel('Public changes (markdown)').isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'edit details');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'App Details' }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { level: 2, name: 'App Info' }).waitFor();
    expect(await page.getByLabel('Short description').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.waitForURL(new RegExp(`/publisher/apps/${id}$`));
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
