/** Narrative summaries (es/de/en) for the Exsilium operations, naming the rule IDs applied. */
import type { Lang } from '../../../kernel/i18n.js';
import type { MineCheckResult, VictimResult, NewaruCombatResult, NewaruMoveResult, PlayerCombatResult, SpawnResult, VictoryCheck } from '../rules/index.js';

const TIER: Record<string, Record<Lang, string>> = {
  basic: { en: 'Basic', es: 'Básica', de: 'Grund' },
  intermediate: { en: 'Intermediate', es: 'Intermedia', de: 'Mittel' },
  advanced: { en: 'Advanced', es: 'Avanzada', de: 'Fortgeschritten' },
};

const ids = (rules: readonly string[]) => [...new Set(rules)].join(', ');

export function newaruActionSummary(r: NewaruCombatResult, lang: Lang): string {
  const tier = TIER[r.tier]![lang];
  const draws = r.outcomeDraws.map((d) => d.card).join('+');
  const end = {
    no_defence: {
      en: 'attacked with no cards, the player loses at once (EXS-AMB-3b strict)',
      es: 'atacado sin cartas, el jugador pierde directamente (EXS-AMB-3b estricta)',
      de: 'ohne Karten angegriffen, verliert der Spieler sofort (EXS-AMB-3b streng)',
    },
    effect: {
      en: 'an effect card ended the enemy action with no winner',
      es: 'una carta de efecto terminó la acción sin vencedor',
      de: 'eine Effektkarte beendete die Aktion ohne Sieger',
    },
    evaded: { en: 'the attack was evaded with Favourable Zone', es: 'el ataque se evadió con Zona Favorable', de: 'der Angriff wurde mit Günstiger Zone ausgewichen' },
    strength: {
      en: `the ${r.winner} wins on strength`,
      es: `gana ${r.winner === 'player' ? 'el jugador' : 'el Newaru'} por fuerza`,
      de: `${r.winner === 'player' ? 'der Spieler' : 'der Newaru'} gewinnt nach Stärke`,
    },
    outcome: {
      en: `tie broken by Outcome cards (${draws}): the ${r.winner} wins`,
      es: `empate resuelto con cartas de Desenlace (${draws}): gana ${r.winner === 'player' ? 'el jugador' : 'el Newaru'}`,
      de: `Gleichstand per Ausgangskarten (${draws}) gebrochen: ${r.winner === 'player' ? 'der Spieler' : 'der Newaru'} gewinnt`,
    },
  }[r.endedBy][lang];
  const head = {
    en: `${tier} enemy action, ${r.revealed.length} card(s) revealed; player ${r.playerStrength} vs Newaru ${r.enemyStrength}: ${end}.`,
    es: `Acción de enemigo ${tier}, ${r.revealed.length} carta(s) revelada(s); jugador ${r.playerStrength} contra Newaru ${r.enemyStrength}: ${end}.`,
    de: `Gegneraktion ${tier}, ${r.revealed.length} Karte(n) aufgedeckt; Spieler ${r.playerStrength} gegen Newaru ${r.enemyStrength}: ${end}.`,
  }[lang];
  const rules = { en: 'Rules', es: 'Reglas', de: 'Regeln' }[lang];
  return `${head} ${rules}: ${ids(r.rules)}.`;
}

export function combatSummary(r: PlayerCombatResult, lang: Lang): string {
  const who = (role: string) => ({ en: role, es: role === 'attacker' ? 'el atacante' : 'el defensor', de: role === 'attacker' ? 'der Angreifer' : 'der Verteidiger' })[lang];
  const draws = r.outcomeDraws.map((d) => d.card).join('+');
  const how = {
    no_defence: {
      en: 'the defender has no cards and loses at once',
      es: 'el defensor no tiene cartas y pierde automáticamente',
      de: 'der Verteidiger hat keine Karten und verliert sofort',
    },
    strength: { en: 'higher strength', es: 'mayor fuerza', de: 'höhere Stärke' },
    outcome: { en: `tie broken by Outcome cards (${draws})`, es: `empate resuelto con Desenlace (${draws})`, de: `Gleichstand per Ausgangskarten (${draws})` },
  }[r.endedBy][lang];
  const text = {
    en: `Attacker ${r.attackerStrength} vs defender ${r.defenderStrength}; ${how}: the ${who(r.winner)} wins.`,
    es: `Atacante ${r.attackerStrength} contra defensor ${r.defenderStrength}; ${how}: gana ${who(r.winner)}.`,
    de: `Angreifer ${r.attackerStrength} gegen Verteidiger ${r.defenderStrength}; ${how}: ${who(r.winner)} gewinnt.`,
  }[lang];
  const win = r.victory?.won
    ? { en: ' The winner reaches the victory target.', es: ' El vencedor alcanza el objetivo de victoria.', de: ' Der Sieger erreicht das Siegziel.' }[lang]
    : '';
  return `${text}${win} ${{ en: 'Rules', es: 'Reglas', de: 'Regeln' }[lang]}: ${ids(r.rules)}.`;
}

export function moveSummary(r: NewaruMoveResult, lang: Lang): string {
  const text = r.moves
    ? {
        en: `The Newaru moves from ${r.from} to ${r.to} toward ${r.target}.`,
        es: `El Newaru se mueve de ${r.from} a ${r.to} hacia ${r.target}.`,
        de: `Der Newaru zieht von ${r.from} nach ${r.to} in Richtung ${r.target}.`,
      }[lang]
    : {
        not_triggered: {
          en: 'No movement touched its tile: the Newaru stays.',
          es: 'Ningún movimiento tocó su loseta: el Newaru no se mueve.',
          de: 'Keine Bewegung berührte sein Plättchen: der Newaru bleibt.',
        },
        adjacent: {
          en: 'The Newaru is already adjacent to a miniature and waits.',
          es: 'El Newaru ya está adyacente a una miniatura y espera.',
          de: 'Der Newaru steht bereits neben einer Miniatur und wartet.',
        },
        no_target: {
          en: 'No faction miniature on its tile: the Newaru stays.',
          es: 'No hay miniaturas de facción en su loseta: el Newaru no se mueve.',
          de: 'Keine Fraktionsminiatur auf seinem Plättchen: der Newaru bleibt.',
        },
        no_path: {
          en: 'No legal path within its tile: the Newaru stays.',
          es: 'No hay camino legal en su loseta: el Newaru no se mueve.',
          de: 'Kein gültiger Weg auf seinem Plättchen: der Newaru bleibt.',
        },
      }[r.reason ?? 'not_triggered'][lang];
  const adj = r.adjacentTo.length
    ? {
        en: ` Adjacent to ${r.adjacentTo.join(', ')}: combat at the start of that owner's turn.`,
        es: ` Adyacente a ${r.adjacentTo.join(', ')}: combate al inicio del turno de su dueño.`,
        de: ` Neben ${r.adjacentTo.join(', ')}: Kampf zu Beginn des Zuges des Besitzers.`,
      }[lang]
    : '';
  return `${text}${adj} ${{ en: 'Rules', es: 'Reglas', de: 'Regeln' }[lang]}: ${ids(r.rules)}.`;
}

export function respawnSummary(r: SpawnResult, lang: Lang): string {
  const tiles = r.spawns.map((s) => s.tile).join(', ') || '—';
  return {
    en: `Newaru appear on: ${tiles}. Rules: ${ids(r.rules)}.`,
    es: `Aparecen Newaru en: ${tiles}. Reglas: ${ids(r.rules)}.`,
    de: `Newaru erscheinen auf: ${tiles}. Regeln: ${ids(r.rules)}.`,
  }[lang];
}

export function victorySummary(target: number, winners: readonly string[], lang: Lang): string {
  const who = winners.join(', ');
  return {
    en: `Target ${target} Baralytas points; ${who ? `${who} win(s) at once` : 'nobody has reached it'}. Rules: EXS-WIN-1, EXS-WIN-2.`,
    es: `Objetivo ${target} puntos Baralytas; ${who ? `${who} gana(n) de inmediato` : 'nadie lo ha alcanzado'}. Reglas: EXS-WIN-1, EXS-WIN-2.`,
    de: `Ziel ${target} Baralytas-Punkte; ${who ? `${who} gewinnt/gewinnen sofort` : 'niemand hat es erreicht'}. Regeln: EXS-WIN-1, EXS-WIN-2.`,
  }[lang];
}

export type { VictoryCheck };

export function minesSummary(r: MineCheckResult, lang: Lang): string {
  const gone = r.eliminated.map((e) => e.id).join(', ');
  const text = gone
    ? {
        en: `Mines went off (${r.minesSpent.join(', ')}): ${gone} eliminated; the move stops at ${r.stoppedAt}.`,
        es: `Estallan minas (${r.minesSpent.join(', ')}): ${gone} eliminada(s); el movimiento termina en ${r.stoppedAt}.`,
        de: `Minen explodieren (${r.minesSpent.join(', ')}): ${gone} ausgeschaltet; die Bewegung endet auf ${r.stoppedAt}.`,
      }[lang]
    : {
        en: `No mine went off; the move ends at ${r.stoppedAt}.`,
        es: `Ninguna mina estalla; el movimiento termina en ${r.stoppedAt}.`,
        de: `Keine Mine explodiert; die Bewegung endet auf ${r.stoppedAt}.`,
      }[lang];
  return `${text} ${{ en: 'Rules', es: 'Reglas', de: 'Regeln' }[lang]}: ${ids(r.rules)}.`;
}

export function eliminationsSummary(r: { victims: VictimResult[]; rules: string[] }, lang: Lang): string {
  const released = r.victims.filter((v) => v.retreat.released).map((v) => v.id);
  const cards = r.victims.reduce((a, v) => a + v.discard.toSupplyDeck, 0);
  const rel = released.length
    ? { en: ` Ability released for ${released.join(', ')}.`, es: ` Habilidad liberada para ${released.join(', ')}.`, de: ` Fähigkeit freigegeben für ${released.join(', ')}.` }[
        lang
      ]
    : '';
  const text = {
    en: `${r.victims.length} player(s) lose miniatures: ${cards} card(s) to the supply deck, no reward.`,
    es: `${r.victims.length} jugador(es) pierden miniaturas: ${cards} carta(s) al mazo de suministros, sin recompensa.`,
    de: `${r.victims.length} Spieler verlieren Miniaturen: ${cards} Karte(n) in den Vorratsstapel, keine Belohnung.`,
  }[lang];
  return `${text}${rel} ${{ en: 'Rules', es: 'Reglas', de: 'Regeln' }[lang]}: ${ids(r.rules)}.`;
}
