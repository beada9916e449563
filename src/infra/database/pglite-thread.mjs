// The embedded database's thread when running from sources (Vitest, tsx): registers tsx in the
// thread, then loads pglite-thread.ts. Compiled runs (dist/) load pglite-thread.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
