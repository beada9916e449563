/**
 * The HTTP-interactions bot process: a node:http server for Discord's "Interactions Endpoint URL".
 * Run it behind https (Discord calls only https URLs):
 *
 *   DISCORD_PUBLIC_KEY=… ARBITER_URL=http://127.0.0.1:3000 PORT=8787 npx tsx examples/discord-bot/http-server.ts
 *
 * Replays are refused with this process's memory of interaction ids (http-interactions.ts): run
 * one process, or give every process one shared `replays` guard (README, "Replays").
 */
import { arbiterClient } from './api.js';
import { interactionsEndpoint } from './http-interactions.js';
import { interactionsServer } from './http-listener.js';

const publicKey = process.env.DISCORD_PUBLIC_KEY;
if (!publicKey) throw new Error('Set DISCORD_PUBLIC_KEY (the application public key, hex).');
const endpoint = interactionsEndpoint({ publicKey, api: arbiterClient(process.env.ARBITER_URL ?? 'http://127.0.0.1:3000', fetch, process.env.ARBITER_API_KEY || undefined) });

interactionsServer(endpoint, { bodyTimeoutMs: Number(process.env.BODY_TIMEOUT_MS ?? 5000) }).listen(Number(process.env.PORT ?? 8787), process.env.HOST ?? '127.0.0.1');
