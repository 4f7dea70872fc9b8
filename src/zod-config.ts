import { z } from 'zod/v4';

// The web build resolves every `import ... from 'zod'` to this module
// (vite.config.ts), so the switch below runs after zod itself and before any
// module that builds a schema, whichever chunk that module is in and whenever
// it loads: zod decides at construction time whether to compile parsers with
// `new Function`, probing for it once. The CSP allows no eval, and Chromium
// reports even that caught probe as a securitypolicyviolation. jitless skips
// the probe. ('zod/v4' is the same module instances as 'zod', so the setting
// is shared; it is imported by that name because 'zod' itself is redirected here.)
z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
