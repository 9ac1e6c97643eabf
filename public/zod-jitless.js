// Loaded before the SPA: zod would probe `new Function` while building its schemas (to compile parsers), and
// the portal's Content-Security-Policy has no 'unsafe-eval', so that probe would be reported as a violation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
