declare module 'virtual:contract-routes' {
  /** The contract's routes without their schemas (scripts/vite/contract-routes.ts), typed as the contract less the routers only Rocket.Chat and its CLI call (NOT_FOR_THE_BROWSER there). */
  export const contractRoutes: Omit<typeof import('../contract').contract, 'workspaceLicenses' | 'workspaceDownloads' | 'submissions'>;
}
