import { z } from 'zod';
import { LIMITS, bounded, isWebUrl, money, tooLong } from '../common';
import { countryCodeSet } from './countries';

export const Publisher = z.object({
  _id: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  tosLink: z.string(),
  privacyLink: z.string(),
  webhookLink: z.string(),
  accountId: z.string(),
  stripeAccountId: z.string(),
  stripeAvailableBalance: z.number(),
  stripePendingBalance: z.number(),
  canCreatePaidApps: z.boolean(),
  canCreateBundles: z.boolean(),
  canUseNPMModules: z.boolean(),
  canUseWebhooks: z.boolean(),
  isRegistered: z.boolean(),
});
export type Publisher = z.infer<typeof Publisher>;

const required = (message: string, max: number = LIMITS.name) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });
export const HTTPS_MESSAGE = 'Invalid url, it must start with "https://".';
const isHttpsUrl = (v: string) => isWebUrl(v, true);
const httpsLink = (requiredMessage: string) => required(requiredMessage, LIMITS.url).refine(isHttpsUrl, { error: HTTPS_MESSAGE });
/** Optional https link: empty is allowed, anything else must be https. */
const optionalHttpsLink = z
  .string()
  .trim()
  .max(LIMITS.url, { error: HTTPS_MESSAGE })
  .refine((v) => v === '' || isHttpsUrl(v), { error: HTTPS_MESSAGE });

/** SPEC §5 Sign-up; `{product}` in messages is rendered with the configured product name. */
export const SignUpInput = z.object({
  name: required('Your publisher name is required.'),
  publisherCity: required('Your publisher city is required.'),
  publisherState: required('Your publisher state is required.'),
  publisherCountry: z.string({ error: 'You must select the country.' }).refine((c) => countryCodeSet.has(c), { error: 'You must select the country.' }),
  tosLink: httpsLink('You must provide the TOS link.'),
  privacyLink: httpsLink('You must provide the Privacy link.'),
  chatUsername: required('We need your open.{product}.chat username so that we can contact you.'),
  agreement: z.literal(true, { error: 'You must agree to the TOS and Privacy Agreement.' }),
});
export type SignUpInput = z.infer<typeof SignUpInput>;

/** PUT /publisher: the profile fields a publisher edits (SPEC §2 Publisher Profile). */
export const PublisherUpdateInput = z.object({
  name: required('Your publisher name is required.'),
  tosLink: httpsLink('You must provide the TOS link.'),
  privacyLink: httpsLink('You must provide the Privacy link.'),
  webhookLink: optionalHttpsLink,
});

/** Admin publisher edit: name required plus the admin-editable flags (SPEC §6). */
export const AdminPublisherUpdateInput = z.object({
  name: required('Name is required.'),
  canCreatePaidApps: z.boolean(),
  canCreateBundles: z.boolean(),
  canUseNPMModules: z.boolean(),
  canUseWebhooks: z.boolean(),
});

export const PublisherEmailInput = z.object({
  layout: bounded(LIMITS.name).default(''),
  subject: required('Subject is required.', LIMITS.title),
  content: z
    .string({ error: 'Content is required.' })
    .trim()
    .min(1, { error: 'Content is required.' })
    .max(LIMITS.text, { error: tooLong(LIMITS.text) }),
  relatedAppId: bounded(LIMITS.id).default(''),
  replyTo: z.union([z.literal(''), z.email({ error: 'A valid email is required.' }).max(LIMITS.email)]).default(''),
});

export const PAYOUT_MINIMUM = 10;
export const PayoutInput = z.object({
  amount: money('The amount is required.').refine((v) => v >= PAYOUT_MINIMUM, { error: `The minimum payout is ${PAYOUT_MINIMUM}.` }),
});
export const PayoutResponse = z.object({ expected: z.string() });

/** The balances as the payment provider has them now (less payouts still in flight). */
export const Balance = z.object({ available: z.number(), pending: z.number() });

/** One line of what staff did to a publisher: who, what, when, and the details. */
export const PublisherActivity = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  action: z.string(),
  when: z.string(),
  extra: z.record(z.string(), z.unknown()),
});

/** A payout above the available balance (the server's answer, and the payout form's check). */
export const PAYOUT_OVER_BALANCE = 'The amount is more than the available balance.';

/**
 * A publisher without paid apps asks the marketplace team for them (docs/commerce.md, Paid apps): a mail to
 * support with the publisher's details, and a line in the publisher's activity that staff see on its page.
 */
export const PAID_APPS_TEXT = {
  notEnabled: 'Paid apps are not enabled for your publisher account.',
  request: 'Request paid apps',
  requestTitle: 'Request paid apps',
  requestText: 'The marketplace team receives your request with your publisher’s details and answers by mail.',
  messageLabel: 'Message (optional)',
  messageHint: 'What you would like to sell, for example.',
  sent: 'Your request is sent: the marketplace team answers by mail.',
  enabled: 'Paid apps are enabled for this publisher already.',
  pending: (when: string) => `You asked for paid apps on ${when}: the marketplace team answers by mail.`,
} as const;
export const PaidAppsRequestInput = z.object({ message: bounded(LIMITS.note).trim().default('') });
