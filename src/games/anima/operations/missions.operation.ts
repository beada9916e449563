/** anima.missions — POST /v1/anima/missions/status (ANIMA-MISSION-2/3/5, ANIMA-OPT-MULTI-1). */
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../../kernel/operation.js';
import { SummarySchema } from '../../../kernel/schemas/common.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { finalMissionAccess, resistStep } from '../rules/index.js';
import { missionExamples } from './examples.js';

export const animaMissionsOperation = defineOperation({
  id: 'anima.missions',
  method: 'POST',
  path: '/v1/anima/missions/status',
  graphql: { name: 'animaMissionStatus' },
  tags: ['anima'],
  summary: 'Final Mission access and one round of a Resist mission.',
  description: `- **Final Mission** (ANIMA-MISSION-2/3): \`revealNow\` is true for the first Basic Mission completed in the game (\`completedBasic\` ≥ 1 while \`finalRevealed\` is false): draw one of the 3 Final Missions at random, face up; later completions reveal nothing. \`canAttempt\` once the player has completed one Basic Mission, or both with the optional rule \`multipleMissions\` (ANIMA-OPT-MULTI-1). The winner is whoever completes the Final Mission; its objective is card text.
- **Resist** (ANIMA-MISSION-5), optional \`resist\` {progress, rounds, defeated}: one round, resolved in the Exploration phase (after Interaction, so the Group may have been attacked first). The Group stays at the Location without moving or exploring; \`defeated\` (by the mission's enemies or a rival) expels it and resets \`progress\` to 0; otherwise \`progress\` + 1, \`completed\` when it reaches \`rounds\` (printed on the Mission card). \`progress\` ≥ \`rounds\` is 400. No dice.`,
  body: Type.Object({
    completedBasic: Type.Integer({ minimum: 0, maximum: 2, description: 'Basic Missions this player has completed.' }),
    finalRevealed: Type.Boolean({ description: 'The Final Mission is already face up.' }),
    multipleMissions: Type.Optional(Type.Boolean({ description: 'Optional rule ANIMA-OPT-MULTI-1: both Basic Missions first.' })),
    resist: Type.Optional(
      Type.Object({
        progress: Type.Integer({ minimum: 0, maximum: 20, description: 'Rounds already held.' }),
        rounds: Type.Integer({ minimum: 1, maximum: 20, description: 'Rounds the Mission card requires.' }),
        defeated: Type.Optional(Type.Boolean({ description: 'The Group was defeated this round.' })),
      }),
    ),
  }),
  examples: missionExamples,
  response: Type.Object({
    required: Type.Integer(),
    revealNow: Type.Boolean(),
    canAttempt: Type.Boolean(),
    resist: Type.Optional(Type.Object({ progress: Type.Integer(), completed: Type.Boolean(), expelled: Type.Boolean() })),
    summary: SummarySchema,
  }),
  handle(input, ctx) {
    if (input.resist && input.resist.progress >= input.resist.rounds) {
      throw new InvalidInput([{ path: '/resist/progress', code: 'already_complete', message: '`progress` must be below `rounds`.' }]);
    }
    const access = finalMissionAccess(input.completedBasic, input.finalRevealed, input.multipleMissions ?? false);
    const resist = input.resist ? resistStep(input.resist.progress, input.resist.rounds, input.resist.defeated ?? false) : undefined;
    const yes = access.canAttempt;
    const summary = {
      en: `${access.revealNow ? 'Reveal the Final Mission (ANIMA-MISSION-2). ' : ''}The Final Mission ${yes ? 'may' : 'may not yet'} be attempted (ANIMA-MISSION-3)${resist ? `; Resist: ${resist.expelled ? 'defeated, expelled, restart from 0' : `${resist.progress}/${input.resist!.rounds}`} (ANIMA-MISSION-5)` : ''}.`,
      es: `${access.revealNow ? 'Revela la Misión Final (ANIMA-MISSION-2). ' : ''}La Misión Final ${yes ? 'puede' : 'aún no puede'} intentarse (ANIMA-MISSION-3)${resist ? `; Resistir: ${resist.expelled ? 'derrotado, expulsado, vuelve a empezar' : `${resist.progress}/${input.resist!.rounds}`} (ANIMA-MISSION-5)` : ''}.`,
      de: `${access.revealNow ? 'Die Finale Mission wird aufgedeckt (ANIMA-MISSION-2). ' : ''}Die Finale Mission ${yes ? 'darf' : 'darf noch nicht'} versucht werden (ANIMA-MISSION-3)${resist ? `; Durchhalten: ${resist.expelled ? 'besiegt, vertrieben, Neubeginn' : `${resist.progress}/${input.resist!.rounds}`} (ANIMA-MISSION-5)` : ''}.`,
    }[ctx.lang];
    return { ...access, ...(resist ? { resist } : {}), summary };
  },
});
