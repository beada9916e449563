/**
 * Registers the slash commands with Discord (run once, and again after changing commands.ts):
 *   DISCORD_TOKEN=… DISCORD_APPLICATION_ID=… [DISCORD_GUILD_ID=…] npx tsx examples/discord-bot/register-commands.ts
 * With DISCORD_GUILD_ID the commands are registered in that server only (they appear at once);
 * without it, globally (Discord may take up to an hour to show them everywhere).
 */
import { REST, Routes } from 'discord.js';
import { COMMANDS } from './commands.js';

const token = process.env.DISCORD_TOKEN;
const applicationId = process.env.DISCORD_APPLICATION_ID;
const guildId = process.env.DISCORD_GUILD_ID;
if (!token || !applicationId) {
  console.error('Set DISCORD_TOKEN and DISCORD_APPLICATION_ID (and optionally DISCORD_GUILD_ID).');
  process.exit(1);
}

const rest = new REST({ version: '10' }).setToken(token);
const route = guildId ? Routes.applicationGuildCommands(applicationId, guildId) : Routes.applicationCommands(applicationId);
await rest.put(route, { body: COMMANDS });
console.log(`Registered ${COMMANDS.map((c) => '/' + c.name).join(', ')} ${guildId ? `in guild ${guildId}` : 'globally'}.`);
