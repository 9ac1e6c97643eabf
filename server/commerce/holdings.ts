// Commerce's face to other domains (docs/architecture.md, Domains): what a workspace holds of an app, and
// the plan an app's price is.
export { entitlingSubscription, holdingOf } from './sales/holdings';
export { appPlanId } from './sales/plans';
