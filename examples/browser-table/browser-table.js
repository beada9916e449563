// Arbiter from a browser page: plain fetch for the REST calls, EventSource for the live feed.
// Copy this file (and index.html) into a VTT plugin or any static site; there is no build step.
//
// Flow: POST /v1/matches → POST /v1/matches/{id}/feed-tokens → new EventSource(…/feed?token=…)
// → commands and events appended through the API arrive on the feed as they are committed.

const $ = (id) => document.getElementById(id);

/**
 * EventSource hands a named event (`event: eden.band_registered`) only to a listener added for that
 * exact name: there is no wildcard. The feed names each event by its type, so the page listens to
 * the types it knows; `message` catches events sent without a name.
 */
const EVENT_TYPES = [
  'match.note',
  'match.score_adjusted',
  'match.corrected',
  ...[
    'band_registered',
    'first_player_determined',
    'leader_chosen',
    'mission_played',
    'band_deployed',
    'fighter_deployed',
    'tactic_hand_chosen',
    'turn_started',
    'first_player_changed',
    'upkeep_resolved',
    'weather_rolled',
    'weather_effects_resolved',
    'tactic_played',
    'tactic_skipped',
    'skip_tactic',
    'activation_phase_started',
    'fighter_activated',
    'fighter_designated',
    'fighter_moved',
    'melee_resolved',
    'shot_resolved',
    'throw_resolved',
    'spray_resolved',
    'activation_ended',
    'activation_passed',
    'activation_interrupted',
    'activation_phase_ended',
    'fire_doused',
    'infestation_level_set',
    'npc_placed',
    'npc_activated',
    'npc_eliminated',
    'npc_placement_stopped',
    'stop_npc_placement',
    'scenery_placed',
    'scenery_attacked',
    'scenery_burned',
    'scenery_ignited',
    'scenery_contact_resolved',
    'victory_points_scored',
    'game_ended',
  ].map((t) => 'eden.' + t),
];

/** Two small EDEN fighters (the profile of the API documentation's example). */
const limbs = {
  head: { white: 2, red: 2, faces: [1], normal: 4, wounded: 3 },
  arms: { white: 2, red: 1, faces: [2, 3], normal: 4, wounded: 3 },
  torso: { white: 3, red: 1, faces: [4, 5], normal: 4, wounded: 3 },
  legs: { white: 2, red: 1, faces: [6], normal: 5, wounded: 4 },
};
const fighter = (id, name) => ({
  id,
  name,
  faction: 'jokers',
  stigma: 'chaos',
  types: ['human'],
  value: 20,
  limbs,
  equipment: [{ name: 'Pistol', categories: ['shooting'], bonus: { CBT: 0 }, range: 30, potency: 3 }],
});

const state = { matchId: null, source: null, lastVersion: 0, seen: new Set() };

function status(text, kind = 'info') {
  $('status').textContent = text;
  $('status').dataset.kind = kind;
}

const baseUrl = () => $('base').value.trim().replace(/\/+$/, '');

/** One API call; a problem+json answer becomes an Error with its detail (and every field problem). */
async function api(method, path, body, accept = 'application/json') {
  const headers = { accept, authorization: `Bearer ${$('key').value.trim()}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl() + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) {
    const problem = await res.json().catch(() => null);
    const fields = (problem?.errors ?? []).map((e) => `\n  ${e.path}: ${e.message}`).join('');
    throw new Error(`${method} ${path} → ${res.status} ${problem?.code ?? ''}: ${problem?.detail ?? res.statusText}${fields}`);
  }
  return accept.startsWith('image/') ? res.text() : res.json();
}

/** Runs a button's action, reporting its failure on the page. */
const action = (id, fn) =>
  $(id).addEventListener('click', async () => {
    try {
      await fn();
    } catch (error) {
      status(error.message, 'error');
    }
  });

function showEvent(event) {
  if (state.seen.has(event.version)) return; // a reconnection may replay what was shown
  state.seen.add(event.version);
  state.lastVersion = Math.max(state.lastVersion, event.version);
  const item = document.createElement('li');
  item.value = event.version;
  item.dataset.type = event.type;
  // textContent, never innerHTML: event data (notes, names) is written by players
  item.textContent = `${event.type} ${JSON.stringify(event.data)}`;
  $('events').append(item);
}

function setFeedState(text) {
  $('feed-state').textContent = text;
}

function closeFeed() {
  state.source?.close();
  state.source = null;
  setFeedState('closed');
  $('close-feed').disabled = true;
}

/**
 * Opens the feed with a fresh feed token (the API key never goes into a URL). A token lives at most
 * 10 minutes, which only matters when connecting: an open stream keeps going. If the connection
 * drops and the browser cannot reconnect (the token expired meanwhile), a new token is requested and
 * the feed resumes after the last version shown.
 */
async function openFeed() {
  closeFeed();
  const id = state.matchId;
  const { token, expiresAt } = await api('POST', `/v1/matches/${encodeURIComponent(id)}/feed-tokens`);
  const url = `${baseUrl()}/v1/matches/${encodeURIComponent(id)}/feed?from=${state.lastVersion + 1}&token=${encodeURIComponent(token)}`;
  const source = new EventSource(url);
  state.source = source;
  const onEvent = (message) => showEvent(JSON.parse(message.data));
  for (const type of [...EVENT_TYPES, 'message']) source.addEventListener(type, onEvent);
  source.addEventListener('revoked', () => {
    closeFeed();
    status('The API key was revoked: the feed is closed.', 'error');
  });
  source.addEventListener('open', () => setFeedState(`open (token valid until ${new Date(expiresAt).toLocaleTimeString()})`));
  source.addEventListener('error', () => {
    if (state.source !== source) return;
    if (source.readyState === EventSource.CONNECTING) return setFeedState('reconnecting…');
    setFeedState('closed: asking for a new token');
    setTimeout(() => state.source === source && openFeed().catch((e) => status(e.message, 'error')), 2000);
  });
  $('close-feed').disabled = false;
}

action('create', async () => {
  closeFeed();
  const match = await api('POST', '/v1/matches', {
    game: 'eden',
    players: [
      { id: 'p1', name: 'Ana' },
      { id: 'p2', name: 'Ben' },
    ],
  });
  Object.assign(state, { matchId: match.id, lastVersion: 0, seen: new Set() });
  $('events').replaceChildren();
  $('match-id').textContent = match.id;
  for (const id of ['open-feed', 'register', 'note']) $(id).disabled = false;
  status(`Match ${match.id} created (version ${match.version}).`);
});

action('open-feed', openFeed);

action('register', async () => {
  const path = `/v1/matches/${encodeURIComponent(state.matchId)}/commands`;
  await api('POST', path, { command: { type: 'eden.register_band', player: 'A', bandType: 'faction', fighters: [fighter('ana-1', 'Yûri')] } });
  await api('POST', path, { command: { type: 'eden.register_band', player: 'B', bandType: 'faction', fighters: [fighter('ben-1', 'Vladd')] } });
  status('Both bands registered: their events arrive on the feed.');
});

action('note', async () => {
  const { version } = await api('GET', `/v1/matches/${encodeURIComponent(state.matchId)}`);
  const text = `Note from the browser at ${new Date().toLocaleTimeString()}`;
  const answer = await api('POST', `/v1/matches/${encodeURIComponent(state.matchId)}/events`, {
    expectedVersion: version,
    events: [{ type: 'match.note', data: { text, author: 'browser table' } }],
  });
  status(`Note appended as version ${answer.version ?? version + 1}.`);
});

action('close-feed', closeFeed);

action('attack', async () => {
  const attack = { attacker: fighter('yuri-1', 'Yûri'), target: fighter('vladd', 'Vladd'), reaction: 'passive' };
  // One roll (random dice; send `dice: {seed}` or `dice: {values}` to replay one)…
  const rolled = await api('POST', '/v1/eden/attacks/melee', attack);
  $('attack-summary').textContent = rolled.summary ?? '';
  // …and the exact odds of the same attack as a chart (Accept: image/svg+xml), shown as an image
  const svg = await api('POST', '/v1/eden/attacks/melee/odds', attack, 'image/svg+xml');
  const img = document.createElement('img');
  img.alt = 'Exact odds of the melee attack';
  img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  $('chart').replaceChildren(img);
  status('Melee resolved; the chart shows its exact odds.');
});
