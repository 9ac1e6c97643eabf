// The workspaces' face to other domains (docs/architecture.md, Domains): the app requests a listing shows.
export { appRequestsForListing } from './app-requests/requests';
