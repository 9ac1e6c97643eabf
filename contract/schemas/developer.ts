import { z } from 'zod';
import { LIMITS, ref, tooLong } from '../common';
import { publisherRoles, systemRoles } from '../access';

export const PublisherRole = z.enum(publisherRoles, { error: 'Please select what role the new user should be.' });
export const SystemRole = z.enum(systemRoles);

export const Developer = z.object({
  _id: z.string(),
  publisherId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  chatUsername: z.string(),
  cloudUserId: z.string(),
  role: PublisherRole,
  systemRole: SystemRole,
  lastActivityDate: z.string().nullable(),
});
export type Developer = z.infer<typeof Developer>;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** SPEC §5 Profile. */
export const ProfileInput = z.object({
  firstName: required('First name is required.').max(LIMITS.name, { error: tooLong(LIMITS.name) }),
  lastName: required('Last name is required.').max(LIMITS.name, { error: tooLong(LIMITS.name) }),
});
export type ProfileInput = z.infer<typeof ProfileInput>;
export const Profile = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

/** SPEC §3 Publisher user option: a cloud user who may be added; an all-zero id means not added yet. */
export const PLACEHOLDER_ID = '000000000000000000000000';
export const PublisherUserOption = z.object({ id: z.string(), cloudId: z.string(), label: z.string() });
export const isPlaceholderId = (id: string) => id === '' || /^0+$/.test(id);

export const AddUserInput = z.object({
  userCloudId: ref('Please select the user to add.'),
  role: PublisherRole,
});
export const DeveloperRoleInput = z.object({ developerId: ref(), role: PublisherRole });

/** SPEC §5 Developer edit (admin). */
export const DeveloperEditInput = z.object({
  firstName: required('First name is required.').max(LIMITS.name, { error: tooLong(LIMITS.name) }),
  lastName: required('Last name is required.').max(LIMITS.name, { error: tooLong(LIMITS.name) }),
  chatUsername: required('Username is required.').max(LIMITS.name, { error: tooLong(LIMITS.name) }),
  email: z.email({ error: 'A valid email is required.' }).max(LIMITS.email, { error: 'A valid email is required.' }),
});
export const RoleInput = z.object({ role: PublisherRole });
export const SystemRoleInput = z.object({ role: z.enum(systemRoles, { error: 'Please select the system role.' }) });
