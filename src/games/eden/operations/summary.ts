/** Narrative summaries (es/de/en) of EDEN roll and attack results, naming the rule IDs applied. */
import type { Lang } from '../../../app/i18n.js';
import type { CharacteristicRoll, OpposedRoll } from '../rules/rolls.js';
import type { Location } from '../rules/location.js';
import type { Exchange, MeleeResult } from '../rules/melee.js';
import type { ShotResult } from '../rules/ranged.js';
import type { ThrowResult } from '../rules/thrown.js';
import type { SprayResult } from '../rules/spray.js';
import type { Limb } from '../rules/fighter.js';

type T = Record<Lang, string>;
const pick = (t: T, lang: Lang) => t[lang];

const LIMB_NAMES: Record<Limb, T> = {
  head: { en: 'head', es: 'cabeza', de: 'Kopf' },
  arms: { en: 'arms', es: 'brazos', de: 'Arme' },
  torso: { en: 'torso', es: 'torso', de: 'Rumpf' },
  legs: { en: 'legs', es: 'piernas', de: 'Beine' },
};
const limbName = (l: Limb, lang: Lang) => LIMB_NAMES[l][lang];

export function rollText(label: string, r: CharacteristicRoll, lang: Lang): string {
  const capped = r.difficulty > 6 ? ` (EDEN-ROLL-2: ${r.value}→${r.pool}, ${r.difficulty}→6)` : '';
  if (r.pool <= 0) {
    return pick(
      {
        en: `${label}: pool ${r.pool}${capped}, automatic failure (EDEN-ROLL-3)`,
        es: `${label}: reserva ${r.pool}${capped}, fallo automático (EDEN-ROLL-3)`,
        de: `${label}: ${r.pool} Würfel${capped}, automatisch misslungen (EDEN-ROLL-3)`,
      },
      lang,
    );
  }
  const dice = r.values.join(', ');
  return pick(
    {
      en: `${label}: ${r.pool}D6 ≥ ${r.threshold}${capped} → [${dice}], ${r.successes} success(es) (EDEN-ROLL-1)`,
      es: `${label}: ${r.pool}D6 ≥ ${r.threshold}${capped} → [${dice}], ${r.successes} éxito(s) (EDEN-ROLL-1)`,
      de: `${label}: ${r.pool}W6 ≥ ${r.threshold}${capped} → [${dice}], ${r.successes} Erfolg(e) (EDEN-ROLL-1)`,
    },
    lang,
  );
}

export function opposedText(o: OpposedRoll, lang: Lang, names: [string, string] = ['A', 'B']): string {
  const rounds = o.rounds.map((r) => `${r.a}/${r.b}`).join('; ');
  const winner = o.winner === 'a' ? names[0] : names[1];
  const by = o.by === 'characteristic';
  return pick(
    {
      en: `Opposed roll (EDEN-ROLL-5): dice ${rounds}, totals ${o.a.total} vs ${o.b.total}; ${winner} wins${by ? ' on the higher characteristic' : ''}${o.rounds.length > 1 ? ' after re-rolling full ties' : ''}`,
      es: `Tirada opuesta (EDEN-ROLL-5): dados ${rounds}, totales ${o.a.total} contra ${o.b.total}; gana ${winner}${by ? ' por la característica más alta' : ''}${o.rounds.length > 1 ? ' tras repetir empates completos' : ''}`,
      de: `Vergleichswurf (EDEN-ROLL-5): Würfel ${rounds}, Summen ${o.a.total} gegen ${o.b.total}; ${winner} gewinnt${by ? ' durch das höhere Attribut' : ''}${o.rounds.length > 1 ? ' nach Wiederholung voller Gleichstände' : ''}`,
    },
    lang,
  );
}

export function locationText(l: Location, lang: Lang): string {
  const moved = l.shift !== 0;
  return pick(
    {
      en: `location (EDEN-ROLL-6) ${l.rolled}${moved ? ` moved ${l.shift > 0 ? '+' : ''}${l.shift} to ${l.face} (EDEN-ROLL-7)` : ''} → ${limbName(l.limb, lang)}`,
      es: `localización (EDEN-ROLL-6) ${l.rolled}${moved ? ` movida ${l.shift > 0 ? '+' : ''}${l.shift} a ${l.face} (EDEN-ROLL-7)` : ''} → ${limbName(l.limb, lang)}`,
      de: `Trefferwurf (EDEN-ROLL-6) ${l.rolled}${moved ? ` um ${l.shift > 0 ? '+' : ''}${l.shift} auf ${l.face} verschoben (EDEN-ROLL-7)` : ''} → ${limbName(l.limb, lang)}`,
    },
    lang,
  );
}

function woundText(inflicted: number, protection: number, marked: number, lang: Lang): string {
  return pick(
    {
      en: `${inflicted} wound(s), protection ${protection}, ${marked} PC lost (EDEN-WOUND-5)`,
      es: `${inflicted} herida(s), protección ${protection}, ${marked} PC perdidos (EDEN-WOUND-5)`,
      de: `${inflicted} Wunde(n), Rüstung ${protection}, ${marked} KP verloren (EDEN-WOUND-5)`,
    },
    lang,
  );
}

function outcome(success: boolean, lang: Lang): string {
  return success
    ? pick({ en: 'Success (EDEN-WOUND-6).', es: 'Éxito (EDEN-WOUND-6).', de: 'Erfolg (EDEN-WOUND-6).' }, lang)
    : pick({ en: 'Failure (EDEN-WOUND-6).', es: 'Fallo (EDEN-WOUND-6).', de: 'Fehlschlag (EDEN-WOUND-6).' }, lang);
}

function outOfAction(name: string, lang: Lang): string {
  return pick({ en: `${name} is out of action (EDEN-WOUND-4).`, es: `${name} queda fuera de combate (EDEN-WOUND-4).`, de: `${name} ist außer Gefecht (EDEN-WOUND-4).` }, lang);
}

function exchangeText(e: Exchange, striker: string, lang: Lang): string {
  const parts = [rollText(`${striker} CBT`, e.roll, lang)];
  if (e.location) parts.push(locationText(e.location, lang));
  else
    parts.push(
      pick({ en: 'no success: the strike ends (EDEN-AMB-39)', es: 'ningún éxito: el golpe termina (EDEN-AMB-39)', de: 'kein Erfolg: der Schlag endet (EDEN-AMB-39)' }, lang),
    );
  if (e.dodge) parts.push(rollText(pick({ en: 'dodge RAP (EDEN-MELEE-5)', es: 'esquiva RAP (EDEN-MELEE-5)', de: 'Ausweichen GES (EDEN-MELEE-5)' }, lang), e.dodge, lang));
  if (e.location) parts.push(woundText(e.inflicted, e.protection, e.marked, lang));
  return parts.join('; ') + '.';
}

const REACTION_RULE = { passive: 'EDEN-MELEE-3', dodge: 'EDEN-MELEE-5', response: 'EDEN-MELEE-4' } as const;
const REACTION_NAME: Record<string, T> = {
  passive: { en: 'Passive', es: 'Pasiva', de: 'Passiv' },
  dodge: { en: 'Dodge', es: 'Esquiva', de: 'Ausweichen' },
  response: { en: 'Response', es: 'Respuesta', de: 'Zurückschlagen' },
};

export function meleeSummary(r: MeleeResult, lang: Lang): string {
  const names = { attacker: r.attacker.name || r.attacker.id, target: r.target.name || r.target.id };
  const head = pick(
    {
      en: `${names.attacker} attacks ${names.target} in melee; reaction ${REACTION_NAME[r.reaction]!.en} (${REACTION_RULE[r.reaction]}).`,
      es: `${names.attacker} ataca cuerpo a cuerpo a ${names.target}; reacción ${REACTION_NAME[r.reaction]!.es} (${REACTION_RULE[r.reaction]}).`,
      de: `${names.attacker} greift ${names.target} im Nahkampf an; Reaktion ${REACTION_NAME[r.reaction]!.de} (${REACTION_RULE[r.reaction]}).`,
    },
    lang,
  );
  const parts = [head];
  if (r.opposed) parts.push(opposedText(r.opposed, lang, [names.attacker, names.target]) + '.');
  for (const e of r.exchanges) parts.push(exchangeText(e, names[e.striker], lang));
  parts.push(outcome(r.success, lang));
  if (r.attacker.outOfAction) parts.push(outOfAction(names.attacker, lang));
  if (r.target.outOfAction) parts.push(outOfAction(names.target, lang));
  return parts.join(' ');
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
