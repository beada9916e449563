/** Entry point of `npm start`: open the ports, serve, and shut down gracefully. */
import { loadConfig } from './config.js';
import { buildApp } from './http/app.js';
import { openInfra } from './infra/index.js';

const config = loadConfig();
const infra = await openInfra(config);
const app = await buildApp(config, infra);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  try {
    await app.close();
    await infra.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
