// The catalog's face to other domains (docs/architecture.md, Domains): the catalog as Rocket.Chat reads it,
// its cache's merge, the request counts it shows and the engine a workspace says it runs.
export { loadCatalog, offered, purchasesOf, runsOn, toInfo, type CatalogApp } from './read/catalog';
export { mergeState } from './read/cache';
export type { AppRequestCounts } from './read/app-requests';
export { engineOf } from './routes/engine-header';
