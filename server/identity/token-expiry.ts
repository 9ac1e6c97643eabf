// Identity's face to other domains (docs/architecture.md, Domains): the notices of API tokens about to expire.
export { runExpiryNotices } from './api-tokens/expiry';
