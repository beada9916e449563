/** The grammar and bounds both dice-notation operations document (CONTRACT §7.3). */
import { MAX_DICE_PER_TERM, MAX_DICE_TOTAL, MAX_EXPLOSIONS, MAX_REROLLS, MAX_SIDES } from '../../games/dice/notation/index.js';

export const GRAMMAR = [
  '**Grammar** (letters case-insensitive, spaces between tokens ignored):',
  '- integers `2`; dice `NdM` (N = 1 when omitted: `dM`), `d%` (= d100), `dF` (fudge die −1/0/+1, drawn as a d3: 1 → −1, 2 → 0, 3 → +1);',
  '- keep/drop `kh`/`kl`/`dh`/`dl` with an optional count (default 1): `4d6kh3`, `2d20kh1`, `4d6dl`; ties: the earlier die counts as higher;',
  `- exploding \`!\` (a die showing its highest face adds another) and \`!>=n\` (showing n or more); each die explodes at most ${MAX_EXPLOSIONS} times: the draw at that depth is kept as drawn and not rolled again (the distribution counts it the same way, so the truncated tail is folded into that draw, never dropped);`,
  `- reroll \`r<n\` (a draw below n is rolled again, at most ${MAX_REROLLS} times; the last one is kept whatever it shows) and \`ro<n\` (once); explosion draws are rerolled the same way;`,
  "- success counting `>=n` / `<=n`: the term's total is the number of kept dice whose value (an exploded die: its sum) meets the target: `6d6>=5`;",
  '- `+ - * /` with the usual precedence, unary minus and parentheses; `/` is integer division rounding down; dividing by zero is 422 `division_by_zero`.',
  `**Bounds**: 1 to ${MAX_DICE_PER_TERM.toLocaleString('en')} dice and 1 to ${MAX_SIDES.toLocaleString('en')} sides per term, ${MAX_DICE_TOTAL.toLocaleString('en')} dice in the whole notation, 500 characters, constants up to 1,000,000,000. A notation outside the grammar or the bounds is 400 \`bad_notation\` with \`position\` (0-based character index) at the top level and in its \`errors\` entry (path \`/notation\`).`,
  'Examples: `4d6kh3+2`, `2d20kh1`, `10d10!`, `4dF`, `6d6>=5`, `(2d6+3)*2`.',
].join('\n');

export const NOTATION_EXAMPLES = ['4d6kh3+2', '2d20kh1', '10d10!', '4dF', '6d6>=5', '(2d6+3)*2'];
