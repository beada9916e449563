/**
 * The Conclusion choices of a fight between players resolved from the seats (CONTRACT §9.1): the
 * resolution applies what is certain and each choice the rules give a combatant — «entrega al
 * vencedor 1 token Baralytas de un valor elegido por el perdedor», the winner's fatigue discards
 * «a su elección», the loser's card «a su elección» into the supply deck and its marker on a free
 * node (EXS-COMBAT-PVP-5, EXS-COMBAT-DISCARD-1/2) — waits for that player's `exsilium.conclude`,
 * with the members and defaults of exsilium.fight. Nothing else is played meanwhile.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { CommandTable } from '../../../kernel/commands.js';
import { commandSchema } from '../../../kernel/commands.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { NodeId } from '../operations/schemas.js';
import { fatigue, markerOn, supplyOf } from './combat.js';
import { CardId, documented, tableCommand, Player } from './command-schema.js';
import type { ExsiliumEvent } from './evolve.js';
import type { CombatEffects } from './evolve-turn.js';
import { checkWin, Decision, tileOf } from './rules.js';
import type { ConclusionChoices, Table } from './table.js';

const ConcludeSchema = commandSchema('exsilium.conclude', {
  player: Player,
  give: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'The loser: the value of the Baralytas token handed to the winner (default the lowest).' })),
  discards: Type.Optional(Type.Array(CardId, { maxItems: 60, description: 'The winner: the cards discarded as fatigue (default the weakest).' })),
  supplyCard: Type.Optional(CardId),
  markerNode: Type.Optional(NodeId),
});
export type ConcludeCommand = Static<typeof ConcludeSchema>;

export const CONCLUDE = 'exsilium.conclude';

/** The members of exsilium.conclude each combatant chooses. */
const MEMBERS = { winner: ['discards'], loser: ['give', 'supplyCard', 'markerNode'] } as const;
type Member = (typeof MEMBERS)[keyof typeof MEMBERS][number];

/** Who the open choices wait for, with the rule of each (the loser first: EXS-COMBAT-PVP-5 (1) comes first). */
export function conclusionChoices(t: Table | undefined): { player: string; types: string[]; rule: string }[] {
  const open = t?.conclusion;
  if (!open) return [];
  const loser = MEMBERS.loser.some((m) => open[m] !== undefined);
  return [
    ...(loser ? [{ player: open.loser, types: [CONCLUDE], rule: open.give ? 'EXS-COMBAT-PVP-5' : 'EXS-COMBAT-DISCARD-2' }] : []),
    ...(open.discards !== undefined ? [{ player: open.winner, types: [CONCLUDE], rule: 'EXS-COMBAT-DISCARD-1' }] : []),
  ];
}

/** CONTRACT §9.1: while a Conclusion choice waits, every other table command is refused (422 decision_pending). */
export function requireNoConclusion(t: Table, type: string): void {
  const waiting = conclusionChoices(t);
  if (waiting.length === 0 || type === CONCLUDE) return;
  throw new RuleViolation(
    'decision_pending',
    `The table waits for ${waiting.map((w) => w.player).join(', ')} (${waiting[0]!.rule}): the Conclusion of the fight first (exsilium.conclude).`,
    { awaiting: waiting.map((w) => w.player), rule: waiting[0]!.rule },
  );
}

/** The player whose choice a member of exsilium.conclude is, while choices are open (the other combatant's: 403 not_your_seat). */
export function chooserOf(open: ConclusionChoices, member: string): string | undefined {
  if ((MEMBERS.winner as readonly string[]).includes(member)) return open.winner;
  if ((MEMBERS.loser as readonly string[]).includes(member)) return open.loser;
  return undefined;
}

/** CONTRACT §9.1 / EXS-COMBAT-PVP-5: one combatant's open choices made (each member omitted takes its default, as in exsilium.fight). */
function conclude(c: ConcludeCommand, t: Table): ExsiliumEvent[] {
  if (t.phase === 'ended') throw new RuleViolation('match_over', `The match is over: ${t.winner} won (EXS-WIN-1).`);
  const open = t.conclusion;
  const role = open && (c.player === open.winner ? 'winner' : c.player === open.loser ? 'loser' : undefined);
  const awaited: readonly Member[] = open && role ? MEMBERS[role].filter((m) => open[m] !== undefined) : [];
  if (!open || awaited.length === 0)
    throw new RuleViolation(
      'nothing_to_choose',
      `${c.player} has no Conclusion choice to make now (EXS-COMBAT-PVP-5): exsilium.conclude answers a fight resolved from the seats.`,
      {
        awaiting: conclusionChoices(t).map((w) => w.player),
      },
    );
  // a choice the resolution already made (only one option was left)
  for (const m of [...MEMBERS.winner, ...MEMBERS.loser]) {
    if (c[m] !== undefined && !awaited.includes(m))
      throw new RuleViolation('nothing_to_choose', `\`${m}\` is no choice left to ${c.player}: the fight's resolution applied it (only one option).`, { path: `/command/${m}` });
  }
  const effects: CombatEffects = {};
  // EXS-COMBAT-PVP-5 (1): «un valor elegido por el perdedor»
  if (role === 'loser' && open.give) {
    const value = c.give ?? open.give[0]!;
    if (!open.give.includes(value))
      throw new RuleViolation('token_not_held', `${c.player} holds no Baralytas token of value ${value}.`, { path: '/command/give', values: open.give });
    effects.baralytas = { from: open.loser, to: open.winner, value };
  }
  // EXS-COMBAT-DISCARD-1: the winner's fatigue
  if (role === 'winner' && open.discards !== undefined) effects.discards = { [open.winner]: fatigue(t, open.winner, open.discards, c.discards) };
  // EXS-COMBAT-DISCARD-2: the loser's marker and the card into the supply deck
  if (role === 'loser' && open.markerNode) effects.marker = markerOn(t, open.loser, open.markerNode, c.markerNode, tileOf(t, open.markerNode[0]!));
  if (role === 'loser' && open.supplyCard) effects.supplyCard = supplyOf(open.loser, open.supplyCard === 'hand' ? t.players[open.loser]!.hand : open.supplyCard, c.supplyCard);
  const d = new Decision(t);
  d.emit({ type: 'exsilium.conclusion_chosen', data: { player: c.player, combat: open.combat, effects } });
  // EXS-WIN-3: a Baralytas token won in combat is checked against the target.
  if (effects.baralytas) checkWin(d, open.winner);
  return d.events;
}

/** The Conclusion command, decided on the table. */
export const CONCLUSION_COMMANDS: CommandTable<Table, ExsiliumEvent> = {
  [CONCLUDE]: tableCommand({
    schema: ConcludeSchema,
    ...documented(
      CONCLUDE,
      'CONTRACT §9.1 / EXS-COMBAT-PVP-5 / EXS-COMBAT-DISCARD-1/2: after a fight between players resolved from the seats, each combatant makes the Conclusion choices the fight left open (`state.pending` kind `choice`; `table.conclusion` lists them): the loser `give` (the value of the Baralytas token handed to the winner, among those held), `supplyCard` (a card laid in the combat, or with none laid any card of the hand, into the supply deck, EXS-AMB-27) and `markerNode` (a free node of the tile for the marker); the winner `discards` (its fatigue: exactly the number of cards `table.conclusion.discards` says). Each member omitted takes the default of exsilium.fight (the lowest token, the first card laid, the first free node, the weakest cards); a member of the other combatant → 403 not_your_seat; one the resolution already applied (a single option) → 422 nothing_to_choose. Every other command waits (422 decision_pending). A Baralytas token handed over is checked against the winner’s target (EXS-WIN-3).',
      { player: 'p2', give: 2, supplyCard: 'p2-10', markerNode: 'A3:8,1' },
    ),
    decide: conclude,
  }),
};
