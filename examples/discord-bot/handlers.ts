/**
 * The slash commands, as plain functions of an interaction-like object and an Arbiter client:
 * `/roll <notation>`, `/melee attacker target [reaction]`, `/odds attacker target [reaction]`,
 * `/validate list` (an attached text or JSON roster). Each answers an embed within Discord's limits,
 * with the summary in the user's language (interaction.locale → Accept-Language).
 */
import type { ArbiterApi } from './api.js';
import { fitEmbed, type Embed } from './embeds.js';
import type { InteractionLike, ReplyPayload } from './interaction.js';
import { acceptLanguage } from './locale.js';
import { respond, type RespondOptions } from './respond.js';

export interface HandlerContext {
  api: ArbiterApi;
  /** Downloads an attachment (the bot: fetch of its CDN URL). */
  download?: (url: string) => Promise<string>;
  /** Deferral timing (tests shorten it). */
  timing?: RespondOptions;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const languageFooter = (language: string | null, extra = '') => ({ text: `${extra}${extra && language ? ' · ' : ''}${language ? `summary: ${language}` : ''}` || 'Arbiter' });

/** The melee body the /melee and /odds commands send: two catalog fighters by ref (CONTRACT §7.5). */
export function meleeBody(interaction: InteractionLike): Record<string, unknown> {
  const attacker = interaction.options.getString('attacker', true)!;
  const target = interaction.options.getString('target', true)!;
  const reaction = interaction.options.getString('reaction') ?? 'passive';
  return { attacker: { ref: attacker, id: 'attacker' }, target: { ref: target, id: 'target' }, reaction };
}

/**
 * A provably fair blind roll (CONTRACT §8.3): Arbiter commits to a server seed first, then the
 * reveal mixes in the interaction's id as the client seed (Arbiter could not know it when it
 * committed). Answered ephemerally, with what anyone needs to check it later.
 */
async function blindRoll(notation: string, interaction: InteractionLike, ctx: HandlerContext, language: string) {
  const { body: created } = await ctx.api.post('/v1/dice/rolls', { notation, blind: true }, { language });
  const clientSeed = `discord:${interaction.id ?? 'interaction'}`;
  const revealed = await ctx.api.post(`/v1/dice/rolls/${created.id}/reveal`, { clientSeed }, { language });
  return { ...revealed, commitment: created.commitment as string };
}

export async function roll(interaction: InteractionLike, ctx: HandlerContext): Promise<void> {
  const notation = interaction.options.getString('notation', true)!;
  const blind = interaction.options.getBoolean?.('blind') ?? false;
  await respond(
    interaction,
    async () => {
      const language0 = acceptLanguage(interaction.locale);
      const { body, language, commitment } = blind
        ? await blindRoll(notation, interaction, ctx, language0)
        : { ...(await ctx.api.post('/v1/dice/rolls', { notation }, { language: language0 })), commitment: undefined };
      const fair = commitment
        ? [
            {
              name: '🔒 Provably fair',
              value: `commitment \`${commitment}\`\nserver seed \`${body.serverSeed}\`\nclient seed \`${body.clientSeed}\`\nSHA-256(server seed) = commitment; re-roll with seed "server seed:client seed".`,
            },
          ]
        : [];
      const embed: Embed = {
        title: `🎲 ${blind ? '(blind) ' : ''}${body.notation} = ${body.total}`,
        description: body.summary,
        fields: body.terms
          .filter((t: { values: number[] }) => t.values.length > 0)
          .map((t: { notation: string; label?: string; values: number[]; kept: number[]; total: number }) => ({
            name: t.label ? `${t.label}: ${t.notation}` : t.notation,
            value: `[${t.values.join(', ')}]${t.kept.length !== t.values.length ? ` kept [${t.kept.join(', ')}]` : ''} → ${t.total}`,
            inline: true,
          }))
          .concat(fair),
        footer: languageFooter(language, body.dice.seed ? `seed ${body.dice.seed}` : ''),
      };
      // the provably fair field must survive the 25-field cut: it goes first when there are many terms
      if (fair.length && embed.fields!.length > 25) embed.fields = [...fair, ...embed.fields!.slice(0, -1)];
      return { embeds: [fitEmbed(embed)] };
    },
    { ...ctx.timing, ephemeral: blind },
  );
}

export async function melee(interaction: InteractionLike, ctx: HandlerContext): Promise<void> {
  const request = meleeBody(interaction);
  await respond(
    interaction,
    async () => {
      const { body, language } = await ctx.api.post('/v1/eden/attacks/melee', request, { language: acceptLanguage(interaction.locale) });
      const fields = body.exchanges.map(
        (x: { striker: string; roll: { values: number[]; successes: number }; location: { limb: string } | null; marked: number | null }, i: number) => ({
          name: `${i + 1}. ${x.striker}`,
          value: `roll [${x.roll.values.join(', ')}] → ${x.roll.successes} success(es)${x.location ? `, ${x.location.limb}` : ''}${x.marked ? `, ${x.marked} PC marked` : ''}`,
        }),
      );
      const embed: Embed = {
        title: `⚔️ ${body.attacker.name} → ${body.target.name}: ${body.success ? 'success' : 'failure'}`,
        description: body.summary,
        color: body.success ? 0x5cb85c : 0x777777,
        fields,
        footer: languageFooter(language, `reaction ${body.reaction}`),
      };
      return { embeds: [fitEmbed(embed)] };
    },
    ctx.timing,
  );
}

export async function odds(interaction: InteractionLike, ctx: HandlerContext): Promise<void> {
  const request = meleeBody(interaction);
  const language = acceptLanguage(interaction.locale);
  await respond(
    interaction,
    async () => {
      const [{ body }, png] = await Promise.all([
        ctx.api.post('/v1/eden/attacks/melee/odds', request, { language }),
        ctx.api.postPng('/v1/eden/attacks/melee/odds', request, { language }),
      ]);
      const embed: Embed = {
        title: `📊 ${String(request.reaction)} melee odds: ${interaction.options.getString('attacker', true)} → ${interaction.options.getString('target', true)}`,
        fields: [
          { name: 'Success', value: percent(body.successRate), inline: true },
          { name: 'Out of action', value: percent(body.outOfActionRate), inline: true },
          { name: 'PC lost (mean)', value: body.expectedMarked.toFixed(2), inline: true },
        ],
        image: { url: 'attachment://odds.png' },
        footer: { text: 'exact odds (every way the dice can fall)' },
      };
      return { embeds: [fitEmbed(embed)], files: [{ attachment: png, name: 'odds.png' }] };
    },
    ctx.timing,
  );
}

/** A roster file: JSON (a validate body, or a bare list of fighters / refs) or the plain-text list. */
export function rosterRequest(name: string, text: string): { body: unknown; text: boolean } {
  const trimmed = text.trim();
  if (name.toLowerCase().endsWith('.json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const parsed = JSON.parse(trimmed) as unknown;
    return { body: Array.isArray(parsed) ? { bandType: 'faction', fighters: parsed } : parsed, text: false };
  }
  return { body: text, text: true };
}

export async function validate(interaction: InteractionLike, ctx: HandlerContext): Promise<void> {
  const file = interaction.options.getAttachment('list', true)!;
  const download = ctx.download ?? (async (url: string) => (await fetch(url)).text());
  // downloading the file and validating it may take more than 3 s: always deferred
  await respond(
    interaction,
    async () => {
      let request: { body: unknown; text: boolean };
      try {
        request = rosterRequest(file.name, await download(file.url));
      } catch (error) {
        return { embeds: [fitEmbed({ title: '⚠️ Unreadable list', description: `${file.name}: ${(error as Error).message}`, color: 0xd9534f })] };
      }
      const { body, language } = await ctx.api.post('/v1/eden/rosters/validate', request.body, { language: acceptLanguage(interaction.locale), text: request.text });
      const problems = [...body.errors, ...(body.warnings ?? [])].map((e: { code: string; path: string; message: string }) => ({ name: `${e.code} ${e.path}`, value: e.message }));
      const embed: Embed = {
        title: `${body.valid ? '✅ Legal band' : '❌ Illegal band'}: ${body.totals.value}/${body.totals.budget} points`,
        description: body.summary,
        color: body.valid ? 0x5cb85c : 0xd9534f,
        fields: problems,
        footer: languageFooter(language, `${file.name} · ${body.totals.strategyPoints} Strategy Points`),
      };
      return { embeds: [fitEmbed(embed)] };
    },
    { ...ctx.timing, always: true },
  );
}

export const HANDLERS: Record<string, (interaction: InteractionLike, ctx: HandlerContext) => Promise<void>> = { roll, melee, odds, validate };

/** Route an interaction to its handler; an unknown command gets a short answer. */
export async function dispatch(interaction: InteractionLike, ctx: HandlerContext): Promise<void> {
  const handler = HANDLERS[interaction.commandName];
  if (!handler) {
    await interaction.reply({ content: `Unknown command /${interaction.commandName}.` } satisfies ReplyPayload);
    return;
  }
  await handler(interaction, ctx);
}
