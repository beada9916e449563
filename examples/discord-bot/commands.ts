/** The slash commands the bot registers (discord.js builders → the JSON Discord stores). */
import { SlashCommandBuilder } from 'discord.js';

const REACTIONS = [
  { name: 'passive', value: 'passive' },
  { name: 'dodge', value: 'dodge' },
  { name: 'response', value: 'response' },
];

const fighters = (b: SlashCommandBuilder) =>
  b
    .addStringOption((o) =>
      o.setName('attacker').setDescription('Catalog id of the attacker (GET /v1/eden/catalog), e.g. yuri').setRequired(true).setMaxLength(100).setAutocomplete(true),
    )
    .addStringOption((o) => o.setName('target').setDescription('Catalog id of the target, e.g. yuri').setRequired(true).setMaxLength(100).setAutocomplete(true))
    .addStringOption((o) =>
      o
        .setName('reaction')
        .setDescription("The target's reaction (EDEN-MELEE-2)")
        .addChoices(...REACTIONS),
    );

export const COMMANDS = [
  new SlashCommandBuilder()
    .setName('roll')
    .setDescription('Roll dice notation: 4d6kh3+2, d%, 3d6!>=5, dF…')
    .setDescriptionLocalizations({ 'es-ES': 'Tirar dados: 4d6kh3+2, d%, 3d6!>=5, dF…', de: 'Würfeln: 4d6kh3+2, d%, 3d6!>=5, dF…' })
    .addStringOption((o) => o.setName('notation').setDescription('Dice notation').setRequired(true).setMaxLength(200))
    .addBooleanOption((o) => o.setName('blind').setDescription('A provably fair blind roll, shown only to you')),
  fighters(new SlashCommandBuilder().setName('melee').setDescription('Resolve an EDEN melee attack between two catalog fighters')),
  fighters(new SlashCommandBuilder().setName('odds').setDescription('Exact odds of an EDEN melee attack, with a chart')),
  new SlashCommandBuilder()
    .setName('validate')
    .setDescription('Validate an EDEN band: attach a text list or a JSON roster')
    .addAttachmentOption((o) => o.setName('list').setDescription('A .txt list (band line, then one fighter per line) or a .json roster').setRequired(true)),
].map((c) => c.toJSON());
