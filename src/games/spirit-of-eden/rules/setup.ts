/** The Spirit of Eden setup check (SOE-SETUP-1..5, SOE-MODE-4). */
import { InvalidInput, pointer, type InputProblem } from '../../../kernel/errors.js';
import { type Board, type Mode, NOA, boardProblems } from './board.js';

/** SOE-SETUP-2: the left column TL, ML, BL (ring indices 0, 7, 6, SOE-GRID-2). */
export const GOOMZ_START = [0, 7, 6];
/** SOE-SETUP-3: the right column TR, MR, BR (ring indices 2, 3, 4). */
export const ALLY_START = [2, 3, 4];

/** Lists every way `board` differs from a legal starting layout (empty: legal). Structural problems are 400. */
export function setupProblems(board: Board, modes: readonly Mode[] = []): InputProblem[] {
  const structural = boardProblems(board, modes);
  if (structural.length > 0) throw new InvalidInput(structural);
  const problems: InputProblem[] = [];
  const add = (path: string, code: string, message: string) => problems.push({ path, code, message });
  const states = board.ring.map((id) => board.cards[id]!.state);
  const devastated = states.filter((s) => s === 'devastated').length;
  board.ring.forEach((id, i) => {
    // SOE-SETUP-1: every Terrain card starts colour (healthy) side up; nothing is destroyed.
    if (states[i] === 'destroyed') add(pointer('cards', id, 'state'), 'destroyed_at_start', `${id} cannot start destroyed (SOE-SETUP-1).`);
  });
  if (modes.includes('resurrection')) {
    // SOE-MODE-4: exactly two Terrain cards of the player's choice start devastated.
    if (devastated !== 2) add('/cards', 'resurrection_devastated', `Resurrection: exactly 2 Terrain cards start devastated, not ${devastated} (SOE-MODE-4).`);
  } else if (devastated > 0) {
    add('/cards', 'devastated_at_start', `All Terrain cards start healthy; ${devastated} devastated (SOE-SETUP-1, SOE-MODE-4 only in Resurrection).`);
  }
  // SOE-SETUP-2: the 3 Goomz figures, one per card, on the left column.
  const goomzSlots = GOOMZ_START.map((i) => board.ring[i]!);
  const colours = new Set(board.goomz.map((g) => g.color));
  if (colours.size !== 3) add('/goomz', 'goomz_missing', 'All 3 Goomz figures start in Eden (SOE-SETUP-2).');
  board.goomz.forEach((g, i) => {
    if (!goomzSlots.includes(g.at)) add(pointer('goomz', i, 'at'), 'goomz_not_left_column', `Goomz ${g.color} starts on the left column (${goomzSlots.join(', ')}) (SOE-SETUP-2).`);
    if (g.ambushedBy) add(pointer('goomz', i, 'ambushedBy'), 'ambushed_at_start', 'No Goomz starts ambushed.');
  });
  if (new Set(board.goomz.map((g) => g.at)).size !== board.goomz.length) add('/goomz', 'goomz_share_card', 'One Goomz figure per card (SOE-SETUP-2).');
  // SOE-SETUP-3: the 3 Ally tokens, one per card, illustrated side up, on the right column.
  const allySlots = ALLY_START.map((i) => board.ring[i]!);
  if (new Set(board.allies.map((a) => a.kind)).size !== 3) add('/allies', 'ally_missing', 'All 3 Ally tokens start in Eden (SOE-SETUP-3).');
  board.allies.forEach((a, i) => {
    if (a.at === NOA || !allySlots.includes(a.at))
      add(pointer('allies', i, 'at'), 'ally_not_right_column', `Ally ${a.kind} starts on the right column (${allySlots.join(', ')}) (SOE-SETUP-3).`);
    if (a.protecting) add(pointer('allies', i, 'protecting'), 'protecting_at_start', 'Ally tokens start illustrated side up (SOE-SETUP-3).');
  });
  if (new Set(board.allies.map((a) => a.at)).size !== board.allies.length) add('/allies', 'allies_share_card', 'One Ally token per card (SOE-SETUP-3).');
  // SOE-SETUP-5: three piles of three, one under each Goomz card, none claimed.
  if (board.objectives) {
    if (board.objectives.length !== 3) add('/objectives', 'piles', 'Three Objective piles, one per Goomz card (SOE-SETUP-5).');
    board.objectives.forEach((o, i) => {
      if (o.pile.length !== 3) add(pointer('objectives', i, 'pile'), 'pile_size', `Each pile starts with 3 cards, not ${o.pile.length} (SOE-SETUP-5).`);
      if (o.claimed?.length) add(pointer('objectives', i, 'claimed'), 'claimed_at_start', 'No objective is claimed at the start.');
    });
  }
  return problems;
}
