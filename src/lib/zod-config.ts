// Imported first by main.tsx, so it runs before any zod module evaluates (zod comes only with later chunks):
// zod would probe `new Function` while building its schemas (to compile parsers), and the Content-Security-
// Policy has no 'unsafe-eval', so that probe would be reported as a violation: parse without compiling.
// (The API reference page, which is not the SPA, sets the same from public/boot.js.)
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
