import { z } from 'zod';
import { can, canOn, session } from './access';
import { c } from './c';
import { errorsOf, NoBody, Ok, paged, PageQuery } from './common';
import { PublisherPurchase } from './schemas/commerce';
import { AddUserInput, Developer, DeveloperRoleInput, PublisherUserOption } from './schemas/developer';
import { Balance, PaidAppsRequestInput, Publisher, PublisherUpdateInput, SignUpInput } from './schemas/publisher';
import { UrlResponse } from './schemas/oauth';

const developerId = z.object({ developerId: z.string() });

export const publisher = c.router({
  get: {
    method: 'GET',
    path: '/publisher',
    responses: { 200: Publisher, ...errorsOf('feature') },
    metadata: can('publisher', 'read'),
    summary: 'The caller’s publisher (404 before sign-up)',
  },
  signUp: {
    method: 'POST',
    path: '/publisher',
    body: SignUpInput,
    responses: { 201: z.object({ publisher: Publisher, developer: Developer }), ...errorsOf('session', { body: 'json', refuses: true, conflict: true }) },
    metadata: session,
    summary: 'Sign up: create (or complete) the publisher and its owner developer',
  },
  update: {
    method: 'PUT',
    path: '/publisher',
    body: PublisherUpdateInput,
    responses: { 200: Publisher, ...errorsOf('feature', { body: 'json' }) },
    metadata: can('publisher', 'update'),
    summary: 'Edit the publisher profile',
  },
  /** Not in SPEC §7: the profile reads the balances fresh from the payment provider. */
  balance: {
    method: 'GET',
    path: '/publisher/balance',
    responses: { 200: Balance, ...errorsOf('feature', { upstream: true }) },
    metadata: can('publisher', 'read'),
    summary: 'Available and pending balances, fresh from the payment provider',
  },
  stripeDashboard: {
    method: 'GET',
    path: '/publisher/stripe/dashboard',
    responses: { 200: UrlResponse, ...errorsOf('feature', { upstream: true }) },
    metadata: can('publisher', 'update'),
    summary: 'Link to the payment provider dashboard',
  },
  requestPaidApps: {
    method: 'POST',
    path: '/publisher/paid-apps/request',
    body: PaidAppsRequestInput,
    responses: { 200: Ok, ...errorsOf('feature', { body: 'json', conflict: true }) },
    metadata: can('publisher', 'update'),
    summary: 'Ask the marketplace team for paid apps: a mail to support with the publisher’s details (409 when enabled already, or asked within a day)',
  },
  users: {
    method: 'GET',
    path: '/publisher/users',
    responses: { 200: z.array(PublisherUserOption), ...errorsOf('feature') },
    metadata: can('publisher', 'update'),
    summary: 'Cloud users who can be added; an all-zero id means not added yet',
  },
  addUser: {
    method: 'POST',
    path: '/publisher/users',
    body: AddUserInput,
    responses: { 201: Developer, ...errorsOf('feature', { body: 'json', conflict: true }) },
    metadata: can('publisher', 'update'),
    summary: 'Add a cloud user as a developer of this publisher',
  },
  developers: {
    method: 'GET',
    path: '/publisher/developers',
    responses: { 200: z.array(Developer), ...errorsOf('feature') },
    metadata: can('developer', 'read'),
    summary: 'Developers of this publisher',
  },
  setDeveloperRole: {
    method: 'POST',
    path: '/publisher/developers/:developerId/role',
    pathParams: developerId,
    body: DeveloperRoleInput,
    responses: { 200: Developer, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: canOn('teamMember', 'publisher', 'update'),
    summary: 'Change a developer’s publisher role',
  },
  removeDeveloper: {
    method: 'DELETE',
    path: '/publisher/developers/:developerId',
    pathParams: developerId,
    body: NoBody,
    responses: { 200: Ok, ...errorsOf('feature', { params: true, body: 'json', conflict: true }) },
    metadata: canOn('teamMember', 'publisher', 'delete'),
    summary: 'Remove a developer from this publisher',
  },
  purchases: {
    method: 'GET',
    path: '/publisher/purchases',
    query: PageQuery,
    responses: { 200: paged(PublisherPurchase), ...errorsOf('feature') },
    metadata: can('publisher', 'read'),
    summary: 'Purchases of this publisher’s apps, newest first',
  },
  purchasesExport: {
    method: 'GET',
    path: '/publisher/purchases/export',
    responses: { 200: c.otherResponse({ contentType: 'text/csv; charset=utf-8', body: z.string() }), ...errorsOf('feature') },
    metadata: can('publisher', 'read'),
    summary: 'Every purchase of this publisher’s apps as CSV, streamed, newest first',
  },
});
