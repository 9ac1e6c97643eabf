import { session } from './access';
import { c } from './c';
import { errorsOf } from './common';
import { AccessControl } from './schemas/catalog';
import { Developer, Profile, ProfileInput } from './schemas/developer';
import { NotificationSettings } from './schemas/notifications';

export const me = c.router({
  get: {
    method: 'GET',
    path: '/me',
    responses: { 200: Developer, ...errorsOf('session', { lookup: true }) },
    metadata: session,
    summary: 'The signed-in developer (404 before sign-up)',
  },
  ac: {
    method: 'GET',
    path: '/me/ac',
    responses: { 200: AccessControl, ...errorsOf('session') },
    metadata: session,
    summary: 'Access control model, policies and the caller’s roles',
  },
  update: {
    method: 'POST',
    path: '/me',
    body: ProfileInput,
    responses: { 200: Profile, ...errorsOf('session', { body: 'json', lookup: true }) },
    metadata: session,
    summary: 'Update the developer profile (first and last name)',
  },
  // Not in the spec: which notices the developer receives by email.
  notifications: {
    method: 'GET',
    path: '/me/notifications',
    responses: { 200: NotificationSettings, ...errorsOf('session', { lookup: true }) },
    metadata: session,
    summary: 'The email notices the developer receives (each kind on or off)',
  },
  setNotifications: {
    method: 'PUT',
    path: '/me/notifications',
    body: NotificationSettings,
    responses: { 200: NotificationSettings, ...errorsOf('session', { body: 'json', lookup: true }) },
    metadata: session,
    summary: 'Turn email notices on or off',
  },
});
