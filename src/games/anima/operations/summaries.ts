/** es/de/en narrative summaries for the Ánima operations (CONTRACT §0). */
import type { Lang } from '../../../kernel/i18n.js';
import type { CreatureCombat, Exploration, GroupCombat, PriorEncounter, RewardOption, SpeedTest, TurnOrder } from '../rules/index.js';

type Tri = { en: string; es: string; de: string };
const pick = (t: Tri, lang: Lang) => t[lang];

export function creatureCombatText(c: CreatureCombat, name: string, lang: Lang): string {
  const won = c.winner === 'group';
  const tie = c.margin === 0;
  const base: Tri = won
    ? {
        en: `Group ${c.group.total} vs ${name} ${c.creature.total}: the Group wins${tie ? ' the tie' : ''} (ANIMA-COMBAT-2, ANIMA-COMBAT-3).`,
        es: `Grupo ${c.group.total} contra ${name} ${c.creature.total}: gana el Grupo${tie ? ' el empate' : ''} (ANIMA-COMBAT-2, ANIMA-COMBAT-3).`,
        de: `Gruppe ${c.group.total} gegen ${name} ${c.creature.total}: die Gruppe gewinnt${tie ? ' den Gleichstand' : ''} (ANIMA-COMBAT-2, ANIMA-COMBAT-3).`,
      }
    : {
        en: `Group ${c.group.total} vs ${name} ${c.creature.total}: the Creature wins (ANIMA-COMBAT-2).`,
        es: `Grupo ${c.group.total} contra ${name} ${c.creature.total}: gana la Criatura (ANIMA-COMBAT-2).`,
        de: `Gruppe ${c.group.total} gegen ${name} ${c.creature.total}: die Kreatur gewinnt (ANIMA-COMBAT-2).`,
      };
  const death: Tri = {
    en: ' Lost by 5 or more: one Character dies (ANIMA-COMBAT-4).',
    es: ' Derrota por 5 o más: muere un personaje (ANIMA-COMBAT-4).',
    de: ' Mit 5 oder mehr verloren: ein Charakter stirbt (ANIMA-COMBAT-4).',
  };
  return pick(base, lang) + (c.characterDies ? pick(death, lang) : '');
}

export function groupCombatText(c: GroupCombat, lang: Lang): string {
  if (c.winner === 'draw') {
    return pick(
      {
        en: `Both Groups total ${c.group.total}: a draw, no rematch this turn (ANIMA-COMBAT-3, ANIMA-INTERACT-5).`,
        es: `Ambos Grupos suman ${c.group.total}: tablas, sin revancha este turno (ANIMA-COMBAT-3, ANIMA-INTERACT-5).`,
        de: `Beide Gruppen erreichen ${c.group.total}: Unentschieden, keine Revanche in dieser Runde (ANIMA-COMBAT-3, ANIMA-INTERACT-5).`,
      },
      lang,
    );
  }
  const who = { group: { en: 'the Group', es: 'el Grupo', de: 'die Gruppe' }, opponent: { en: 'the opponent', es: 'el rival', de: 'der Gegner' } }[c.winner];
  const text = pick(
    {
      en: `${c.group.total} vs ${c.opponent.total}: ${who.en} wins; the loser gives a random Gift and is expelled (ANIMA-COMBAT-2, ANIMA-INTERACT-5).`,
      es: `${c.group.total} contra ${c.opponent.total}: gana ${who.es}; el perdedor entrega un Don al azar y es expulsado (ANIMA-COMBAT-2, ANIMA-INTERACT-5).`,
      de: `${c.group.total} gegen ${c.opponent.total}: ${who.de} gewinnt; der Verlierer gibt eine zufällige Gabe ab und wird vertrieben (ANIMA-COMBAT-2, ANIMA-INTERACT-5).`,
    },
    lang,
  );
  const death = pick(
    {
      en: ' Lost by 5 or more: one Character dies (ANIMA-COMBAT-4).',
      es: ' Derrota por 5 o más: muere un personaje (ANIMA-COMBAT-4).',
      de: ' Mit 5 oder mehr verloren: ein Charakter stirbt (ANIMA-COMBAT-4).',
    },
    lang,
  );
  return text + (c.characterDies ? death : '');
}

export function explorationText(e: Exploration, lang: Lang): string {
  const head = pick(
    {
      en: `Exploration roll ${e.roll}: ${e.row.result} (ANIMA-EXPLORE-3).`,
      es: `Tirada de exploración ${e.roll}: ${{ nothing: 'nada', encounter: 'encuentro', special: 'especial' }[e.row.result]} (ANIMA-EXPLORE-3).`,
      de: `Erkundungswurf ${e.roll}: ${{ nothing: 'nichts', encounter: 'Begegnung', special: 'Spezial' }[e.row.result]} (ANIMA-EXPLORE-3).`,
    },
    lang,
  );
  const parts = [head];
  for (const enc of e.encounters) {
    if (enc.resolution === 'discarded_level') {
      parts.push(
        pick(
          {
            en: `${enc.card.name} (level ${enc.card.level}) is above the Location's level: discarded, it still counts (ANIMA-EXPLORE-5a).`,
            es: `${enc.card.name} (nivel ${enc.card.level}) supera el nivel de la Localización: se descarta y cuenta como encuentro (ANIMA-EXPLORE-5a).`,
            de: `${enc.card.name} (Stufe ${enc.card.level}) liegt über der Stufe des Ortes: abgelegt, zählt aber als Begegnung (ANIMA-EXPLORE-5a).`,
          },
          lang,
        ),
      );
    } else if (enc.combat) {
      parts.push(creatureCombatText(enc.combat, enc.card.name, lang));
    } else {
      parts.push(
        pick({ en: `Event ${enc.card.name} (ANIMA-EXPLORE-5c).`, es: `Suceso ${enc.card.name} (ANIMA-EXPLORE-5c).`, de: `Ereignis ${enc.card.name} (ANIMA-EXPLORE-5c).` }, lang),
      );
    }
  }
  parts.push(
    e.rewardAllowed
      ? pick(
          {
            en: 'The Group may claim one reward (ANIMA-REWARD-1).',
            es: 'El Grupo puede reclamar una Recompensa (ANIMA-REWARD-1).',
            de: 'Die Gruppe darf eine Belohnung wählen (ANIMA-REWARD-1).',
          },
          lang,
        )
      : pick(
          {
            en: `No reward${e.expelled ? '; the Group is expelled and loses the rest of the turn (ANIMA-EXPLORE-5)' : ''}.`,
            es: `Sin Recompensa${e.expelled ? '; el Grupo es expulsado y pierde el resto del turno (ANIMA-EXPLORE-5)' : ''}.`,
            de: `Keine Belohnung${e.expelled ? '; die Gruppe wird vertrieben und verliert den Rest der Runde (ANIMA-EXPLORE-5)' : ''}.`,
          },
          lang,
        ),
  );
  return parts.join(' ');
}

export function speedText(s: SpeedTest, lang: Lang): string {
  const ok = s.success;
  return pick(
    {
      en: `Speed ${s.speed} + ${s.roll} = ${s.total} vs difficulty ${s.difficulty}: ${ok ? 'success' : 'failure'} (ANIMA-SPEED-1).`,
      es: `Velocidad ${s.speed} + ${s.roll} = ${s.total} contra dificultad ${s.difficulty}: ${ok ? 'éxito' : 'fallo'} (ANIMA-SPEED-1).`,
      de: `Geschwindigkeit ${s.speed} + ${s.roll} = ${s.total} gegen Schwierigkeit ${s.difficulty}: ${ok ? 'Erfolg' : 'Fehlschlag'} (ANIMA-SPEED-1).`,
    },
    lang,
  );
}

export function turnOrderText(t: TurnOrder, lang: Lang): string {
  const rolled = t.runs.some((r) => r.by === 'roll');
  const kept = t.runs.some((r) => r.by === 'stored');
  const order = t.order.join(', ');
  const extra = (rolled ? ' roll' : '') + (kept ? ' stored' : '');
  return pick(
    {
      en: `Turn order by Group Speed: ${order} (ANIMA-ORDER-1${extra ? ', ANIMA-ORDER-2: ties broken by' + (rolled ? ' dice' : '') + (rolled && kept ? ' and' : '') + (kept ? ' the stored ranking' : '') : ''}).`,
      es: `Orden de turno por Velocidad: ${order} (ANIMA-ORDER-1${extra ? ', ANIMA-ORDER-2: empates resueltos por' + (rolled ? ' dados' : '') + (rolled && kept ? ' y' : '') + (kept ? ' el orden guardado' : '') : ''}).`,
      de: `Zugreihenfolge nach Geschwindigkeit: ${order} (ANIMA-ORDER-1${extra ? ', ANIMA-ORDER-2: Gleichstände entschieden durch' + (rolled ? ' Würfel' : '') + (rolled && kept ? ' und' : '') + (kept ? ' die gespeicherte Rangfolge' : '') : ''}).`,
    },
    lang,
  );
}

export function rewardsText(options: RewardOption[], lang: Lang): string {
  const allowed = options.filter((o) => o.allowed).map((o) => o.name ?? o.kind);
  const list = allowed.length ? allowed.join(', ') : '—';
  return pick(
    {
      en: `Rewards the Group may claim: ${list} (ANIMA-REWARD-1..5, ANIMA-HAND-1).`,
      es: `Recompensas que el Grupo puede reclamar: ${list} (ANIMA-REWARD-1..5, ANIMA-HAND-1).`,
      de: `Belohnungen, die die Gruppe wählen darf: ${list} (ANIMA-REWARD-1..5, ANIMA-HAND-1).`,
    },
    lang,
  );
}

export function priorText(p: Pick<PriorEncounter, 'encounter' | 'arrives' | 'creatureStays'>, lang: Lang): string {
  const e = p.encounter;
  const head =
    e.resolution === 'discarded_level'
      ? pick(
          {
            en: `${e.card.name} is above the Location's level: no effect (ANIMA-PRIOR-3).`,
            es: `${e.card.name} supera el nivel de la Localización: sin efecto (ANIMA-PRIOR-3).`,
            de: `${e.card.name} liegt über der Stufe des Ortes: keine Wirkung (ANIMA-PRIOR-3).`,
          },
          lang,
        )
      : e.combat
        ? creatureCombatText(e.combat, e.card.name, lang)
        : pick({ en: `Event ${e.card.name} (ANIMA-PRIOR-4).`, es: `Suceso ${e.card.name} (ANIMA-PRIOR-4).`, de: `Ereignis ${e.card.name} (ANIMA-PRIOR-4).` }, lang);
  const tail = p.arrives
    ? pick({ en: 'The Group arrives (ANIMA-MOVE-3).', es: 'El Grupo llega (ANIMA-MOVE-3).', de: 'Die Gruppe kommt an (ANIMA-MOVE-3).' }, lang)
    : pick(
        {
          en: `The Group does not arrive and loses the rest of the turn${p.creatureStays ? '; the Creature stays (ANIMA-PRIOR-5)' : ' (ANIMA-PRIOR-4)'}.`,
          es: `El Grupo no llega y pierde el resto del turno${p.creatureStays ? '; la Criatura permanece (ANIMA-PRIOR-5)' : ' (ANIMA-PRIOR-4)'}.`,
          de: `Die Gruppe kommt nicht an und verliert den Rest der Runde${p.creatureStays ? '; die Kreatur bleibt (ANIMA-PRIOR-5)' : ' (ANIMA-PRIOR-4)'}.`,
        },
        lang,
      );
  return `${head} ${tail}`;
}
