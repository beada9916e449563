/**
 * Discord wants an answer to an interaction within 3 seconds. `respond` runs the work and replies
 * at once when it is quick; when it is not done after `deferAfterMs` (default 2 s) it defers (the
 * "thinking…" state, which allows 15 minutes) and edits the reply when the work ends. Work known to
 * be slow can defer at once (`always`). A failed call answers an error embed, never silence.
 */
import { ArbiterProblem } from './api.js';
import { fitEmbed, fitReply, type Embed } from './embeds.js';
import type { InteractionLike, ReplyPayload } from './interaction.js';

export interface RespondOptions {
  deferAfterMs?: number;
  always?: boolean;
  /** Only the user who asked sees the answer (and the "thinking…" state). */
  ephemeral?: boolean;
}

export const DEFER_AFTER_MS = 2000;

/** An error embed from a problem+json answer: its title, detail and each problem with its path. */
export function problemEmbed(error: unknown): Embed {
  if (error instanceof ArbiterProblem) {
    const p = error.problem;
    return fitEmbed({
      title: `⚠️ ${p.title ?? 'Error'}${p.code ? ` (${p.code})` : ''}`,
      description: p.detail ?? '',
      color: 0xd9534f,
      fields: (p.errors ?? []).map((e) => ({ name: e.path || '/', value: `${e.code}: ${e.message}` })),
    });
  }
  return { title: '⚠️ Arbiter did not answer', description: (error as Error)?.message ?? String(error), color: 0xd9534f };
}

export async function respond(interaction: InteractionLike, work: () => Promise<ReplyPayload>, options: RespondOptions = {}): Promise<void> {
  const ephemeral = options.ephemeral ? { ephemeral: true } : {};
  const result = work().then(
    (payload) => fitReply({ ...payload, ...ephemeral }),
    (error: unknown) => ({ embeds: [problemEmbed(error)], ...ephemeral }) as ReplyPayload,
  );
  if (options.always) {
    await interaction.deferReply(ephemeral);
    await interaction.editReply(await result);
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), options.deferAfterMs ?? DEFER_AFTER_MS);
  });
  const first = await Promise.race([result, late]);
  clearTimeout(timer);
  if (first !== 'late') {
    await interaction.reply(first);
    return;
  }
  await interaction.deferReply(ephemeral);
  await interaction.editReply(await result);
}
