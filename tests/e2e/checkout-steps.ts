import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoAxeViolations } from './browser';

/**
 * The buyer's checkout pages in Chromium (docs/rocketchat.md, Buying), step by step, as Rocket.Chat opens them:
 * `/apps/{appId}/buy|subscribe|subscribe/details?workspaceId=…&token=…&seats=N`, on their own and inside its
 * modal's iframe. tests/e2e/checkout.e2e.test.ts runs them against the real portal.
 */

/** A Rocket.Chat workspace the pages are opened for: its id, a `marketplace:purchase` token, and what the offer says of it. */
export type Workspace = { id: string; token: string; nickname: string; address: string };
export type CheckoutEnv = {
  base: string;
  /** A one-time app (the seed's Jira Connector) and a per-seat subscription app (Standup Bot). */
  buyApp: { id: string; name: string; price: string };
  seatApp: { id: string; name: string };
  /** Buys the app on its own page, then subscribes; and a second one that buys inside the modal (its address: the host's origin). */
  a: Workspace;
  b: Workspace;
  /** The Rocket.Chat stand-in (`startRocketChatHost`). */
  host: { origin: string };
};

/** Locators inside a page or a frame. */
type Scope = Page | FrameLocator;

export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 0002';
export const DECLINED = 'Your card was declined.';

export const checkoutUrl = (
  env: CheckoutEnv,
  appId: string,
  page: 'buy' | 'subscribe' | 'subscribe/details',
  ws: Workspace,
  more: Record<string, string> = {},
) => `${env.base}/apps/${appId}/${page}?${new URLSearchParams({ workspaceId: ws.id, token: ws.token, seats: '35', ...more })}`;

const hostPage = (src: string) => `<!doctype html><html lang="en"><head><title>Rocket.Chat</title></head><body><main><h1>Marketplace</h1>
<iframe title="Checkout" src="${src.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')}" style="width:100%;height:760px;border:0"></iframe></main>
<script>window.messages=[];addEventListener('message',function(e){window.messages.push(e.data)});</script></body></html>`;

/**
 * A server standing in for Rocket.Chat, on an origin of its own (`http://localhost:<port>`, the portal being at
 * `127.0.0.1`): its /marketplace?src=… page opens the checkout page in an iframe, as IframeModal does. (A page
 * Playwright fulfils is public to Chromium, which then refuses to frame a loopback address: hence a real server.)
 * Register the modal's workspace with this origin as its address.
 */
export async function startRocketChatHost() {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://host').searchParams.get('src') ?? '';
    res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(src));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Opens the checkout page inside the Rocket.Chat stand-in; every message it posts is kept in the host's `window.messages`. */
export async function openInHost(page: Page, host: { origin: string }, src: string) {
  await page.goto(`${host.origin}/marketplace?${new URLSearchParams({ src })}`);
  const frame = page.frameLocator('iframe[title="Checkout"]');
  const messages = () => page.evaluate(() => (window as unknown as { messages: unknown[] }).messages);
  /** The frame as it is now (for axe): the one showing the portal. */
  const current = (): Frame => {
    const f = page.frames().find((x) => x !== page.mainFrame());
    if (!f) throw new Error('no checkout frame');
    return f;
  };
  return { frame, messages, current };
}

/** What does not fit a phone's width: sideways scrolling, tables overflowing without a scrollbar, dialogs wider than the screen. */
export const layoutProblems = (page: Page) =>
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
    }
    for (const el of document.querySelectorAll<HTMLElement>('button, a, input')) {
      // Radix's radio cards keep a transparent, aria-hidden input beside each card for forms: not a control anyone sees.
      if (el.closest('[aria-hidden="true"]') || getComputedStyle(el).opacity === '0') continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.left < -1 || box.right > doc.clientWidth + 1))
        problems.push(`"${el.textContent || el.getAttribute('aria-label') || el.tagName}" is cut off`);
    }
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -1 || box.right > doc.clientWidth + 1) problems.push(`a dialog is wider than the screen (${box.width})`);
    }
    return problems;
  });

/** The sandbox provider's card form (/dev-payments/checkout): card, expiry, CVC, Pay. */
export async function payWithCard(scope: Scope, card: string) {
  await scope.getByLabel('Card number').waitFor();
  await scope.getByLabel('Card number').fill(card);
  await scope.getByLabel('Expiry (MM/YY)').fill('12/34');
  await scope.getByLabel('CVC').fill('123');
  await scope.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** Accepts the terms and continues to the payment provider's page. */
export async function continueToPayment(scope: Scope) {
  await scope.getByRole('checkbox', { name: 'I accept the terms' }).check();
  await scope.getByRole('button', { name: 'Continue to payment' }).click();
  await scope.getByLabel('Card number').waitFor();
}

/**
 * A declined card. The sandbox may keep the buyer on its form with the reason (as Stripe Checkout does), or send
 * them back with the session declined: then the checkout page shows the session's failure and Try again, which
 * leads back to the choice and on to a new payment. Either way the buyer ends on the card form again.
 */
export async function declinedThenBackToTheCardForm(scope: Scope, axe: () => Promise<void>) {
  await payWithCard(scope, CARD_DECLINED);
  await scope.getByText(DECLINED).first().waitFor();
  const tryAgain = scope.getByRole('button', { name: 'Try again' });
  if (await tryAgain.isVisible()) {
    await scope.getByRole('heading', { name: 'The payment did not go through' }).waitFor();
    await axe();
    await tryAgain.click();
    await continueToPayment(scope);
  }
}

/** Buys the one-time app on its own page: the offer, the terms' message, a declined card, then paid; and bought it stays. */
export async function buyOnItsOwnPage(page: Page, env: CheckoutEnv) {
  const { a, buyApp } = env;
  await page.goto(checkoutUrl(env, buyApp.id, 'buy', a));
  await page.getByRole('heading', { name: `Buy ${buyApp.name}`, level: 1 }).waitFor();
  await page.getByText(a.nickname).waitFor();
  await page.getByText(buyApp.price).waitFor();
  await page.getByText('One-time payment').waitFor();
  await expectNoAxeViolations(page, 'buy: the offer');
  // Not in a frame: Back to workspace is a link to the workspace's address.
  expect(await page.getByRole('link', { name: 'Back to workspace' }).getAttribute('href')).toBe(a.address);

  // By keyboard: Continue without the terms says so and puts the focus on the checkbox; Space ticks it, Enter goes on.
  await page.getByRole('button', { name: 'Continue to payment' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Accept the terms to continue.').waitFor();
  await expectNoAxeViolations(page, 'buy: the terms not accepted');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('checkbox');
  await page.keyboard.press('Space');
  expect(await page.getByRole('checkbox', { name: 'I accept the terms' }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Continue to payment' }).focus();
  await page.keyboard.press('Enter');

  await page.waitForURL(/\/dev-payments\/checkout/);
  await expectNoAxeViolations(page, 'the sandbox card form');
  await declinedThenBackToTheCardForm(page, () => expectNoAxeViolations(page, 'buy: the card declined'));
  await payWithCard(page, CARD_OK);

  // Back on the page, with the session: paid.
  await page.waitForURL((url) => url.pathname === `/apps/${buyApp.id}/buy` && url.searchParams.has('session'));
  await page.getByRole('heading', { name: 'Payment complete' }).waitFor();
  // The token is not in the address the provider was given (the tab's session storage kept it). Read once the
  // outcome shows: the address the URL wait matched may still be the page's own before the provider's redirect.
  const url = new URL(page.url());
  // (The page may write its search back with the token's empty default, `token=`: no token either way.)
  expect([url.searchParams.get('workspaceId'), url.searchParams.get('token') ?? ''], page.url()).toEqual([a.id, '']);
  await page.getByText(`${buyApp.name} is now yours on this workspace.`).waitFor();
  await expectNoAxeViolations(page, 'buy: paid');
  // A refresh keeps the outcome; without the session, the app is bought already.
  await page.reload();
  await page.getByRole('heading', { name: 'Payment complete' }).waitFor();
  await page.goto(checkoutUrl(env, buyApp.id, 'buy', a));
  await page.getByRole('heading', { name: 'Already purchased' }).waitFor();
  await expect(page.getByRole('button', { name: 'Continue to payment' }).count()).resolves.toBe(0);
  await expectNoAxeViolations(page, 'buy: already purchased');
}

/** Inside Rocket.Chat's modal: paid in the frame, and the host receives the JSON string {"result":true}; Back to workspace without buying, {"result":false}. */
export async function buyInTheModal(page: Page, env: CheckoutEnv) {
  const { b, buyApp, seatApp } = env;
  const host = await openInHost(page, env.host, checkoutUrl(env, buyApp.id, 'buy', b));
  const { frame } = host;
  await frame.getByRole('heading', { name: `Buy ${buyApp.name}`, level: 1 }).waitFor();
  await expectNoAxeViolations(host.current(), 'buy in the modal: the offer');
  // In the frame, Back to workspace is a button (it answers the modal).
  await frame.getByRole('button', { name: 'Back to workspace' }).waitFor();
  // Framed, the provider's page opens in a tab of its own; the frame follows the payment.
  await frame.getByRole('checkbox', { name: 'I accept the terms' }).check();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), frame.getByRole('button', { name: 'Continue to payment' }).click()]);
  await payWithCard(tab, CARD_OK);
  await tab.getByText('The payment step is over: close this tab.', { exact: false }).waitFor();
  await tab.close();
  await frame.getByRole('heading', { name: 'Payment complete' }).waitFor();
  await expectNoAxeViolations(host.current(), 'buy in the modal: paid');
  await expect.poll(host.messages).toEqual(['{"result":true}']);

  // Another app, left without buying.
  const other = await openInHost(page, env.host, checkoutUrl(env, seatApp.id, 'subscribe', b));
  await other.frame.getByRole('heading', { name: `Subscribe to ${seatApp.name}`, level: 1 }).waitFor();
  await other.frame.getByRole('button', { name: 'Back to workspace' }).click();
  await expect.poll(other.messages).toEqual(['{"result":false}']);
}

/**
 * Subscribes to the per-seat plan: the seats from Rocket.Chat's count, their tier and price, seats no tier covers,
 * the review (kept by a refresh), then paid.
 */
export async function subscribePerSeat(page: Page, env: CheckoutEnv) {
  const { a, seatApp } = env;
  await page.goto(checkoutUrl(env, seatApp.id, 'subscribe', a));
  await page.getByRole('heading', { name: `Subscribe to ${seatApp.name}`, level: 1 }).waitFor();
  expect(await page.getByRole('radio', { name: /Monthly/ }).isChecked()).toBe(true);
  const seats = page.getByLabel('Seats', { exact: true });
  expect(await seats.inputValue()).toBe('35');
  const tiers = page.getByRole('table', { name: 'Price per number of seats' });
  expect(await tiers.getByRole('row', { name: /1–50/ }).getAttribute('aria-current')).toBe('true');
  await page.getByText('14-day free trial, then $140.00 per month').waitFor();
  await expectNoAxeViolations(page, 'subscribe: the plan');

  // By keyboard: seats no tier holds are refused, then 60 (the second tier) and Enter moves on to the review.
  await seats.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('151');
  // The total says why there is none as soon as the number is typed; Enter refuses it at the field.
  await page.getByText('— This plan covers at most 150 seats.').waitFor();
  await page.keyboard.press('Enter');
  await page.getByText('This plan covers at most 150 seats.', { exact: true }).waitFor();
  await expectNoAxeViolations(page, 'subscribe: seats no tier covers');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('60');
  await page.getByText('14-day free trial, then $210.00 per month').waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
  const review = new URL(page.url());
  expect([review.searchParams.get('step'), review.searchParams.get('seats')]).toEqual(['review', '60']);
  // A refresh keeps the step and the choice.
  await page.reload();
  await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
  await page.getByText('60 seats').waitFor();
  await expectNoAxeViolations(page, 'subscribe: the review');

  await continueToPayment(page);
  await payWithCard(page, CARD_OK);
  await page.waitForURL((url) => url.pathname === `/apps/${seatApp.id}/subscribe` && url.searchParams.has('session'));
  await page.getByRole('heading', { name: 'Trial started' }).waitFor();
  await page.getByText('Your 14-day free trial has started.', { exact: false }).waitFor();
  await page.getByText(/^Nothing is charged today: the first charge, \$210\.00, is on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/).waitFor();
  await page.getByText('60 seats').waitFor();
  await expectNoAxeViolations(page, 'subscribe: paid');
}

/**
 * /subscribe/details: the subscription's facts; change its seats (the new price shown first), then cancel it at the
 * period's end; resume it (it renews again), and cancel it at the period's end once more.
 */
export async function manageOnDetails(page: Page, env: CheckoutEnv) {
  const { a, seatApp } = env;
  await page.goto(checkoutUrl(env, seatApp.id, 'subscribe/details', a, { seats: '42' }));
  await page.getByRole('heading', { name: `Your subscription to ${seatApp.name}`, level: 1 }).waitFor();
  // The subscription's facts (exact: the toast after a change says "The subscription now has N seats.").
  await page.getByText('60 seats', { exact: true }).waitFor();
  await expectNoAxeViolations(page, 'details: the subscription');

  await page.getByRole('button', { name: 'Change seats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change seats' });
  // Prefilled with Rocket.Chat's active users, priced before confirming; the dialog is in the address.
  expect(await dialog.getByLabel('New number of seats').inputValue()).toBe('42');
  await dialog.getByText('New price: $168.00 per month').waitFor();
  expect(new URL(page.url()).searchParams.get('manage')).toBe('seats');
  await expectNoAxeViolations(page, 'details: change seats');
  await dialog.getByRole('button', { name: 'Change seats' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('42 seats', { exact: true }).waitFor();

  const endDate = await cancelAtPeriodEnd(page, 'details: cancel');
  await expectNoAxeViolations(page, 'details: cancelling');

  // Ending already: cancelling again offers only Now (the dialog is in the address); the buyer keeps it.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const now = page.getByRole('alertdialog', { name: 'Cancel subscription' });
  await now.getByRole('radio', { name: /^Now/ }).waitFor();
  expect(await now.getByRole('radio').count()).toBe(1);
  expect(await now.getByRole('radio', { name: /^Now/ }).isChecked()).toBe(true);
  expect(new URL(page.url()).searchParams.get('manage')).toBe('cancel');
  await expectNoAxeViolations(page, 'details: cancel a subscription that is ending');
  await now.getByRole('button', { name: 'Keep subscription' }).click();
  await now.waitFor({ state: 'detached' });
  expect(new URL(page.url()).searchParams.has('manage')).toBe(false);

  // Resumed: it renews again (a trial again), changed and cancelled as before; the cancelling note is gone.
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await page.getByTestId('toast').getByText(`The subscription renews again on ${endDate}.`).waitFor();
  await page.getByRole('button', { name: 'Change seats' }).waitFor();
  await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
  await page.getByText('Trial', { exact: true }).waitFor();
  await expect.poll(() => page.getByRole('main').getByRole('status').count()).toBe(0);
  await expect.poll(() => page.getByRole('button', { name: 'Resume subscription' }).count()).toBe(0);
  await expect.poll(() => page.getByText('Cancelling', { exact: true }).count()).toBe(0);
  await expectNoAxeViolations(page, 'details: resumed');

  // And cancelled at the period's end again: it ends on the same date.
  expect(await cancelAtPeriodEnd(page, 'details: cancel after resuming')).toBe(endDate);
  await expectNoAxeViolations(page, 'details: cancelling again');
}

/**
 * Cancel subscription, at the end of the period (the dialog's choice): the subscription is Cancelling, the page says
 * when it ends, and offers Resume and Cancel (now) but no Change seats. Returns the date it ends, as the page shows it.
 */
async function cancelAtPeriodEnd(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel subscription' });
  expect(await confirm.getByRole('radio', { name: /At the end of the period/ }).isChecked()).toBe(true);
  await confirm.getByRole('radio', { name: /^Now/ }).waitFor();
  await expectNoAxeViolations(page, label);
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByText('Cancelling', { exact: true }).waitFor();
  // The cancelling note, on the page (the toast says the same beside it).
  const note = page.getByRole('main').getByRole('status');
  await note.getByText(/^The subscription ends on /).waitFor();
  const ends = /^The subscription ends on (.+)\.$/.exec((await note.textContent())?.trim() ?? '')?.[1];
  expect(ends, 'the date the subscription ends').toBeTruthy();
  await page.getByRole('button', { name: 'Resume subscription' }).waitFor();
  await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Change seats' }).count()).toBe(0);
  return ends!;
}

/** At a phone's width (390 px): the plan with its tiers, the review, the provider's cancel link, and the details with their dialog (before `manageOnDetails`). */
export async function atPhoneWidth(page: Page, env: CheckoutEnv) {
  const { a, b, seatApp } = env;
  await page.goto(checkoutUrl(env, seatApp.id, 'subscribe', b));
  await page.getByRole('table', { name: 'Price per number of seats' }).waitFor();
  expect(await layoutProblems(page), 'the plan at 390 px').toEqual([]);
  await expectNoAxeViolations(page, 'the plan at 390 px');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
  expect(await layoutProblems(page), 'the review at 390 px').toEqual([]);

  await page.goto(checkoutUrl(env, seatApp.id, 'subscribe', b, { canceled: '1' }));
  await page.getByText('Payment cancelled. Nothing was charged.').waitFor();
  await page.getByRole('radio', { name: /Monthly/ }).waitFor();
  expect(await layoutProblems(page), 'cancelled at 390 px').toEqual([]);
  await expectNoAxeViolations(page, 'cancelled at 390 px');

  // The dialog is in the address: it opens with the page.
  await page.goto(checkoutUrl(env, seatApp.id, 'subscribe/details', a, { manage: 'seats' }));
  await page.getByRole('dialog', { name: 'Change seats' }).waitFor();
  expect(await layoutProblems(page), 'change seats at 390 px').toEqual([]);
  await expectNoAxeViolations(page, 'change seats at 390 px');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Change seats' }).waitFor({ state: 'detached' });
  expect(new URL(page.url()).searchParams.has('manage')).toBe(false);
  await page.getByRole('heading', { name: `Your subscription to ${seatApp.name}`, level: 1 }).waitFor();
  expect(await layoutProblems(page), 'the details at 390 px').toEqual([]);
  await expectNoAxeViolations(page, 'the details at 390 px');
}
