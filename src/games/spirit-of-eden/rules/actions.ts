/** The Spirit of Eden player actions (SOE-ACT-*): legality and effect of one action on the board. */
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { type Ally, type AllyKind, type Board, type Color, type Goomz, type Mode, NOA, boardProblems, inPlay, ringDistance } from './board.js';
import { checkEnd } from './end.js';

export type Target = { goomz: Color } | { ally: AllyKind };

export type Action =
  | { type: 'move'; ally: AllyKind; to: string; steps: 1 | 2 | 3 }
  | { type: 'attract'; ally: AllyKind; target: Target }
  | { type: 'push'; ally: AllyKind; target: Target; to: string; steps: 1 | 2 }
  | { type: 'protect'; ally: AllyKind }
  | { type: 'recover'; ally: AllyKind }
  | { type: 'ambush'; ally: AllyKind; goomz: Color }
  | { type: 'shortcut'; ally: AllyKind }
  | { type: 'swapGoomz'; pair: [Color, Color] }
  | { type: 'swapAllies'; pair: [AllyKind, AllyKind] };

export type ActionType = Action['type'];
export const ACTION_TYPES: readonly ActionType[] = ['move', 'attract', 'push', 'protect', 'recover', 'ambush', 'shortcut', 'swapGoomz', 'swapAllies'];

/** One printed face of an Action card: Move ×1/×2/×3 and Push ×1/×2 are separate entries (SOE-AMB-12). */
export type ActionFace = 'move1' | 'move2' | 'move3' | 'attract' | 'push1' | 'push2' | 'protect' | 'recover' | 'ambush' | 'shortcut' | 'swapGoomz' | 'swapAllies';
export const ACTION_FACES: readonly ActionFace[] = ['move1', 'move2', 'move3', 'attract', 'push1', 'push2', 'protect', 'recover', 'ambush', 'shortcut', 'swapGoomz', 'swapAllies'];

/** SOE-PLACE-2: the face an action needs on the Action card. */
export function faceOf(action: Action): ActionFace {
  if (action.type === 'move') return `move${action.steps}`;
  if (action.type === 'push') return `push${action.steps}`;
  return action.type;
}

const fail = (code: string, message: string, extra: Record<string, unknown> = {}): never => {
  throw new RuleViolation(code, message, extra);
};

/** The Goomz that `kind` is ambushing (its token under the figure), if any. */
function ambusherOf(board: Board, kind: AllyKind): Goomz | undefined {
  return board.goomz.find((g) => inPlay(g) && g.ambushedBy === kind);
}

/** SOE-PLACE-5: the acting Ally is on the grid (an Ally on Noa cannot act). */
function actor(board: Board, kind: AllyKind): Ally {
  const a = board.allies.find((x) => x.kind === kind);
  if (!a) return fail('unknown_ally', `Ally ${kind} is not in \`allies\`.`, { ally: kind });
  if (a.at === NOA) return fail('ally_unavailable', `Ally ${kind} is on Noa and cannot act (SOE-PLACE-5, SOE-NOA-RET-1).`, { ally: kind });
  return a;
}

/** SOE-ACT-MOVE-3, SOE-ACT-PROTECT-2, SOE-ACT-AMBUSH-3, SOE-AMB-5: pinned Allies never move. */
function movableAlly(board: Board, a: Ally): void {
  if (a.protecting) fail('ally_pinned', `Ally ${a.kind} is protecting its card and may not leave it (SOE-ACT-PROTECT-2, SOE-AMB-5).`, { ally: a.kind });
  if (ambusherOf(board, a.kind)) fail('ally_pinned', `Ally ${a.kind} is ambushing and may not leave its card (SOE-ACT-AMBUSH-3, SOE-AMB-5).`, { ally: a.kind });
}

/** A Goomz in play that is not ambushed (SOE-AMB-5). */
function movableGoomz(board: Board, color: Color): Goomz {
  const g = board.goomz.find((x) => x.color === color);
  if (!g || !inPlay(g)) return fail('goomz_not_in_play', `Goomz ${color} is not in play.`, { goomz: color });
  if (g.ambushedBy) fail('goomz_pinned', `Goomz ${color} is ambushed and cannot be moved (SOE-AMB-5).`, { goomz: color });
  return g;
}

/** The piece a target names, checked movable; returns a setter for its position. */
function targetPiece(board: Board, acting: Ally, t: Target): { at: string; set: (to: string) => void } {
  if ('goomz' in t) {
    const g = movableGoomz(board, t.goomz);
    return { at: g.at, set: (to) => (g.at = to) };
  }
  // SOE-ACT-ATTRACT-1 / SOE-ACT-PUSH-1: "one other Ally".
  if (t.ally === acting.kind) fail('same_ally', 'The acting Ally cannot target itself (SOE-ACT-ATTRACT-1, SOE-ACT-PUSH-1).');
  const a = board.allies.find((x) => x.kind === t.ally);
  if (!a) return fail('unknown_ally', `Ally ${t.ally} is not in \`allies\`.`, { ally: t.ally });
  if (a.at === NOA) fail('ally_unavailable', `Ally ${t.ally} is on Noa and cannot be targeted (SOE-NOA-RET-1).`, { ally: t.ally });
  movableAlly(board, a);
  return { at: a.at, set: (to) => (a.at = to) };
}

function onRing(board: Board, to: string): void {
  // SOE-ACT-MOVE-2 / SOE-GRID-3: only Terrain slots (destroyed ones included), never Noa.
  if (!board.ring.includes(to)) fail('not_a_terrain', `${to} is not a Terrain slot of the ring; nothing may go onto Noa (SOE-ACT-MOVE-2).`, { to });
}

export interface ActionResult extends Board {
  action: Action;
  /** Pieces moved by the action. */
  moved: { piece: string; from: string; to: string }[];
}

/** Applies one action to a copy of the board; throws RuleViolation (422) when it has no legal effect (SOE-ACT-0). */
export function applyAction(input: Board, action: Action, modes: readonly Mode[] = []): ActionResult {
  const problems = boardProblems(input, modes);
  if (problems.length > 0) throw new InvalidInput(problems);
  const end = checkEnd(input, modes);
  if (end.won || end.lost) fail('game_over', `The game is already ${end.lost ? 'lost' : 'won'} (SOE-END-1, SOE-END-2).`);
  const board = structuredClone(input);
  const moved: ActionResult['moved'] = [];
  const card = (id: string) => board.cards[id]!;
  switch (action.type) {
    case 'move': {
      // SOE-ACT-MOVE-1: up to k orthogonal steps over Terrain cards = ring distance 1..k (SOE-GRID-3).
      const a = actor(board, action.ally);
      movableAlly(board, a);
      onRing(board, action.to);
      const d = ringDistance(board.ring, a.at, action.to);
      if (d === 0) fail('no_move', `Ally ${a.kind} is already on ${action.to}.`);
      if (d > action.steps) fail('too_far', `${action.to} is ${d} steps away; this Move allows ${action.steps} (SOE-ACT-MOVE-1).`, { distance: d });
      moved.push({ piece: a.kind, from: a.at, to: action.to });
      a.at = action.to;
      break;
    }
    case 'attract': {
      // SOE-ACT-ATTRACT-1: a Goomz or another Ally on an adjacent Terrain slot comes onto the acting Ally's card.
      const a = actor(board, action.ally);
      const t = targetPiece(board, a, action.target);
      if (ringDistance(board.ring, a.at, t.at) !== 1) fail('not_adjacent', `The target is on ${t.at}, not on a card adjacent to ${a.at} (SOE-ACT-ATTRACT-1).`);
      moved.push({ piece: 'goomz' in action.target ? action.target.goomz : action.target.ally, from: t.at, to: a.at });
      t.set(a.at);
      break;
    }
    case 'push': {
      // SOE-ACT-PUSH-1 / SOE-AMB-4: a piece on the acting Ally's card goes 1 (or up to 2) ring steps away.
      const a = actor(board, action.ally);
      const t = targetPiece(board, a, action.target);
      if (t.at !== a.at) fail('not_on_card', `The target is on ${t.at}, not on the acting Ally's card ${a.at} (SOE-ACT-PUSH-1).`);
      onRing(board, action.to);
      const d = ringDistance(board.ring, a.at, action.to);
      if (d === 0 || d > action.steps) fail('too_far', `${action.to} is ${d} steps away; this Push sends 1..${action.steps} (SOE-ACT-PUSH-1, SOE-AMB-4).`, { distance: d });
      moved.push({ piece: 'goomz' in action.target ? action.target.goomz : action.target.ally, from: t.at, to: action.to });
      t.set(action.to);
      break;
    }
    case 'protect': {
      // SOE-ACT-PROTECT-1: blank side up; not on a destroyed slot (RECOMMENDED); an ambushing Ally is bound to its Goomz.
      const a = actor(board, action.ally);
      if (card(a.at).state === 'destroyed') fail('card_destroyed', `${a.at} is destroyed: there is nothing to protect (SOE-ACT-PROTECT-1).`);
      if (a.protecting) fail('already_protecting', `Ally ${a.kind} already protects ${a.at}.`);
      if (ambusherOf(board, a.kind)) fail('ally_pinned', `Ally ${a.kind} is ambushing (SOE-ACT-AMBUSH-3).`);
      a.protecting = true;
      break;
    }
    case 'recover': {
      // SOE-ACT-RECOVER-1: only a devastated card under the acting Ally; a destroyed one cannot be recovered.
      const a = actor(board, action.ally);
      if (card(a.at).state !== 'devastated') fail('not_devastated', `${a.at} is ${card(a.at).state}; only a devastated card can be recovered (SOE-ACT-RECOVER-1).`);
      card(a.at).state = 'healthy';
      break;
    }
    case 'ambush': {
      // SOE-ACT-AMBUSH-1: the card holds G, G not ambushed, the Ally is X, the card is a standing T (healthy in Celestial).
      const a = actor(board, action.ally);
      if (ambusherOf(board, a.kind)) fail('ally_pinned', `Ally ${a.kind} is already ambushing (SOE-ACT-AMBUSH-3).`);
      const g = board.goomz.find((x) => x.color === action.goomz);
      if (!g || !inPlay(g)) return fail('goomz_not_in_play', `Goomz ${action.goomz} is not in play.`);
      if (g.at !== a.at) fail('not_on_card', `Goomz ${g.color} is on ${g.at}, not on ${a.at} (SOE-ACT-AMBUSH-1).`);
      if (g.ambushedBy) fail('already_ambushed', `Goomz ${g.color} is already ambushed (SOE-ACT-AMBUSH-1).`);
      const c = card(a.at);
      if (c.state === 'destroyed') fail('card_destroyed', `${a.at} is destroyed (SOE-ACT-AMBUSH-1).`);
      const pile = board.objectives?.find((p) => p.color === g.color);
      // SOE-MODE-5: a Goomz whose pile is empty has no objective left.
      if (pile && pile.pile.length === 0) fail('no_objective', `Goomz ${g.color} has no objective left (SOE-MODE-5).`);
      const objective = pile?.pile[0];
      if (!objective) fail('objective_unknown', `Send \`objectives\` with the pile of Goomz ${g.color}: an Ambush needs its current objective (SOE-ACT-AMBUSH-1).`);
      if ((objective!.ally !== undefined && objective!.ally !== a.kind) || (objective!.terrain !== undefined && objective!.terrain !== c.terrain)) {
        fail('ambush_not_objective', `Ally ${a.kind} on a ${c.terrain} does not meet the objective of Goomz ${g.color} (SOE-ACT-AMBUSH-1).`, { objective });
      }
      // SOE-MODE-2: Celestial — only on a healthy card.
      if (modes.includes('celestial') && c.state !== 'healthy') fail('ambush_not_healthy', `Celestial mode: ${a.at} must be healthy (SOE-MODE-2).`);
      g.ambushedBy = a.kind;
      // SOE-ACT-AMBUSH-3: ambushing ends any protection.
      a.protecting = false;
      break;
    }
    case 'shortcut': {
      // SOE-ACT-SHORTCUT-1: to the other card of the same type, healthy or devastated, never a destroyed one.
      const a = actor(board, action.ally);
      movableAlly(board, a);
      const here = card(a.at);
      if (here.state === 'destroyed') fail('card_destroyed', `${a.at} is destroyed and has no type (SOE-ACT-SHORTCUT-1).`);
      const twin = board.ring.find((id) => id !== a.at && board.cards[id]!.terrain === here.terrain)!;
      if (card(twin).state === 'destroyed') fail('card_destroyed', `The other ${here.terrain} (${twin}) is destroyed (SOE-ACT-SHORTCUT-1).`);
      moved.push({ piece: a.kind, from: a.at, to: twin });
      a.at = twin;
      break;
    }
    case 'swapGoomz': {
      // SOE-ACT-SWAPG-1: any two Goomz in play, no adjacency needed; ambushed ones cannot move (SOE-AMB-5).
      const [c1, c2] = action.pair;
      if (c1 === c2) fail('same_piece', 'Swap two different Goomz (SOE-ACT-SWAPG-1).');
      const g1 = movableGoomz(board, c1);
      const g2 = movableGoomz(board, c2);
      moved.push({ piece: c1, from: g1.at, to: g2.at }, { piece: c2, from: g2.at, to: g1.at });
      [g1.at, g2.at] = [g2.at, g1.at];
      break;
    }
    case 'swapAllies': {
      // SOE-ACT-SWAPA-1: two Allies on the grid; not protecting nor ambushing (RECOMMENDED).
      const [k1, k2] = action.pair;
      if (k1 === k2) fail('same_piece', 'Swap two different Allies (SOE-ACT-SWAPA-1).');
      const a1 = actor(board, k1);
      const a2 = actor(board, k2);
      movableAlly(board, a1);
      movableAlly(board, a2);
      moved.push({ piece: k1, from: a1.at, to: a2.at }, { piece: k2, from: a2.at, to: a1.at });
      [a1.at, a2.at] = [a2.at, a1.at];
      break;
    }
  }
  return { ...board, action, moved };
}
