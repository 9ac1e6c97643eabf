/** The Radix Theme every screen renders in: the SPA's root (main.tsx) and the shell the server sends before it (scripts/vite/shell-frame.tsx). */
export const themeProps = { accentColor: 'indigo', grayColor: 'gray', radius: 'medium', scaling: '100%' } as const;
