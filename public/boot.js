// Loaded before the API reference page's script (server/kernel/plugins/openapi.ts; a file, not inline: the
// Content-Security-Policy allows no inline script). The SPA does the same in src/lib/zod-config.ts.
//
// zod would probe `new Function` while building its schemas (to compile parsers), and the policy has no
// 'unsafe-eval', so that probe would be reported as a violation: parse without compiling.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
