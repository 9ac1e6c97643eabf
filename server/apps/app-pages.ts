// The apps' face to other domains (docs/architecture.md, Domains): a page of apps, and the days an app's stats cover.
export { pageOfApps } from './read/apps';
export { STATS_DAYS } from './read/app-details';
