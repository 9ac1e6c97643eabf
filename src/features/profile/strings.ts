/** SPEC strings of the developer profile, verbatim. */
export const profileText = {
  title: 'Developer Profile',
  updated: 'Profile successfully updated!',
};
