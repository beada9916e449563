/**
 * One dice term of a notation as Foundry's dice term (CONTRACT §9.3): its modifiers in Foundry's
 * syntax and every draw as a result of the one `Die` (or `FateDie`), marked as Foundry marks them.
 *
 * Modifiers, in the order the notation applies them (Foundry applies them in the order written):
 * - reroll `ro<n` → `r<n` (once), `r<n` → `rr<n` (again while below n);
 * - exploding `!` and compounding `!!` → `x` (the highest face), `!>=n` / `!!>=n` → `x>=n`;
 * - keep/drop `kh`, `kl`, `dh`, `dl` with their count: `kh3`;
 * - success counting `>=n` / `<=n` → `cs>=n` / `cs<=n`; failures `f<=n` / `f>=n` → `df<=n` / `df>=n`.
 * Foundry's modifiers take no negative number (its formula reads `-` as a subtraction): a dF
 * threshold below 0 is written as the same test on the faces −1..+1 (`>=-1` → `<=1`, `<=-1` → `<0`),
 * and a reroll below the lowest face, which never rerolls, is left out.
 *
 * Results follow the transcript: the term's dice first, then each reroll and explosion draw. A
 * draw rolled again is `rerolled` and inactive, one that exploded `exploded`, every draw of a
 * dropped die `discarded` and inactive. With success counting each kept die counts once, on its
 * first active result (`count` 1, 0 or −1 with `success` / `failure` as Foundry's `cs` and `df`
 * mark them; an exploded die's other draws count 0), since the notation tests the die's whole
 * value. A FateDie without counting marks −1 a failure and +1 a success, as Foundry does.
 */
import { highestFace, lowestFace, successScore, type DiceTerm, type Draw } from './notation/index.js';
import { fateResult, type FoundryDieTerm, type FoundryResult } from './foundry.js';

type Test = { op: '>=' | '<='; target: number };

/** A `>=` / `<=` test on the faces lo..hi, written with no negative number. */
function comparison({ op, target }: Test, lo: number, hi: number): string {
  if (op === '>=') {
    const t = Math.max(target, lo);
    // every face meets it: on dF (lo −1) that is "at most the highest face"
    return t >= 0 ? `>=${t}` : `<=${hi}`;
  }
  const t = Math.max(target, lo - 1);
  if (t >= 0) return `<=${t}`;
  // dF: "at most −1" is "below 0"; below the lowest face no face meets it
  return t === -1 ? '<0' : `>${hi}`;
}

/** The term's modifiers in Foundry's syntax, in the order the notation applies them. */
function foundryModifiers(term: DiceTerm): string[] {
  const lo = lowestFace(term);
  const hi = highestFace(term);
  const out: string[] = [];
  // CONTRACT §7.3 reroll: below the lowest face nothing is rerolled (and Foundry writes no negative)
  if (term.reroll && term.reroll.below > lo) out.push(`${term.reroll.once ? 'r' : 'rr'}<${term.reroll.below}`);
  if (term.explode) {
    const last = !term.keep && !term.success;
    // `x` alone explodes on the die's faces; a letter right after it would join its name (`xkh`)
    if (!term.fudge && term.explode.atLeast === term.sides) out.push(last ? 'x' : `x${term.sides}`);
    else out.push(`x${comparison({ op: '>=', target: term.explode.atLeast }, lo, hi)}`);
  }
  if (term.keep) out.push(`${term.keep.mode}${term.keep.count}`);
  if (term.success) out.push(`cs${comparison(term.success, lo, hi)}`);
  if (term.failure) out.push(`df${comparison(term.failure, lo, hi)}`);
  return out;
}

/** Each die's value: the sum of its draws that were not rolled again. */
function dieValues(draws: readonly Draw[]): Map<number, number> {
  const values = new Map<number, number>();
  for (const d of draws) if (!d.rerolled) values.set(d.die, (values.get(d.die) ?? 0) + d.value);
  return values;
}

/** A counted die's mark: Foundry's `cs` flags `success`, its `df` turns a failure into `failure`. */
function counted(term: DiceTerm, value: number): Pick<FoundryResult, 'success' | 'failure' | 'count'> {
  const count = successScore(term, value);
  const failed = successScore({ failure: term.failure }, value) < 0;
  return failed ? { failure: true, count } : { success: successScore({ success: term.success }, value) > 0, count };
}

/** The dice term `term` rolled as `draws` (its draws in transcript order), as Foundry's dice term. */
export function foundryDieTerm(term: DiceTerm, draws: readonly Draw[]): FoundryDieTerm {
  const values = dieValues(draws);
  const scored = new Set<number>();
  const results = draws.map((d): FoundryResult => {
    const active = !d.dropped && !d.rerolled;
    const out: FoundryResult = term.fudge && !term.success ? fateResult(d.value) : { result: d.value, active };
    out.active = active;
    if (d.dropped) out.discarded = true;
    if (d.rerolled) out.rerolled = true;
    if (d.exploded) out.exploded = true;
    // CONTRACT §7.3 success counting: a kept die counts once, on its first active draw
    if (term.success && active) {
      Object.assign(out, scored.has(d.die) ? { count: 0 } : counted(term, values.get(d.die)!));
      scored.add(d.die);
    }
    return out;
  });
  return {
    class: term.fudge ? 'FateDie' : 'Die',
    options: term.label === undefined ? {} : { flavor: term.label },
    evaluated: true,
    number: term.count,
    faces: term.sides,
    modifiers: foundryModifiers(term),
    results,
  };
}
