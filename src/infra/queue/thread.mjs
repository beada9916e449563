// Worker thread entry when running from sources (Vitest, tsx): registers tsx in the thread, then
// loads thread.ts. Compiled runs (dist/) load thread.js directly (entry.ts).
import { register } from 'tsx/esm/api';

register();
export default (await import('./thread.ts')).default;
