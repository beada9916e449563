/**
 * The bot process: connects to Discord and hands each slash command to its handler (handlers.ts).
 *   DISCORD_TOKEN=… ARBITER_URL=http://127.0.0.1:3000 npx tsx examples/discord-bot/bot.ts
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { arbiterClient } from './api.js';
import { dispatch } from './handlers.js';
import type { InteractionLike } from './interaction.js';

const token = process.env.DISCORD_TOKEN;
if (!token) {
  console.error('Set DISCORD_TOKEN (the bot token from the Discord developer portal).');
  process.exit(1);
}
const api = arbiterClient(process.env.ARBITER_URL ?? 'http://127.0.0.1:3000', fetch, process.env.ARBITER_API_KEY || undefined);

// Slash commands need no privileged intent: Guilds is enough.
const client = new Client({ intents: [GatewayIntentBits.Guilds] });
client.once(Events.ClientReady, (ready) => console.log(`Logged in as ${ready.user.tag}; Arbiter at ${process.env.ARBITER_URL ?? 'http://127.0.0.1:3000'}`));
client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  try {
    await dispatch(interaction as unknown as InteractionLike, { api });
  } catch (error) {
    console.error(`/${interaction.commandName} failed`, error);
  }
});
await client.login(token);
