// Commerce's face to other domains (docs/architecture.md, Domains): a publisher's payout account — connecting
// it, its balance and payouts — and the publisher activity log.
export { completeConnect, providerFailure, startConnect } from './payments/connect';
export { refreshBalance, requestPayout } from './payments/payouts';
