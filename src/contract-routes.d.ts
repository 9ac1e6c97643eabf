declare module 'virtual:contract-routes' {
  /** The contract's routes without their schemas (scripts/vite/contract-routes.ts), typed as the contract. */
  export const contractRoutes: typeof import('../contract').contract;
}
