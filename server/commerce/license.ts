// Commerce's face to other domains (docs/architecture.md, Domains): the signed licence of a holding.
export { licenseOf, type LicenseSigner } from './licenses/license';
