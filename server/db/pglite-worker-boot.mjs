// Worker threads do not inherit the main thread's TypeScript loader (tsx is
// registered per thread), so the PGlite worker starts here and loads its
// TypeScript entry through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
