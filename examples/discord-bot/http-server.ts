/**
 * The HTTP-interactions bot process: a node:http server for Discord's "Interactions Endpoint URL".
 * Run it behind https (Discord calls only https URLs):
 *
 *   DISCORD_PUBLIC_KEY=… ARBITER_URL=http://127.0.0.1:3000 PORT=8787 npx tsx examples/discord-bot/http-server.ts
 */
import { createServer } from 'node:http';
import { arbiterClient } from './api.js';
import { interactionsEndpoint } from './http-interactions.js';

const publicKey = process.env.DISCORD_PUBLIC_KEY;
if (!publicKey) throw new Error('Set DISCORD_PUBLIC_KEY (the application public key, hex).');
const endpoint = interactionsEndpoint({ publicKey, api: arbiterClient(process.env.ARBITER_URL ?? 'http://127.0.0.1:3000') });

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= 1 << 20) chunks.push(c);
  });
  req.on('end', () => {
    if (size > 1 << 20) {
      res.writeHead(413).end();
      return;
    }
    endpoint(req.headers, Buffer.concat(chunks)).then(
      (a) => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body)),
      () => res.writeHead(500).end(),
    );
  });
});
server.listen(Number(process.env.PORT ?? 8787), process.env.HOST ?? '127.0.0.1');
