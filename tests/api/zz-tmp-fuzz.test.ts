import { it, expect } from 'vitest';
import fc from 'fast-check';
import { testApp, post } from '../helpers/app.js';
const ring = ['mountain1', 'waterfall1', 'swamp1', 'forest1', 'mountain2', 'waterfall2', 'swamp2', 'forest2'];
const ids = [...ring, 'noa', 'removed', 'x', '__proto__', 'constructor'];
const terr = ['waterfall','swamp','forest','mountain'];
const st = ['healthy','devastated','destroyed'];
it('no 500', async () => {
  const app = await testApp();
  const bad: unknown[] = [];
  const soe = fc.record({
    ring: fc.constantFrom(ring, [...ring].reverse(), ring.map((r, i) => (i === 3 ? 'constructor' : r))),
    cards: fc.dictionary(fc.constantFrom(...ids), fc.record({ terrain: fc.constantFrom(...terr), state: fc.constantFrom(...st) })).map((d) => ({ ...Object.fromEntries(ring.map((id) => [id, { terrain: id.replace(/\d$/, ''), state: 'healthy' }])), ...d })),
    goomz: fc.array(fc.record({ color: fc.constantFrom('yellow','red','black'), at: fc.constantFrom(...ids), ambushedBy: fc.option(fc.constantFrom('water','fauna','flora')) }), { minLength: 1, maxLength: 3 }),
    allies: fc.array(fc.record({ kind: fc.constantFrom('water','fauna','flora'), at: fc.constantFrom(...ids), protecting: fc.boolean(), availableFromTurn: fc.integer({min:1,max:9}) }), { maxLength: 3 }),
    order: fc.array(fc.constantFrom('yellow','red','black'), { maxLength: 3 }),
    objectives: fc.option(fc.array(fc.record({ color: fc.constantFrom('yellow','red','black'), pile: fc.array(fc.record({}), { maxLength: 3 }) }), { maxLength: 3 }), { nil: undefined }),
    modes: fc.subarray(['devastator','celestial','scarcity']),
    picks: fc.record({ red: fc.constantFrom('water','fauna','flora') }, { requiredKeys: [] }),
    options: fc.record({ dSendsAll: fc.boolean(), protectionEndsWithPhase: fc.boolean() }),
    turn: fc.integer({ min: 1, max: 9 }),
    placements: fc.record({ fauna: fc.constantFrom(...ids) }, { requiredKeys: [] }),
  });
  await fc.assert(fc.asyncProperty(soe, async (b) => {
    for (const url of ['/v1/spirit-of-eden/goomz-phase', '/v1/spirit-of-eden/status', '/v1/spirit-of-eden/turn-start']) {
      const r = await post(app, url, b);
      if (r.status === 500) { bad.push([url, b, r.body]); }
    }
  }), { numRuns: 400 });
  const step = fc.record({ type: fc.constantFrom('place','reroll','bonus','noa'), die: fc.integer({min:0,max:3}), card: fc.integer({min:0,max:3}), discard: fc.integer({min:0,max:3}), value: fc.integer({min:1,max:6}) }, { requiredKeys: ['type','die'] });
  await fc.assert(fc.asyncProperty(fc.record({ roll: fc.array(fc.integer({min:1,max:6}),{minLength:4,maxLength:4}), steps: fc.array(step,{maxLength:10}), modes: fc.subarray(['fearless','scarcity']), disabledCard: fc.integer({min:0,max:3}), noaPowerUsed: fc.boolean(), bonusesAvailable: fc.integer({min:0,max:3}) }, { requiredKeys: ['roll','steps'] }), async (b) => {
    const r = await post(app, '/v1/spirit-of-eden/player-phase/validate', b);
    if (r.status === 500) bad.push(['pp', b, r.body]);
  }), { numRuns: 300 });
  const ch = fc.record({ name: fc.string({minLength:1,maxLength:3}), combat: fc.integer({min:0,max:10}), speed: fc.integer({min:0,max:10}), incapacitated: fc.boolean() });
  const group = fc.record({ characters: fc.array(ch, {minLength:1,maxLength:4}), rested: fc.boolean(), handSize: fc.integer({min:0,max:5}) });
  const row = fc.record({ min: fc.integer({min:1,max:10}), max: fc.integer({min:1,max:10}), result: fc.constantFrom('nothing','encounter','special'), count: fc.integer({min:1,max:3}), expels: fc.boolean() }, { requiredKeys: ['min','max','result'] });
  const card = fc.record({ name: fc.string({minLength:1,maxLength:3}), kind: fc.constantFrom('creature','event'), level: fc.integer({min:1,max:3}), combat: fc.integer({min:0,max:12}), losesTurn: fc.boolean(), gifts: fc.integer({min:0,max:3}) }, { requiredKeys: ['name','kind','level'] });
  const dice = fc.oneof(fc.record({ values: fc.array(fc.integer({min:1,max:12}), {maxLength: 8}) }), fc.record({ seed: fc.string({minLength:1,maxLength:5}) }));
  const fullTable = fc.constant([{min:1,max:3,result:'nothing'},{min:4,max:7,result:'encounter',count:2},{min:8,max:10,result:'special'}]);
  await fc.assert(fc.asyncProperty(fc.record({
    location: fc.record({ name: fc.constantFrom('A','B'), level: fc.integer({min:1,max:3}), table: fc.oneof(fullTable, fc.array(row,{minLength:1,maxLength:10})), rewards: fc.array(fc.record({ kind: fc.constantFrom('gift','recruit','mission','special'), mission: fc.constantFrom('M','N') }, { requiredKeys: ['kind'] }), {minLength:1,maxLength:4}) }),
    group, opponent: group, creature: fc.record({ name: fc.constant('c'), combat: fc.integer({min:0,max:12}) }),
    encounters: fc.array(card, {maxLength: 4}), dice, difficulty: fc.integer({min:0,max:30}),
    players: fc.array(fc.record({ id: fc.constantFrom('a','b','c','d'), speed: fc.integer({min:0,max:5}), group }, { requiredKeys: ['id'] }), {minLength:2,maxLength:5}),
    tieBreaks: fc.array(fc.record({ speed: fc.integer({min:0,max:5}), order: fc.array(fc.constantFrom('a','b','c','d'),{minLength:2,maxLength:4}) }), {maxLength:3}),
    turn: fc.integer({min:1,max:5}), lastRecruit: fc.record({ location: fc.constantFrom('A','B'), turn: fc.integer({min:1,max:5}) }), missions: fc.array(fc.constantFrom('M','N')),
    context: fc.constantFrom('prior','exploration','mission'),
  }, { requiredKeys: ['location','group','dice'] }), async (b) => {
    for (const url of ['/v1/anima/explorations','/v1/anima/combats','/v1/anima/speed-tests','/v1/anima/turn-order','/v1/anima/rewards']) {
      const r = await post(app, url, b);
      if (r.status === 500) bad.push([url, b, r.body]);
    }
  }), { numRuns: 400 });
  for (const junk of [null, [], 'x', 1, {}, { dice: { values: [] } }]) {
    for (const url of ['/v1/anima/explorations','/v1/anima/combats','/v1/spirit-of-eden/goomz-phase','/v1/spirit-of-eden/player-phase/validate']) {
      const r = await app.inject({ method: 'POST', url, payload: JSON.stringify(junk), headers: { 'content-type': 'application/json' } });
      if (r.statusCode === 500) bad.push([url, junk, r.body]);
    }
  }
  console.log(JSON.stringify(bad.slice(0, 3), null, 1), bad.length);
  expect(bad).toEqual([]);
  await app.close();
}, 300000);
