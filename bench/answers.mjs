// Answers snapshot for performance work: every operation's every documented example (JSON, in two
// languages, plus an invalid body), the system routes, the documentation pages, GraphQL, CORS and
// the error paths (404, 415, malformed and too-deep JSON), answered by a compiled build (dist/)
// through `app.inject` with a fixed clock and id source, so two builds can be compared byte for byte.
//   node bench/answers.mjs <dist-dir> <out.json>      write a snapshot
//   node bench/answers.mjs --diff <a.json> <b.json>   compare two (exit 1 on any difference)
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (process.argv[2] === '--diff') {
  const [a, b] = [process.argv[3], process.argv[4]].map((f) => JSON.parse(readFileSync(f, 'utf8')));
  let differences = 0;
  let orderOnly = 0;
  if (a.length !== b.length) console.log(`count: ${a.length} vs ${b.length}`);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    const name = `${x.request.method} ${x.request.url} ${x.label}`;
    const problems = [];
    if (x.request.url !== y.request.url || x.label !== y.label) problems.push(`request ${y.request.url} ${y.label}`);
    if (x.status !== y.status) problems.push(`status ${x.status} → ${y.status}`);
    if (x.body !== y.body) problems.push(`body differs (${x.body.length} → ${y.body.length} bytes)`);
    const keys = new Set([...Object.keys(x.headers), ...Object.keys(y.headers)]);
    for (const k of keys)
      if (JSON.stringify(x.headers[k]) !== JSON.stringify(y.headers[k])) problems.push(`header ${k}: ${JSON.stringify(x.headers[k])} → ${JSON.stringify(y.headers[k])}`);
    if (problems.length) {
      differences++;
      console.log(`${name}\n  ${problems.join('\n  ')}`);
    } else if (x.headerOrder.join() !== y.headerOrder.join()) orderOnly++;
  }
  console.log(`${a.length} answers compared: ${differences} differ (status, headers or body); ${orderOnly} differ in header order only`);
  process.exit(differences || a.length !== b.length ? 1 : 0);
}

const dist = pathToFileURL(resolve(process.argv[2] ?? 'dist') + '/').href;
const out = process.argv[3] ?? 'answers.json';
const { loadConfig } = await import(dist + 'config.js');
const { createApp } = await import(dist + 'composition.js');
const { operations } = await import(dist + 'app/registry.js');

let n = 0;
const ids = { newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, randomSeed: () => `seed-${++n}` };
const clock = { now: () => Date.parse('2026-01-01T00:00:00Z') };
const config = { ...loadConfig({ NODE_ENV: 'production' }), logLevel: 'silent', rateLimitPerMinute: 0, maxEventLoopDelayMs: 0 };
const app = await createApp(config, { clock, ids });
await app.ready();

const json = { 'content-type': 'application/json' };
const requests = [];
const add = (label, request) => requests.push({ label, request });
for (const op of operations) {
  if (op.method === 'GET') {
    add('get', { method: 'GET', url: op.path });
    continue;
  }
  for (const [i, example] of (op.examples ?? [{ value: {} }]).entries()) {
    add(`example ${i}`, { method: 'POST', url: op.path, headers: json, payload: JSON.stringify(example.value) });
    add(`example ${i} de`, { method: 'POST', url: op.path, headers: { ...json, 'accept-language': 'es, de;q=0.5' }, payload: JSON.stringify(example.value) });
  }
  add('invalid body', { method: 'POST', url: op.path, headers: json, payload: JSON.stringify({ unknown: 1 }) });
  add('origin', { method: 'POST', url: op.path, headers: { ...json, origin: 'https://example.org', 'x-request-id': 'given-id' }, payload: '{}' });
}
add('health', { method: 'GET', url: '/health' });
add('ready', { method: 'GET', url: '/ready' });
add('preflight', { method: 'OPTIONS', url: '/v1/eden/attacks/melee', headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' } });
add('not found', { method: 'GET', url: '/nope' });
add('bad encoding', { method: 'GET', url: '/v1/%E0%A4%A' });
add('415', { method: 'POST', url: operations[0].path, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
add('malformed', { method: 'POST', url: operations[0].path, headers: json, payload: '{"a":' });
add('too deep', { method: 'POST', url: operations[0].path, headers: json, payload: '['.repeat(70) + ']'.repeat(70) });
add('docs', { method: 'GET', url: '/docs' });
add('docs page', { method: 'GET', url: '/docs/static/index.html' });
add('docs asset', { method: 'GET', url: '/docs/static/swagger-ui.css' });
add('docs 404', { method: 'GET', url: '/docs/nope' });
add('docs json', { method: 'GET', url: '/docs/json' });
add('openapi', { method: 'GET', url: '/openapi.json' });
add('graphql', { method: 'POST', url: '/graphql', headers: json, payload: JSON.stringify({ query: '{ health }' }) });
add('graphql error', { method: 'POST', url: '/graphql', headers: json, payload: JSON.stringify({ query: '{ nope }' }) });

const answers = [];
for (const { label, request } of requests) {
  const res = await app.inject({ ...request, headers: { 'x-request-id': 'fixed', ...request.headers } });
  const headers = { ...res.headers };
  delete headers.date;
  delete headers['keep-alive'];
  delete headers.connection;
  answers.push({ label, request: { method: request.method, url: request.url }, status: res.statusCode, headers, headerOrder: Object.keys(res.headers), body: res.payload });
}
await app.close();
writeFileSync(out, JSON.stringify(answers, null, 1));
console.log(`${answers.length} answers written to ${out}`);
