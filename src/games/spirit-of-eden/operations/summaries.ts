/** es/de/en narrative summaries for The Spirit of Eden operations (CONTRACT §0). */
import type { Lang } from '../../../kernel/i18n.js';
import type { GoomzPhase, GoomzStep, PlayerPhaseResult } from '../rules/index.js';

type Tri = Record<Lang, string>;

const COLORS: Record<string, Tri> = {
  yellow: { en: 'Yellow', es: 'Amarillo', de: 'Gelb' },
  red: { en: 'Red', es: 'Rojo', de: 'Rot' },
  black: { en: 'Black', es: 'Negro', de: 'Schwarz' },
};

function stepText(s: GoomzStep, lang: Lang): string {
  const c = COLORS[s.color]![lang];
  const t: Record<GoomzStep['effect'], Tri> = {
    devastated: { en: `devastates ${s.card}`, es: `devasta ${s.card}`, de: `verwüstet ${s.card}` },
    destroyed: { en: `destroys ${s.card}`, es: `destruye ${s.card}`, de: `zerstört ${s.card}` },
    moved: { en: `moves clockwise to ${s.to}`, es: `avanza en sentido horario a ${s.to}`, de: `zieht im Uhrzeigersinn nach ${s.to}` },
    withdrew: {
      en: `withdraws to ${s.to}; objective claimed`,
      es: `se retira a ${s.to}; objetivo obtenido`,
      de: `zieht sich nach ${s.to} zurück; Ziel erfüllt`,
    },
    protection_used: { en: `uses up ${s.ally}'s protection`, es: `agota la protección de ${s.ally}`, de: `verbraucht den Schutz von ${s.ally}` },
    ally_to_noa: { en: `sends ${s.ally} to Noa`, es: `envía a ${s.ally} a Noa`, de: `schickt ${s.ally} zu Noa` },
  };
  return `${c}: ${t[s.effect][lang]} (SOE-GOOMZ-${s.rule})`;
}

export function goomzPhaseText(r: GoomzPhase, lang: Lang): string {
  const parts = r.steps.map((s) => stepText(s, lang));
  if (r.won) parts.push({ en: 'Victory (SOE-END-1)', es: '¡Victoria! (SOE-END-1)', de: 'Sieg (SOE-END-1)' }[lang]);
  if (r.lost)
    parts.push(
      {
        en: 'Defeat: two identical Terrain cards destroyed (SOE-END-2)',
        es: 'Derrota: dos Terrenos idénticos destruidos (SOE-END-2)',
        de: 'Niederlage: zwei gleiche Geländekarten zerstört (SOE-END-2)',
      }[lang],
    );
  return parts.join('. ') + '.';
}

export function playerPhaseText(r: PlayerPhaseResult, lang: Lang): string {
  if (r.valid) {
    return {
      en: `Valid player phase: ${r.actions.length} action(s), ${r.discards} die/dice set aside (SOE-PLACE-1, SOE-REROLL-1, SOE-NOA-1).`,
      es: `Fase del jugador válida: ${r.actions.length} acción(es), ${r.discards} dado(s) descartado(s) (SOE-PLACE-1, SOE-REROLL-1, SOE-NOA-1).`,
      de: `Gültige Spielerphase: ${r.actions.length} Aktion(en), ${r.discards} Würfel beiseitegelegt (SOE-PLACE-1, SOE-REROLL-1, SOE-NOA-1).`,
    }[lang];
  }
  const codes = [...new Set(r.errors.map((e) => e.code))].join(', ');
  return {
    en: `Invalid player phase: ${r.errors.length} problem(s): ${codes}.`,
    es: `Fase del jugador no válida: ${r.errors.length} problema(s): ${codes}.`,
    de: `Ungültige Spielerphase: ${r.errors.length} Problem(e): ${codes}.`,
  }[lang];
}

export function statusText(won: boolean, lost: boolean, lang: Lang): string {
  if (lost) return { en: 'The game is lost (SOE-END-2).', es: 'La partida está perdida (SOE-END-2).', de: 'Das Spiel ist verloren (SOE-END-2).' }[lang];
  if (won)
    return { en: 'The game is won (SOE-END-1, SOE-MODE-5).', es: 'La partida está ganada (SOE-END-1, SOE-MODE-5).', de: 'Das Spiel ist gewonnen (SOE-END-1, SOE-MODE-5).' }[lang];
  return { en: 'The game goes on (SOE-END-1, SOE-END-2).', es: 'La partida continúa (SOE-END-1, SOE-END-2).', de: 'Das Spiel geht weiter (SOE-END-1, SOE-END-2).' }[lang];
}

export function turnStartText(returned: { kind: string; to: string }[], lang: Lang): string {
  const list = returned.map((r) => `${r.kind} → ${r.to}`).join(', ') || '—';
  return {
    en: `Allies back from Noa: ${list} (SOE-NOA-RET-2).`,
    es: `Aliados que vuelven de Noa: ${list} (SOE-NOA-RET-2).`,
    de: `Von Noa zurückkehrende Verbündete: ${list} (SOE-NOA-RET-2).`,
  }[lang];
}
