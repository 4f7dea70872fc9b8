import { z } from 'zod';

// Imported first by main.tsx, before any schema is built: zod decides at
// construction time whether to compile parsers with `new Function`, probing
// for it once. The CSP allows no eval, and Chromium reports even that caught
// probe as a securitypolicyviolation on every page. jitless skips the probe.
z.config({ jitless: true });
