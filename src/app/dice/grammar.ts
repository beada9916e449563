/** The grammar and bounds both dice-notation operations document (CONTRACT §7.3). */
import { MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPLOSIONS, MAX_LABEL, MAX_REROLLS, MAX_SIDES } from '../../kernel/dice/notation/index.js';

export const GRAMMAR = [
  '**Grammar** (letters case-insensitive, spaces between tokens ignored):',
  '- integers `2`; dice `NdM` (N = 1 when omitted: `dM`), `d%` (= d100), `dF` (fudge die: faces −1, 0, +1 in fixed `values`, in the transcript and in `terms`; the seeded generator draws a d3 and reads face − 2);',
  '- keep/drop `kh`/`kl`/`dh`/`dl` with an optional count (default 1): `4d6kh3`, `2d20kh1`, `4d6dl`; ties: the earlier die counts as higher;',
  `- exploding \`!\` (a die showing its highest face adds another) and \`!>=n\` (showing n or more); each die explodes at most ${MAX_EXPLOSIONS} times: the draw at that depth is kept as drawn and not rolled again (the distribution counts it the same way, so the truncated tail is folded into that draw, never dropped). An exploded die is one value, the sum of its draws, for keep/drop and success counting alike;`,
  "- compounding `!!` (and `!!>=n`): each exploded die's draws add into one value — exactly how `!` already counts here, so `!!` and `!` give the same values, totals and distributions; write whichever your players know;",
  `- reroll \`r<n\` (a draw below n is rolled again, at most ${MAX_REROLLS} times; the last one is kept whatever it shows) and \`ro<n\` (once); explosion draws are rerolled the same way;`,
  "- success counting `>=n` / `<=n`: the term's total is the number of kept dice whose value (an exploded die: its sum) meets the target: `6d6>=5`; failures `f<=n` / `f>=n` after a success test take one success away per kept die meeting them (`10d10>=8f<=1`: successes minus dice showing 1; a die meeting both counts 0), and the term gains `failures`;",
  `- labels: \`[text]\` after a dice term or a constant (1 to ${MAX_LABEL} characters, no brackets, spaces before it allowed): \`4d6[fire]+1d8[cold]\`, \`1d20+5[strength]\`; \`terms[].label\` carries the text as written;`,
  '- `+ - * /` with the usual precedence, unary minus and parentheses; `/` is integer division rounding down; dividing by zero is 422 `division_by_zero`.',
  `**Bounds**: 1 to ${MAX_DICE_PER_TERM.toLocaleString('en')} dice and 1 to ${MAX_SIDES.toLocaleString('en')} sides per term, ${MAX_DICE_TOTAL.toLocaleString('en')} dice in the whole notation, 500 characters, constants up to 1,000,000,000. A notation outside the grammar or the bounds is 400 \`bad_notation\` with \`position\` (0-based character index) at the top level and in its \`errors\` entry (path \`/notation\`).`,
  'Examples: `4d6kh3+2`, `2d20kh1`, `10d10!`, `5d10!!`, `4dF`, `6d6>=5`, `10d10>=8f<=1`, `4d6[fire]+1d8[cold]`, `(2d6+3)*2`.',
].join('\n');

export const NOTATION_EXAMPLES = ['4d6kh3+2', '2d20kh1', '10d10!', '4dF', '6d6>=5', '(2d6+3)*2', '10d10>=8f<=1', '4d6[fire]+1d8[cold]'];
