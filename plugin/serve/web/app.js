/* tavola serve: the web game center (lobby, game, review). Plain JavaScript,
 * no framework, no build step; served with a strict Content-Security-Policy,
 * so there is no inline script or handler anywhere: every listener is here.
 * Text from rulesets and games only ever goes in through textContent or
 * attribute setters; a board's SVG is parsed with DOMParser and imported.
 *
 * DOM contract (stable hooks for tests; see tests/serve/browser_test.py):
 *   #view                      the current page; #message the error/notice area
 *                              ([data-kind=error|info], hidden when empty)
 * Lobby (#/):  section#lobby
 *   article.ruleset[data-ruleset=NAME]   one per ruleset: .title, .description,
 *                              .players, .stats[data-games][data-first]
 *                              [data-second][data-draws] (the finished games)
 *   details.setup > summary    opens the new-game form form.setup-form:
 *     [data-option=NAME]       an option's input/select (checkbox for bool)
 *     select.seat[data-seat=1|2]       "human" or a suggested engine spec
 *     input.seat-spec[data-seat-spec=1|2]  a free engine spec (wins if filled)
 *     input[name=seed]         optional seed;  button.create  creates the game
 *   table#games tr[data-game=ID]         recent games (a link to each)
 * Game (#/game/ID; #/game/ID/seat/TOKEN stores the token and moves on):
 *   section#game[data-game-id][data-version][data-ply][data-view-ply]
 *               [data-status=ongoing|over][data-to-move][data-interactive=true|false]
 *   #title, #options, ul#players li.player[data-seat=N] (.to-move, .mine, .winner)
 *   #live[data-live=true|false]  the event stream's state
 *   #status[data-state=your-turn|waiting|thinking|over|review|stopped|loading]
 *   #result[data-status][data-winner] (the result sentence; .over when finished)
 *   #scores
 *   #board                     the SVG; its cells [data-cell=NAME] get the
 *                              classes .tv-next (can be clicked next), .tv-sel
 *                              (selected so far), .tv-last (the last move)
 *   #choices [data-move=TEXT]  buttons: moves without cells (pass, swap) and,
 *                              when a selection completes several moves, each
 *                              of them (.choice); #clear-selection
 *   #legal [data-move=TEXT]    every legal move as a button (plays it)
 *   #history li[data-ply=N]    the moves (click: review the game after N moves)
 *   #review [data-review=first|prev|next|last], #view-ply
 *   #invite                    the seat-2 link (two human seats, creator's page)
 *   #download-record, #download-position
 * localStorage: "tavola.token.ID.SEAT" = the seat's token,
 *               "tavola.invite.ID" = the invitation link for seat 2.
 */
'use strict';

(function () {

// ---------------------------------------------------------------- helpers

function $(sel, root) { return (root || document).querySelector(sel); }
function $all(sel, root) { return Array.from((root || document).querySelectorAll(sel)); }

/* el('div', {id: 'x', class: 'a b', dataset: {k: 'v'}}, 'text', child, ...) */
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'dataset') Object.assign(e.dataset, v);
      else if (k === 'text') e.textContent = v;
      else if (k in e && typeof v !== 'string') e[k] = v;
      else e.setAttribute(k, v === true ? '' : String(v));
    }
  }
  for (const k of kids) {
    if (k === null || k === undefined || k === false) continue;
    e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return e;
}

function enc(s) { return encodeURIComponent(s); }

async function api(path, opts) {
  let res;
  try {
    res = await fetch(path, Object.assign({ cache: 'no-store' }, opts || {}));
  } catch (e) {
    throw new Error('the server cannot be reached (' + e.message + ')');
  }
  let body = null;
  const text = await res.text();
  try { body = text ? JSON.parse(text) : null; } catch (e) { body = null; }
  if (!res.ok) {
    const msg = body && typeof body.error === 'string' ? body.error : text || res.statusText;
    const err = new Error(msg + ' (' + res.status + ')');
    err.status = res.status;
    throw err;
  }
  return body;
}

function post(path, fields) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    if (v !== null && v !== undefined) p.append(k, String(v));
  return api(path, { method: 'POST', body: p });
}

function showMessage(text, kind) {
  const m = $('#message');
  m.textContent = text;
  m.dataset.kind = kind || 'error';
  m.hidden = !text;
}
function clearMessage() { showMessage('', 'info'); }

function pct(n, total) {
  if (!total) return '0%';
  return (Math.round(1000 * n / total) / 10) + '%';
}

// tokens and invitations, kept per game and seat
const store = {
  key(id, seat) { return 'tavola.token.' + id + '.' + seat; },
  get(id, seat) { try { return localStorage.getItem(store.key(id, seat)); } catch (e) { return null; } },
  set(id, seat, tok) { try { localStorage.setItem(store.key(id, seat), tok); } catch (e) { /* private mode */ } },
  seats(id) {
    const out = {};
    for (const s of [1, 2]) { const t = store.get(id, s); if (t) out[s] = t; }
    return out;
  },
  invite(id, link) {
    const k = 'tavola.invite.' + id;
    try {
      if (link !== undefined) localStorage.setItem(k, link);
      return localStorage.getItem(k);
    } catch (e) { return null; }
  },
};

// ---------------------------------------------------------------- routing

const S = {
  seq: 0,            // bumps with every route change; stale answers are dropped
  route: null,
  es: null,          // the EventSource of the game shown
  game: null,        // the last game answer shown
  gameId: null,
  viewPly: null,     // null: live; a number: reviewing the position after N moves
  sel: [],           // the cells clicked so far
  moves: [],         // legal moves parsed: {text, cells, column}
  cellSet: new Set(),
  svgText: null,     // the SVG text drawn in #board
  columns: new Set(),
  loading: false,
  again: false,
  busy: false,       // a move is being sent
  rulesets: null,
  pending: null,     // a message to show once the next page is up
};

function parseRoute() {
  const h = (location.hash || '').replace(/^#/, '');
  const parts = h.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'game' && parts[1]) {
    if (parts[2] === 'seat' && parts[3]) return { page: 'join', id: parts[1], token: parts[3] };
    return { page: 'game', id: parts[1] };
  }
  return { page: 'lobby' };
}

function leaveGame() {
  if (S.es) { S.es.close(); S.es = null; }
  S.game = null; S.gameId = null; S.viewPly = null; S.sel = []; S.moves = []; S.svgText = null;
  S.loading = false; S.again = false; S.busy = false;
}

function route() {
  S.seq++;
  const r = parseRoute();
  const same = S.route && S.route.page === 'game' && r.page === 'game' && S.route.id === r.id;
  S.route = r;
  if (same) return;
  leaveGame();
  clearMessage();
  if (S.pending) { showMessage(S.pending[0], S.pending[1]); S.pending = null; }
  document.title = 'tavola';
  if (r.page === 'join') joinSeat(r.id, r.token);
  else if (r.page === 'game') gamePage(r.id);
  else lobbyPage();
}

// ---------------------------------------------------------------- lobby

async function lobbyPage() {
  const seq = S.seq;
  const view = $('#view');
  view.replaceChildren(el('p', { class: 'loading' }, 'Loading the rulesets…'));
  let data, games;
  try {
    [data, games] = await Promise.all([
      api('/api/rulesets'),
      api('/api/games?limit=20').catch((e) => ({ games: [], error: e.message })),
    ]);
  } catch (e) {
    if (seq !== S.seq) return;
    view.replaceChildren();
    showMessage('Cannot load the rulesets: ' + e.message);
    return;
  }
  if (seq !== S.seq) return;
  S.rulesets = data;
  const list = el('div', { id: 'rulesets' });
  for (const r of data.rulesets || []) list.append(rulesetCard(r, data.players || []));
  const section = el('section', { id: 'lobby' },
    el('h1', null, 'Recent games'),
    el('div', { class: 'games-box' }, gamesTable(games.games || [])),
    games.error ? el('p', { class: 'hint' }, 'The recent games cannot be listed: ' + games.error) : null,
    el('h1', null, 'New game'),
    el('p', { class: 'hint' }, 'Pick a game, set its options and who plays each side. ' +
      'With two human seats you get a link to send to your opponent.'),
    list);
  view.replaceChildren(section);
  for (const r of data.rulesets || [])
    if (!r.stats) loadStats(r.name, seq);
}

function statsElement(st, players) {
  const p = el('p', { class: 'stats' });
  fillStats(p, st, players);
  return p;
}

function fillStats(p, st, players) {
  if (!st) { p.textContent = 'statistics…'; return; }
  const games = st.games || 0, a = st.first || 0, b = st.second || 0, d = st.draws || 0;
  Object.assign(p.dataset, { games: games, first: a, second: b, draws: d });
  if (!games) { p.textContent = 'No finished games yet.'; return; }
  p.replaceChildren(
    el('strong', null, games + (games === 1 ? ' game' : ' games')), ': ',
    el('span', { class: 'stat-first' }, (players[0] || 'first') + ' ' + a + ' (' + pct(a, games) + ')'), ', ',
    el('span', { class: 'stat-second' }, (players[1] || 'second') + ' ' + b + ' (' + pct(b, games) + ')'), ', ',
    el('span', { class: 'stat-draws' }, 'draws ' + d + ' (' + pct(d, games) + ')'));
}

async function loadStats(name, seq) {
  try {
    const s = await api('/api/stats?ruleset=' + enc(name));
    if (seq !== S.seq) return;
    const card = $('article.ruleset[data-ruleset="' + CSS.escape(name) + '"]');
    const r = (S.rulesets.rulesets || []).find((x) => x.name === name);
    if (card) fillStats($('.stats', card), s.total, r ? r.players : []);
  } catch (e) { /* the card keeps "statistics…" */ }
}

function rulesetCard(r, engines) {
  const players = r.players || ['first', 'second'];
  const card = el('article', { class: 'ruleset', dataset: { ruleset: r.name } },
    el('h2', { class: 'title' }, r.title || r.name, ' ', el('code', { class: 'name' }, r.name)),
    el('p', { class: 'description' }, r.description || ''),
    el('p', { class: 'players' }, players[0] + ' vs ' + players[1]),
    statsElement(r.stats, players));
  const form = el('form', { class: 'setup-form', novalidate: true });
  const opts = r.options || [];
  if (opts.length) {
    const fs = el('fieldset', { class: 'options' }, el('legend', null, 'Options'));
    for (const o of opts) fs.append(optionField(o));
    form.append(fs);
  }
  const seats = el('fieldset', { class: 'seats' }, el('legend', null, 'Players'));
  for (const s of [1, 2]) {
    const sel = el('select', { class: 'seat', name: 'p' + s, dataset: { seat: s } },
      el('option', { value: 'human' }, 'human'));
    for (const p of engines) sel.append(el('option', { value: p }, p));
    const txt = el('input', { type: 'text', class: 'seat-spec', name: 'spec' + s,
      placeholder: 'or an engine spec', dataset: { seatSpec: s }, autocomplete: 'off' });
    seats.append(el('label', { class: 'seat-row' },
      el('span', { class: 'seat-name' }, players[s - 1] + ' (seat ' + s + ')'), sel, txt));
  }
  seats.append(el('label', { class: 'seat-row' }, el('span', { class: 'seat-name' }, 'seed'),
    el('input', { type: 'number', name: 'seed', min: 0, step: 1, placeholder: 'random', class: 'seed' })));
  form.append(seats, el('button', { type: 'submit', class: 'create' }, 'Create game'));
  form.addEventListener('submit', (ev) => { ev.preventDefault(); createGame(r, form); });
  if (r.move_text) card.append(el('p', { class: 'move-text' }, 'Moves: ' + r.move_text));
  card.append(el('details', { class: 'setup' }, el('summary', null, 'New game…'), form));
  return card;
}

function optionField(o) {
  const id = 'opt-' + Math.random().toString(36).slice(2);
  const def = o.default;
  let input;
  if (o.type === 'bool') {
    input = el('input', { type: 'checkbox', id: id, checked: def === true || def === 'true' });
  } else if (Array.isArray(o.choices) && o.choices.length) {
    input = el('select', { id: id });
    for (const c of o.choices) input.append(el('option', { value: String(c) }, String(c)));
    if (def !== null && def !== undefined) input.value = String(def);
  } else if (o.type === 'int' || o.type === 'number') {
    input = el('input', { type: 'number', id: id, step: o.type === 'int' ? '1' : 'any' });
    if (typeof o.min === 'number') input.min = String(o.min);
    if (typeof o.max === 'number') input.max = String(o.max);
    if (def !== null && def !== undefined) input.value = String(def);
  } else {
    input = el('input', { type: 'text', id: id, autocomplete: 'off' });
    if (def !== null && def !== undefined) input.value = String(def);
  }
  input.dataset.option = o.name;
  input.dataset.type = o.type || 'string';
  input.dataset.default = def === null || def === undefined ? '' : String(def);
  let range = '';
  if (typeof o.min === 'number' || typeof o.max === 'number')
    range = ' [' + (o.min ?? '') + '..' + (o.max ?? '') + ']';
  return el('div', { class: 'option' },
    el('label', { for: id, title: o.doc || '' }, o.name), input,
    el('span', { class: 'doc' }, (o.doc || '') + range));
}

function optionsString(form) {
  const parts = [];
  for (const i of $all('[data-option]', form)) {
    let v;
    if (i.dataset.type === 'bool') {
      v = i.checked ? 'true' : 'false';
      const d = i.dataset.default;
      if ((d === 'true') === i.checked && d !== '') continue;
    } else {
      v = i.value.trim();
      if (v === '' || v === i.dataset.default) continue;
    }
    parts.push(i.dataset.option + '=' + v);
  }
  return parts.join(',');
}

async function createGame(r, form) {
  const btn = $('button.create', form);
  const spec = (s) => {
    const t = $('[data-seat-spec="' + s + '"]', form).value.trim();
    return t || $('select[data-seat="' + s + '"]', form).value;
  };
  const seed = $('input[name=seed]', form).value.trim();
  const fields = { ruleset: r.name, options: optionsString(form), p1: spec(1), p2: spec(2) };
  if (seed !== '') fields.seed = seed;
  btn.disabled = true;
  try {
    const g = await post('/api/games', fields);
    const toks = g.tokens || {};
    const links = g.links || {};
    if (toks['1'] && toks['2']) {
      store.set(g.id, 1, toks['1']);           // the creator keeps seat 1
      store.invite(g.id, new URL(links['2'] || ('/#/game/' + g.id + '/seat/' + toks['2']), location.href).href);
    } else {
      for (const s of ['1', '2']) if (toks[s]) store.set(g.id, s, toks[s]);
    }
    location.hash = '#/game/' + enc(g.id);
  } catch (e) {
    showMessage('Cannot create the game: ' + e.message);
  } finally {
    btn.disabled = false;
  }
}

function gamesTable(games) {
  const table = el('table', { id: 'games' },
    el('thead', null, el('tr', null,
      el('th', null, 'game'), el('th', null, 'ruleset'), el('th', null, 'options'),
      el('th', null, 'players'), el('th', null, 'ply'), el('th', null, 'state'), el('th', null, 'created'))));
  const body = el('tbody');
  if (!games.length) body.append(el('tr', null, el('td', { colspan: 7, class: 'hint' }, 'No games yet.')));
  for (const g of games) {
    const r = ((S.rulesets && S.rulesets.rulesets) || []).find((x) => x.name === g.ruleset);
    const who = (n) => (r && r.players && r.players[n - 1]) || 'seat ' + n;
    const state = g.status === 'over'
      ? (g.winner === 0 ? 'a draw' : g.winner ? who(g.winner) + ' won' : 'over') : 'ongoing';
    body.append(el('tr', { dataset: { game: g.id, status: g.status || '' } },
      el('td', null, el('a', { href: '#/game/' + enc(g.id) }, g.id)),
      el('td', null, g.title || g.ruleset),
      el('td', { class: 'opts' }, g.options || ''),
      el('td', null, (g.p1 || '?') + ' vs ' + (g.p2 || '?')),
      el('td', null, String(g.ply ?? '')),
      el('td', null, state),
      el('td', null, fmtTime(g.created))));
  }
  table.append(body);
  return table;
}

function fmtTime(t) {
  if (t === null || t === undefined) return '';
  if (typeof t === 'number') {
    const d = new Date(t > 1e12 ? t : t * 1000);
    return isNaN(d) ? String(t) : d.toLocaleString();
  }
  return String(t);
}

// ---------------------------------------------------------------- joining

async function joinSeat(id, token) {
  const seq = S.seq;
  $('#view').replaceChildren(el('p', { class: 'loading' }, 'Joining the game…'));
  try {
    const g = await api('/api/games/' + enc(id) + '?brief=1&token=' + enc(token));
    if (seq !== S.seq) return;
    if (g.your_seat === 1 || g.your_seat === 2) {
      store.set(id, g.your_seat, token);
    } else {
      S.pending = ['This link holds no seat of the game; you can watch it.', 'error'];
    }
  } catch (e) {
    if (seq !== S.seq) return;
    S.pending = ['Cannot join the game: ' + e.message, 'error'];
  }
  location.replace('#/game/' + enc(id));
}

// ---------------------------------------------------------------- game page

function gamePage(id) {
  S.gameId = id;
  const btn = (what, label) => el('button', { type: 'button', dataset: { review: what }, title: what }, label);
  const section = el('section', { id: 'game', dataset: { gameId: id, interactive: 'false' } },
    el('div', { class: 'game-head' },
      el('h1', { id: 'title' }, 'Game ' + id),
      el('span', { id: 'options', class: 'opts' }),
      el('span', { id: 'live', class: 'live', dataset: { live: 'false' } }, 'connecting…')),
    el('div', { class: 'game-grid' },
      el('div', { class: 'board-col' },
        el('div', { id: 'result', class: 'result' }),
        el('div', { id: 'status', class: 'status', dataset: { state: 'loading' } }, 'Loading…'),
        el('div', { id: 'board', class: 'board' }),
        el('div', { id: 'choices', class: 'choices' }),
        el('div', { id: 'review', class: 'review' },
          btn('first', '« first'), btn('prev', '‹ back'),
          el('span', { id: 'view-ply' }),
          btn('next', 'next ›'), btn('last', 'last »'))),
      el('aside', { class: 'side-col' },
        el('div', { id: 'scores', class: 'scores' }),
        el('ul', { id: 'players', class: 'players' }),
        el('div', { id: 'invite-box', class: 'invite', hidden: true },
          el('p', null, 'Send this link to your opponent (it holds seat 2):'),
          el('a', { id: 'invite', href: '#' }),
          el('button', { type: 'button', id: 'copy-invite' }, 'copy')),
        el('h2', null, 'Legal moves ', el('span', { id: 'legal-count', class: 'count' })),
        el('div', { id: 'legal', class: 'legal' }),
        el('h2', null, 'Moves'),
        el('ol', { id: 'history', class: 'history' }),
        el('p', { class: 'downloads' },
          el('a', { id: 'download-record', href: '/api/games/' + enc(id) + '/record', download: id + '.txt' }, 'record'),
          ' · ',
          el('a', { id: 'download-position', href: '/api/games/' + enc(id) + '/position', download: id + '.pos' }, 'position'),
          ' · ',
          el('a', { href: '#/' }, 'lobby')))));
  $('#view').replaceChildren(section);

  $('#board').addEventListener('click', onBoardClick);
  $('#choices').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (!b) return;
    if (b.id === 'clear-selection') { S.sel = []; paintSelection(); return; }
    if (b.dataset.move !== undefined) play(b.dataset.move);
  });
  $('#legal').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-move]');
    if (b) play(b.dataset.move);
  });
  $('#history').addEventListener('click', (ev) => {
    const li = ev.target.closest('li[data-ply]');
    if (li) review(Number(li.dataset.ply));
  });
  $('#review').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-review]');
    if (!b || !S.game) return;
    const cur = S.viewPly === null ? S.game.ply : S.viewPly;
    const what = b.dataset.review;
    if (what === 'first') review(0);
    else if (what === 'prev') review(Math.max(0, cur - 1));
    else if (what === 'next') review(cur + 1);
    else review(null);
  });
  $('#copy-invite').addEventListener('click', () => {
    const link = $('#invite').href;
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(
      () => showMessage('The link is copied.', 'info'), () => {});
  });

  const invite = store.invite(id);
  if (invite) { $('#invite').href = invite; $('#invite').textContent = invite; $('#invite-box').hidden = false; }

  openEvents(id);
  refresh();
}

function openEvents(id) {
  if (!window.EventSource) return;
  const es = new EventSource('/api/games/' + enc(id) + '/events');
  S.es = es;
  const live = (on) => {
    const l = $('#live');
    if (!l || S.es !== es) return;
    l.dataset.live = on ? 'true' : 'false';
    l.textContent = on ? 'live' : 'reconnecting…';
  };
  es.addEventListener('open', () => live(true));
  es.addEventListener('error', () => live(false));
  es.addEventListener('update', (ev) => {
    if (S.es !== es) return;
    live(true);
    let d = null;
    try { d = JSON.parse(ev.data); } catch (e) { /* refetch anyway */ }
    if (d && S.game && S.viewPly === null && d.version === S.game.version &&
        d.status === S.game.status && S.game.view_ply === S.game.ply &&
        (d.thinking === undefined ? !S.game.thinking : !!d.thinking === !!S.game.thinking)) return;
    refresh();
  });
}

function tokenFor(g) {
  const seats = store.seats(S.gameId);
  if (g && seats[g.to_move]) return seats[g.to_move];
  return seats[1] || seats[2] || null;
}

/* Fetches the game shown (live or at S.viewPly); one request at a time. */
async function refresh() {
  if (S.loading) { S.again = true; return; }
  const seq = S.seq;
  S.loading = true;
  try {
    do {
      S.again = false;
      const id = S.gameId;
      const q = [];
      const tok = tokenFor(S.game);
      if (tok) q.push('token=' + enc(tok));
      if (S.viewPly !== null) q.push('ply=' + S.viewPly);
      let g;
      try {
        g = await api('/api/games/' + enc(id) + (q.length ? '?' + q.join('&') : ''));
      } catch (e) {
        if (seq !== S.seq) return;
        if (e.status === 404) {
          $('#status').textContent = 'There is no such game.';
          $('#status').dataset.state = 'missing';
          if (S.es) { S.es.close(); S.es = null; }
        }
        showMessage('Cannot load the game: ' + e.message);
        return;
      }
      if (seq !== S.seq) return;
      showGame(g);
    } while (S.again);
  } finally {
    if (seq === S.seq) S.loading = false;
  }
}

function review(ply) {
  if (!S.game) return;
  if (ply !== null && ply >= S.game.ply) ply = null;
  if (ply !== null && ply < 0) ply = 0;
  S.viewPly = ply;
  S.sel = [];
  refresh();
}

function seatOf(g, n) { return (g.seats || []).find((s) => s.seat === n) || { seat: n, kind: 'human', spec: 'human' }; }
function colour(g, n) { return (g.players && g.players[n - 1]) || 'seat ' + n; }

function showGame(g) {
  const old = S.game;
  if (old && old.id === g.id && typeof g.version === 'number' && g.version < old.version) return;
  if (!old || old.version !== g.version || old.view_ply !== g.view_ply || old.ply !== g.ply) S.sel = [];
  S.game = g;
  const mine = store.seats(g.id);
  const viewPly = typeof g.view_ply === 'number' ? g.view_ply : g.ply;
  const live = viewPly >= g.ply;
  if (live) S.viewPly = null;
  const over = g.status === 'over';
  const toMove = seatOf(g, g.to_move);
  const interactive = !over && live && toMove.kind === 'human' && !!mine[g.to_move];

  const sec = $('#game');
  Object.assign(sec.dataset, {
    version: g.version, ply: g.ply, viewPly: viewPly, status: g.status,
    toMove: g.to_move, interactive: interactive ? 'true' : 'false',
  });
  sec.classList.toggle('over', over);

  $('#title').textContent = g.title || g.ruleset || 'Game';
  $('#options').textContent = g.options ? g.options : '';
  $('#options').hidden = !g.options;

  // players
  const ul = $('#players');
  ul.replaceChildren();
  for (const n of [1, 2]) {
    const s = seatOf(g, n);
    const who = s.kind === 'human' ? 'human' : s.spec;
    const li = el('li', { class: 'player', dataset: { seat: n, kind: s.kind } },
      el('span', { class: 'swatch swatch-' + n }), el('strong', null, colour(g, n)), ' — ', who,
      mine[n] ? el('span', { class: 'you' }, ' (you)') : null);
    li.classList.toggle('to-move', !over && g.to_move === n);
    li.classList.toggle('mine', !!mine[n]);
    li.classList.toggle('winner', over && g.winner === n);
    ul.append(li);
  }

  // scores and result
  const sc = g.scores || [];
  $('#scores').replaceChildren(
    el('span', { class: 'score', dataset: { seat: 1 } }, colour(g, 1) + ' ', el('b', null, String(sc[0] ?? 0))),
    el('span', { class: 'score-sep' }, ' : '),
    el('span', { class: 'score', dataset: { seat: 2 } }, el('b', null, String(sc[1] ?? 0)), ' ' + colour(g, 2)));
  const res = $('#result');
  res.textContent = over ? 'Game over: ' + (g.result || '') : (g.result || '');
  res.dataset.status = g.status;
  res.dataset.winner = g.winner === null || g.winner === undefined ? '' : String(g.winner);
  res.classList.toggle('over', over);
  $('#invite-box').hidden = over || !store.invite(g.id);

  // status line
  let state, text;
  if (g.error && !over && live) {
    state = 'stopped'; text = 'The game cannot go on: ' + g.error;
  } else if (!live) {
    state = 'review'; text = 'Reviewing the position after ' + viewPly + ' of ' + g.ply + ' moves.';
  } else if (over) {
    state = 'over'; text = 'The game is over. Step through it below, or download its record.';
  } else if (interactive) {
    state = 'your-turn';
    text = 'Your move (' + colour(g, g.to_move) + ').';
    if (Object.keys(mine).length === 2) text = colour(g, g.to_move) + ' to move: both seats are yours.';
  } else if (toMove.kind !== 'human') {
    state = g.thinking ? 'thinking' : 'waiting';
    text = g.thinking
      ? 'The engine is thinking (' + colour(g, g.to_move) + ': ' + toMove.spec + ')…'
      : 'Waiting for ' + colour(g, g.to_move) + ' (' + toMove.spec + ')…';
  } else {
    state = 'waiting'; text = 'Waiting for ' + colour(g, g.to_move) + ' to move…';
  }
  const st = $('#status');
  st.textContent = text;
  st.dataset.state = state;
  document.title = (state === 'your-turn' ? '● ' : '') + (g.title || 'tavola') + ' · tavola';

  // board
  const board = $('#board');
  if (g.svg !== S.svgText || !board.firstChild) {   // an unchanged drawing stays in place
    const svg = g.svg ? svgElement(g.svg) : null;
    if (svg) board.replaceChildren(svg);
    else board.replaceChildren(el('p', { class: 'hint' }, g.svg ? 'The board cannot be drawn.' : ''));
    S.svgText = g.svg;
  }
  board.classList.toggle('interactive', interactive);
  S.cellSet = new Set($all('[data-cell]', board).map((c) => c.getAttribute('data-cell')));
  S.columns = new Set(Array.from(S.cellSet, colOf).filter(Boolean));
  S.moves = (g.legal || []).map(parseMove);

  // legal moves
  const legal = $('#legal');
  legal.replaceChildren();
  for (const m of g.legal || [])
    legal.append(el('button', { type: 'button', class: 'move', dataset: { move: m }, disabled: !interactive }, m));
  $('#legal-count').textContent = '(' + (g.legal || []).length + ')';

  // history
  const hist = $('#history');
  hist.replaceChildren();
  (g.history || []).forEach((m, i) => {
    const li = el('li', { dataset: { ply: i + 1 }, title: 'review the position after this move' }, m);
    if (i + 1 === viewPly) li.classList.add('current');
    hist.append(li);
  });
  const cur = hist.querySelector('li.current');
  if (cur && live) hist.scrollTop = hist.scrollHeight;

  // review controls
  $('#view-ply').textContent = 'move ' + viewPly + ' of ' + g.ply;
  for (const b of $all('#review button')) {
    const w = b.dataset.review;
    b.disabled = (w === 'first' || w === 'prev') ? viewPly <= 0 : live;
  }

  // last move, highlights, choices
  const lastMove = live ? (g.history || [])[g.ply - 1] : (g.history || [])[viewPly - 1];
  const lastCells = lastMove ? parseMove(lastMove).cells : [];
  for (const c of $all('[data-cell]', board)) c.classList.toggle('tv-last', lastCells.includes(c.getAttribute('data-cell')));
  paintSelection();

  if (over && S.es) { S.es.close(); S.es = null; const l = $('#live'); l.textContent = 'finished'; l.dataset.live = 'false'; }
}

/* Parses the server's SVG text into an element of this document, without
 * anything that could run (scripts, handlers, foreign content, outside links). */
function svgElement(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || doc.getElementsByTagName('parsererror').length) return null;
  for (const bad of root.querySelectorAll('script, foreignObject, iframe, object, embed')) bad.remove();
  for (const e of [root, ...root.querySelectorAll('*')]) {
    for (const a of Array.from(e.attributes)) {
      const n = a.name.toLowerCase();
      if (n.startsWith('on')) e.removeAttribute(a.name);
      else if ((n === 'href' || n.endsWith(':href')) && !/^#/.test(a.value) && !/^data:image\//i.test(a.value))
        e.removeAttribute(a.name);
    }
  }
  const svg = document.importNode(root, true);
  svg.setAttribute('role', 'img');
  return svg;
}

// ---------------------------------------------------------------- moves by clicks

function colOf(cell) { const m = /^([a-z]+)[0-9]+$/.exec(cell); return m ? m[1] : null; }

/* A move's cells, in order: "c3xe5xc7" -> c3 e5 c7, "d1-d2/d3" -> d1 d2 d3,
 * "K@d4" -> d4, "a1/2cw" -> a1. A match that is not a cell of the board is cut
 * from the left until it is one ("xe5" -> "e5"). A move of letters only that
 * names a column of the board ("d") is a column move. */
function parseMove(text) {
  const cells = [];
  for (const m of text.matchAll(/[a-z]+[0-9]+/g)) {
    let c = m[0];
    if (!S.cellSet.has(c)) {
      let t = c;
      while (!S.cellSet.has(t) && /^[a-z]{2}/.test(t)) t = t.slice(1);
      if (S.cellSet.has(t)) c = t;
      else if (!S.cellSet.size && /^x[a-z]+[0-9]+$/.test(c)) c = c.slice(1);
    }
    cells.push(c);
  }
  let column = null;
  if (!cells.length && /^[a-z]+$/.test(text) && S.columns.has(text)) column = text;
  return { text: text, cells: cells, column: column };
}

function startsWith(cells, sel) {
  if (cells.length < sel.length) return false;
  for (let i = 0; i < sel.length; i++) if (cells[i] !== sel[i]) return false;
  return true;
}

function candidates(sel) { return S.moves.filter((m) => m.cells.length && startsWith(m.cells, sel)); }

function onBoardClick(ev) {
  const target = ev.target.closest('[data-cell]');
  if (!target || !S.game) return;
  if ($('#game').dataset.interactive !== 'true' || S.busy) {
    if (S.game.status === 'ongoing' && S.viewPly === null) showMessage($('#status').textContent, 'info');
    return;
  }
  const cell = target.getAttribute('data-cell');
  if (!S.sel.length) {
    const col = S.moves.find((m) => m.column && m.column === colOf(cell));
    if (col && !candidates([cell]).length) { play(col.text); return; }
  }
  let sel = S.sel.concat([cell]);
  if (!candidates(sel).length) {
    if (S.sel.length && S.sel[S.sel.length - 1] === cell) sel = [];
    else sel = candidates([cell]).length ? [cell] : [];
  }
  S.sel = sel;
  clearMessage();
  if (sel.length) {
    const c = candidates(sel);
    const complete = c.filter((m) => m.cells.length === sel.length);
    const longer = c.filter((m) => m.cells.length > sel.length);
    if (complete.length === 1 && !longer.length) { play(complete[0].text); return; }
  }
  paintSelection();
}

/* Marks the selected cells and those that can come next; fills #choices with
 * the moves without cells and the moves the selection completes. */
function paintSelection() {
  const board = $('#board');
  if (!board) return;
  const interactive = $('#game').dataset.interactive === 'true';
  const n = S.sel.length;
  const next = new Set();
  const cols = new Set();
  if (interactive) {
    for (const m of candidates(S.sel)) if (m.cells.length > n) next.add(m.cells[n]);
    if (!n) for (const m of S.moves) if (m.column) cols.add(m.column);
  }
  for (const c of $all('[data-cell]', board)) {
    const name = c.getAttribute('data-cell');
    c.classList.toggle('tv-next', next.has(name) || cols.has(colOf(name)));
    c.classList.toggle('tv-sel', S.sel.includes(name));
  }
  const box = $('#choices');
  box.replaceChildren();
  if (!interactive || S.busy) return; /* a move on its way: no choices until its answer */
  const complete = n ? candidates(S.sel).filter((m) => m.cells.length === n) : [];
  if (complete.length) {
    box.append(el('span', { class: 'label' }, complete.length > 1 ? 'Choose: ' : 'Play: '));
    for (const m of complete)
      box.append(el('button', { type: 'button', class: 'choice', dataset: { move: m.text } }, m.text));
  }
  for (const m of S.moves)
    if (!m.cells.length && !m.column)
      box.append(el('button', { type: 'button', class: 'special', dataset: { move: m.text } }, m.text));
  if (n) box.append(el('button', { type: 'button', id: 'clear-selection', class: 'clear' }, 'clear selection'));
}

async function play(move) {
  const g = S.game;
  if (!g || S.busy || $('#game').dataset.interactive !== 'true') return;
  const token = store.get(S.gameId, g.to_move);
  if (!token) return;
  S.busy = true;
  $('#board').classList.add('busy');
  paintSelection(); /* the selection stays marked; the choices go while the move is sent */
  const seq = S.seq;
  try {
    const ans = await post('/api/games/' + enc(S.gameId) + '/move', { token: token, move: move, ply: g.ply });
    if (seq !== S.seq) return;
    clearMessage();
    S.sel = [];
    S.busy = false;
    showGame(ans);
  } catch (e) {
    if (seq !== S.seq) return;
    showMessage('The move ' + move + ' was not played: ' + e.message);
    S.sel = [];
    S.busy = false;
    refresh();
  } finally {
    if (seq === S.seq) { S.busy = false; const b = $('#board'); if (b) b.classList.remove('busy'); }
  }
}

// ---------------------------------------------------------------- start

document.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape' && S.sel.length) { S.sel = []; paintSelection(); }
});
$('#message').addEventListener('click', clearMessage);
window.addEventListener('hashchange', route);
route();

})();
