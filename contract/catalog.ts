import { z } from 'zod';
import { open } from './access';
import { c } from './c';
import { errorsOf } from './common';
import { Config, PublicCategory } from './schemas/catalog';

export const catalog = c.router({
  categories: {
    method: 'GET',
    path: '/categories',
    responses: { 200: z.array(PublicCategory), ...errorsOf('public') },
    metadata: open,
    summary: 'Categories apps can be filed under (also Rocket.Chat’s `GET /v1/categories`: with `description` and `hidden`)',
  },
  cloudUrls: {
    method: 'GET',
    path: '/misc/cloud-urls',
    responses: { 200: Config, ...errorsOf('public', { upstream: true }) },
    metadata: open,
    summary: 'Where the cloud sign-in and the public marketplace live',
  },
  signups: {
    method: 'GET',
    path: '/misc/supported/signups',
    responses: { 200: z.object({ enabled: z.boolean() }), ...errorsOf('public') },
    metadata: open,
    summary: 'Whether publisher sign-ups are open',
  },
  engineVersion: {
    method: 'GET',
    path: '/engine/version',
    responses: { 200: z.object({ version: z.string() }), ...errorsOf('public') },
    metadata: open,
    summary: 'The Apps-Engine version packages are compiled against',
  },
});
