/** SPEC §2, §5 and §8 texts of the curation screens, verbatim. */
export const categoryText = {
  title: 'Categories',
  newTitle: 'New Category',
};
export const featuredText = {
  title: 'Featured App Sections',
  empty: 'No featured sections have been created',
  createOne: 'Create One Now',
  drawerTitle: 'Mark App As Featured',
  made: 'Successfully made the app featured. ',
  loadFailed: 'Failed to load the featured sections',
  makeFailed: 'Failed to make the app featured :(',
  removeFailed: 'Failed to remove the app from being featured',
};
