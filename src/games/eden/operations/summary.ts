/** Narrative summaries (es/de/en) of EDEN roll and attack results, naming the rule IDs applied. */
import type { Lang } from '../../../kernel/i18n.js';
import type { CharacteristicRoll, OpposedRoll } from '../rules/rolls.js';
import type { Location } from '../rules/location.js';
import type { Exchange, MeleeResult } from '../rules/melee.js';
import type { ShotResult } from '../rules/ranged.js';
import type { ThrowResult } from '../rules/thrown.js';
import type { SprayResult } from '../rules/spray.js';
import type { Limb } from '../rules/fighter.js';

/**
 * The phrases of the roll and melee summaries are functions per language of the values they name,
 * so only the asked language's text is built (a summary is written on every melee answer: building
 * all three and keeping one tripled its cost).
 */
type Phrase<A extends unknown[]> = Readonly<Record<Lang, (...args: A) => string>>;

/** A phrase in each language, all three built (fixed texts; the ranged and area summaries). */
type T = Record<Lang, string>;
const pick = (t: T, lang: Lang) => t[lang];

const LIMB_NAMES: Record<Limb, T> = {
  head: { en: 'head', es: 'cabeza', de: 'Kopf' },
  arms: { en: 'arms', es: 'brazos', de: 'Arme' },
  torso: { en: 'torso', es: 'torso', de: 'Rumpf' },
  legs: { en: 'legs', es: 'piernas', de: 'Beine' },
};
const limbName = (l: Limb, lang: Lang) => LIMB_NAMES[l][lang];

const POOL_FAILS: Phrase<[string, number, string]> = {
  en: (label, pool, capped) => `${label}: pool ${pool}${capped}, automatic failure (EDEN-ROLL-3)`,
  es: (label, pool, capped) => `${label}: reserva ${pool}${capped}, fallo automático (EDEN-ROLL-3)`,
  de: (label, pool, capped) => `${label}: ${pool} Würfel${capped}, automatisch misslungen (EDEN-ROLL-3)`,
};
const ROLLED: Phrase<[string, CharacteristicRoll, string, string]> = {
  en: (label, r, capped, dice) => `${label}: ${r.pool}D6 ≥ ${r.threshold}${capped} → [${dice}], ${r.successes} success(es) (EDEN-ROLL-1)`,
  es: (label, r, capped, dice) => `${label}: ${r.pool}D6 ≥ ${r.threshold}${capped} → [${dice}], ${r.successes} éxito(s) (EDEN-ROLL-1)`,
  de: (label, r, capped, dice) => `${label}: ${r.pool}W6 ≥ ${r.threshold}${capped} → [${dice}], ${r.successes} Erfolg(e) (EDEN-ROLL-1)`,
};

export function rollText(label: string, r: CharacteristicRoll, lang: Lang): string {
  const capped = r.difficulty > 6 ? ` (EDEN-ROLL-2: ${r.value}→${r.pool}, ${r.difficulty}→6)` : '';
  if (r.pool <= 0) return POOL_FAILS[lang](label, r.pool, capped);
  return ROLLED[lang](label, r, capped, r.values.join(', '));
}

const OPPOSED: Phrase<[OpposedRoll, string, string, boolean]> = {
  en: (o, rounds, winner, by) =>
    `Opposed roll (EDEN-ROLL-5): dice ${rounds}, totals ${o.a.total} vs ${o.b.total}; ${winner} wins${by ? ' on the higher characteristic' : ''}${o.rounds.length > 1 ? ' after re-rolling full ties' : ''}`,
  es: (o, rounds, winner, by) =>
    `Tirada opuesta (EDEN-ROLL-5): dados ${rounds}, totales ${o.a.total} contra ${o.b.total}; gana ${winner}${by ? ' por la característica más alta' : ''}${o.rounds.length > 1 ? ' tras repetir empates completos' : ''}`,
  de: (o, rounds, winner, by) =>
    `Vergleichswurf (EDEN-ROLL-5): Würfel ${rounds}, Summen ${o.a.total} gegen ${o.b.total}; ${winner} gewinnt${by ? ' durch das höhere Attribut' : ''}${o.rounds.length > 1 ? ' nach Wiederholung voller Gleichstände' : ''}`,
};

export function opposedText(o: OpposedRoll, lang: Lang, names: [string, string] = ['A', 'B']): string {
  const rounds = o.rounds.map((r) => `${r.a}/${r.b}`).join('; ');
  return OPPOSED[lang](o, rounds, o.winner === 'a' ? names[0] : names[1], o.by === 'characteristic');
}

const LOCATION: Phrase<[Location, boolean, string]> = {
  en: (l, moved, limb) => `location (EDEN-ROLL-6) ${l.rolled}${moved ? ` moved ${l.shift > 0 ? '+' : ''}${l.shift} to ${l.face} (EDEN-ROLL-7)` : ''} → ${limb}`,
  es: (l, moved, limb) => `localización (EDEN-ROLL-6) ${l.rolled}${moved ? ` movida ${l.shift > 0 ? '+' : ''}${l.shift} a ${l.face} (EDEN-ROLL-7)` : ''} → ${limb}`,
  de: (l, moved, limb) => `Trefferwurf (EDEN-ROLL-6) ${l.rolled}${moved ? ` um ${l.shift > 0 ? '+' : ''}${l.shift} auf ${l.face} verschoben (EDEN-ROLL-7)` : ''} → ${limb}`,
};

export function locationText(l: Location, lang: Lang): string {
  return LOCATION[lang](l, l.shift !== 0, limbName(l.limb, lang));
}

const WOUNDS: Phrase<[number, number, number]> = {
  en: (inflicted, protection, marked) => `${inflicted} wound(s), protection ${protection}, ${marked} PC lost (EDEN-WOUND-5)`,
  es: (inflicted, protection, marked) => `${inflicted} herida(s), protección ${protection}, ${marked} PC perdidos (EDEN-WOUND-5)`,
  de: (inflicted, protection, marked) => `${inflicted} Wunde(n), Rüstung ${protection}, ${marked} KP verloren (EDEN-WOUND-5)`,
};

const woundText = (inflicted: number, protection: number, marked: number, lang: Lang): string => WOUNDS[lang](inflicted, protection, marked);

const SUCCESS: T = { en: 'Success (EDEN-WOUND-6).', es: 'Éxito (EDEN-WOUND-6).', de: 'Erfolg (EDEN-WOUND-6).' };
const FAILURE: T = { en: 'Failure (EDEN-WOUND-6).', es: 'Fallo (EDEN-WOUND-6).', de: 'Fehlschlag (EDEN-WOUND-6).' };
const outcome = (success: boolean, lang: Lang): string => (success ? SUCCESS : FAILURE)[lang];

const OUT_OF_ACTION: Phrase<[string]> = {
  en: (name) => `${name} is out of action (EDEN-WOUND-4).`,
  es: (name) => `${name} queda fuera de combate (EDEN-WOUND-4).`,
  de: (name) => `${name} ist außer Gefecht (EDEN-WOUND-4).`,
};
const outOfAction = (name: string, lang: Lang): string => OUT_OF_ACTION[lang](name);

const NO_SUCCESS: T = {
  en: 'no success: the strike ends (EDEN-AMB-39)',
  es: 'ningún éxito: el golpe termina (EDEN-AMB-39)',
  de: 'kein Erfolg: der Schlag endet (EDEN-AMB-39)',
};
const DODGE_RAP: T = { en: 'dodge RAP (EDEN-MELEE-5)', es: 'esquiva RAP (EDEN-MELEE-5)', de: 'Ausweichen GES (EDEN-MELEE-5)' };

function exchangeText(e: Exchange, striker: string, lang: Lang): string {
  let text = rollText(`${striker} CBT`, e.roll, lang);
  text += '; ' + (e.location ? locationText(e.location, lang) : NO_SUCCESS[lang]);
  if (e.dodge) text += '; ' + rollText(DODGE_RAP[lang], e.dodge, lang);
  if (e.location) text += '; ' + woundText(e.inflicted, e.protection, e.marked, lang);
  return text + '.';
}

const REACTION_RULE = { passive: 'EDEN-MELEE-3', dodge: 'EDEN-MELEE-5', response: 'EDEN-MELEE-4' } as const;
const REACTION_NAME: Record<string, T> = {
  passive: { en: 'Passive', es: 'Pasiva', de: 'Passiv' },
  dodge: { en: 'Dodge', es: 'Esquiva', de: 'Ausweichen' },
  response: { en: 'Response', es: 'Respuesta', de: 'Zurückschlagen' },
};
const MELEE_HEAD: Phrase<[string, string, string, string]> = {
  en: (attacker, target, reaction, rule) => `${attacker} attacks ${target} in melee; reaction ${reaction} (${rule}).`,
  es: (attacker, target, reaction, rule) => `${attacker} ataca cuerpo a cuerpo a ${target}; reacción ${reaction} (${rule}).`,
  de: (attacker, target, reaction, rule) => `${attacker} greift ${target} im Nahkampf an; Reaktion ${reaction} (${rule}).`,
};

export function meleeSummary(r: MeleeResult, lang: Lang): string {
  const names = { attacker: r.attacker.name || r.attacker.id, target: r.target.name || r.target.id };
  let text = MELEE_HEAD[lang](names.attacker, names.target, REACTION_NAME[r.reaction]![lang], REACTION_RULE[r.reaction]);
  if (r.opposed) text += ' ' + opposedText(r.opposed, lang, [names.attacker, names.target]) + '.';
  for (const e of r.exchanges) text += ' ' + exchangeText(e, names[e.striker], lang);
  text += ' ' + outcome(r.success, lang);
  if (r.attacker.outOfAction) text += ' ' + outOfAction(names.attacker, lang);
  if (r.target.outOfAction) text += ' ' + outOfAction(names.target, lang);
  return text;
}

export function shotSummary(r: ShotResult, lang: Lang): string {
  const shooter = r.shooter.name || r.shooter.id;
  if (r.targetId === null) {
    return pick(
      {
        en: `${shooter} has no eligible target (EDEN-RANGED-2): the shot fails${r.apSpent ? ' (AP paid, ES)' : ' and does not take place (DE)'}.`,
        es: `${shooter} no tiene ningún blanco posible (EDEN-RANGED-2): el tiro es un fallo${r.apSpent ? ' (PA pagado)' : ''}.`,
        de: `${shooter} hat kein zulässiges Ziel (EDEN-RANGED-2): es findet kein Fernkampf statt${r.apSpent ? ' (AP bezahlt, ES)' : ''}.`,
      },
      lang,
    );
  }
  const parts = [
    pick(
      {
        en: `${shooter} shoots at ${r.targetId} (EDEN-RANGED-2).`,
        es: `${shooter} dispara a ${r.targetId} (EDEN-RANGED-2).`,
        de: `${shooter} schießt auf ${r.targetId} (EDEN-RANGED-2).`,
      },
      lang,
    ),
  ];
  if (r.roll) parts.push(rollText(pick({ en: 'CBT (EDEN-RANGED-3)', es: 'CBT (EDEN-RANGED-3)', de: 'KAT (EDEN-RANGED-3)' }, lang), r.roll, lang) + '.');
  if (r.redirectedTo) {
    parts.push(
      pick(
        {
          en: `Odd successes into a melee: the shot hits ${r.redirectedTo} (EDEN-RANGED-4).`,
          es: `Éxitos impares en un combate: el tiro impacta en ${r.redirectedTo} (EDEN-RANGED-4).`,
          de: `Ungerade Erfolge in einen Nahkampf: der Schuss trifft ${r.redirectedTo} (EDEN-RANGED-4).`,
        },
        lang,
      ),
    );
  }
  if (r.location) parts.push(locationText(r.location, lang) + ' (EDEN-RANGED-5).');
  if (r.potency) {
    parts.push(
      rollText(
        pick({ en: `Potency ${r.potency.value} (EDEN-RANGED-6)`, es: `Potencia ${r.potency.value} (EDEN-RANGED-6)`, de: `Stärke ${r.potency.value} (EDEN-RANGED-6)` }, lang),
        r.potency.roll,
        lang,
      ) + '.',
    );
    if (r.energyBeacon) {
      parts.push(
        pick(
          {
            en: 'Energy beacon within 5 cm: Gyromagnetic field, Complete +2 for this attack (EDEN-TERRAIN-LIST-10).',
            es: 'Baliza energética a 5 cm o menos: Campo giromagnético, Completa +2 para este ataque (EDEN-TERRAIN-LIST-10).',
            de: 'Energiebake in höchstens 5 cm: gyromagnetisches Feld, Alle +2 für diesen Angriff (EDEN-TERRAIN-LIST-10).',
          },
          lang,
        ),
      );
    }
    parts.push(woundText(r.inflicted, r.protection, r.marked, lang) + ' (EDEN-RANGED-7).');
  }
  parts.push(outcome(r.success, lang));
  if (r.hit?.fighter.outOfAction && r.marked > 0) parts.push(outOfAction(r.hit.fighter.name || r.hit.id, lang));
  return parts.join(' ');
}

export function throwSummary(r: ThrowResult, lang: Lang): string {
  const parts = [
    pick({ en: 'Throw: automatic success (EDEN-THROW-1).', es: 'Lanzamiento: éxito automático (EDEN-THROW-1).', de: 'Wurf: automatisch gelungen (EDEN-THROW-1).' }, lang),
  ];
  for (const h of r.results) {
    const name = h.fighter.name || h.id;
    if (h.roll)
      parts.push(
        rollText(
          pick(
            { en: `Explosion on ${name} (EDEN-EFFECT-EXPLOSIVE)`, es: `Explosión sobre ${name} (EDEN-EFFECT-EXPLOSIVE)`, de: `Explosion bei ${name} (EDEN-EFFECT-EXPLOSIVE)` },
            lang,
          ),
          h.roll,
          lang,
        ) + '.',
      );
    parts.push(
      pick(
        {
          en: `${name}: ${h.marked} PC lost, protection ignored.`,
          es: `${name}: ${h.marked} PC perdidos, sin protección.`,
          de: `${name}: ${h.marked} KP verloren, Rüstung ignoriert.`,
        },
        lang,
      ),
    );
    if (h.fighter.outOfAction && h.marked > 0) parts.push(outOfAction(name, lang));
  }
  return parts.join(' ');
}

export function spraySummary(r: SprayResult, lang: Lang): string {
  const parts = [
    pick(
      {
        en: 'Spray: no roll, one wound on each limb of every covered fighter, protection ignored (EDEN-SPRAY-2).',
        es: 'Chorro: sin tirada, una herida en cada miembro de cada combatiente cubierto, sin protección (EDEN-SPRAY-2).',
        de: 'Fläche: kein Wurf, eine Wunde an jeder Körperzone jedes bedeckten Kämpfers, Rüstung ignoriert (EDEN-SPRAY-2).',
      },
      lang,
    ),
  ];
  for (const h of r.results) {
    const name = h.fighter.name || h.id;
    parts.push(pick({ en: `${name}: ${h.marked} PC lost.`, es: `${name}: ${h.marked} PC perdidos.`, de: `${name}: ${h.marked} KP verloren.` }, lang));
    if (h.fighter.outOfAction && h.marked > 0) parts.push(outOfAction(name, lang));
  }
  parts.push(
    r.success
      ? pick({ en: 'Success (EDEN-AMB-24).', es: 'Éxito (EDEN-AMB-24).', de: 'Erfolg (EDEN-AMB-24).' }, lang)
      : pick({ en: 'Failure: nobody lost a PC (EDEN-AMB-24).', es: 'Fallo: nadie perdió PC (EDEN-AMB-24).', de: 'Fehlschlag: niemand verlor KP (EDEN-AMB-24).' }, lang),
  );
  return parts.join(' ');
}
