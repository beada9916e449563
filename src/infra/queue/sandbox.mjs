// BullMQ sandboxed processor entry when running from sources (Vitest, tsx): registers tsx in the
// child process, then loads sandbox.ts. Compiled runs (dist/) load sandbox.js directly (entry.ts).
import { register } from 'tsx/esm/api';

register();
export default (await import('./sandbox.ts')).default;
