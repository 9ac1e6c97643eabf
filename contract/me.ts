import { session } from './access';
import { c } from './c';
import { errors } from './common';
import { AccessControl } from './schemas/catalog';
import { Developer, Profile, ProfileInput } from './schemas/developer';

export const me = c.router({
  get: {
    method: 'GET',
    path: '/me',
    responses: { 200: Developer, ...errors },
    metadata: session,
    summary: 'The signed-in developer (404 before sign-up)',
  },
  ac: {
    method: 'GET',
    path: '/me/ac',
    responses: { 200: AccessControl, ...errors },
    metadata: session,
    summary: 'Access control model, policies and the caller’s roles',
  },
  update: {
    method: 'POST',
    path: '/me',
    body: ProfileInput,
    responses: { 200: Profile, ...errors },
    metadata: session,
    summary: 'Update the developer profile (first and last name)',
  },
});
