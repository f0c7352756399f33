// grognard serve: the page a side or the umpire plays from.
//
// Everything it shows comes from the server's /api/ calls (the contract is
// docs/serve.md); it holds no rule of its own: legality, costs, odds and the
// dice a roll needs are the server's answers, shown as they come.
//   1) join: the code from the link's ?code= (kept in sessionStorage), sent
//      as X-Grognard-Code on every call;
//   2) draw: the map (an SVG from the same drawing as `grognard map`) with
//      pan and zoom, the clock, the narrative;
//   3) act: tap a unit, tap a target, a listed order or a point; check, odds,
//      confirm; the dice pad when the server asks for the players' dice;
//   4) follow: /api/stream tells every change, made here or on another device.

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const KEY = 'grognard-code';

const S = {
  code: null,
  session: null,        // /api/session
  state: null,          // /api/state
  frame: null,          // /api/map.json
  units: new Map(),     // code -> unit of the view
  sides: new Map(),     // side id -> {id, name, color}
  selected: null,       // unit code
  actions: null,        // /api/actions?unit= of the selected unit
  form: null,           // an order with X,Y armed for the next tap on the map
  point: null,          // the table point of the pending move
  pending: null,        // {order, dice: [results typed so far], need}
  seen: new Set(),      // event numbers shown
  next: 0,              // the next event number to ask for
  vb: null, base: null, // the SVG's viewBox now, and the whole map's
  stream: null,
};

// ---------------------------------------------------------------- server

async function api(path, body, method) {
  const init = { method: method || (body === undefined ? 'GET' : 'POST'),
                 headers: { 'X-Grognard-Code': S.code } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let r;
  try { r = await fetch(path, init); } catch (e) {
    return { status: 0, data: { error: 'the server cannot be reached: ' + e.message } };
  }
  const type = r.headers.get('content-type') || '';
  let data;
  if (type.includes('json')) data = await r.json().catch(() => ({ error: 'the server sent bad JSON' }));
  else data = await r.text();
  return { status: r.status, data };
}

function errorText(res) {
  const d = res.data || {};
  let t = (typeof d === 'object' && d.error) ? d.error : ('the server answered ' + res.status);
  if (d.ref && !t.includes(d.ref)) t += ' (' + d.ref + ')';
  return t;
}

function showError(text) {
  const e = $('error');
  e.textContent = text || '';
  e.hidden = !text;
}

// ---------------------------------------------------------------- join

function readCode() {
  const q = new URLSearchParams(location.search);
  const fromLink = q.get('code');
  if (fromLink) {
    sessionStorage.setItem(KEY, fromLink.trim());
    // the code stays in this tab's storage, not in the address bar
    q.delete('code');
    const rest = q.toString();
    history.replaceState(null, '', location.pathname + (rest ? '?' + rest : ''));
  }
  return sessionStorage.getItem(KEY);
}

function askCode(message) {
  $('join').hidden = false;
  $('join-error').textContent = message || '';
  $('join-code').focus();
}

async function join() {
  S.code = readCode();
  if (!S.code) { askCode(''); return; }
  const res = await api('/api/session');
  if (res.status !== 200) {
    sessionStorage.removeItem(KEY);
    askCode(res.status === 403 ? 'This code does not open this game: ' + errorText(res) : errorText(res));
    return;
  }
  $('join').hidden = true;
  S.session = res.data;
  for (const s of S.session.sides || []) S.sides.set(s.id, s);
  paintSide();
  $('umpire-card').hidden = S.session.role !== 'umpire';
  const f = await api('/api/map.json');
  if (f.status === 200) S.frame = f.data;
  await refreshState();
  await loadMap();
  await catchUp(true);
  listen();
}

function sideName(id) {
  if (id === null || id === undefined) return null;
  const s = S.sides.get(id);
  return s ? s.name : id;
}
function sideColor(id) {
  const s = S.sides.get(id);
  return s ? s.color : '#777777';
}
// Black or white text, whichever reads better on the colour (WCAG luminance).
function inkOn(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || '');
  if (!m) return '#ffffff';
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const L = 0.2126 * lin(parseInt(m[1], 16)) + 0.7152 * lin(parseInt(m[2], 16)) + 0.0722 * lin(parseInt(m[3], 16));
  return (L + 0.05) / 0.05 > 1.05 / (L + 0.05) ? '#111111' : '#ffffff';
}

function paintSide() {
  const ses = S.session;
  const umpire = ses.role === 'umpire';
  const color = umpire ? '#2d2d2d' : sideColor(ses.side);
  document.documentElement.style.setProperty('--side', color);
  document.documentElement.style.setProperty('--side-ink', inkOn(color));
  $('badge').textContent = umpire ? 'Umpire' : sideName(ses.side);
  $('game-name').textContent = ses.scenario + ' (' + ses.ruleset + ')';
  document.title = (umpire ? 'Umpire' : sideName(ses.side)) + ' - ' + ses.scenario + ' - grognard';
  document.body.dataset.role = ses.role;
  // the umpire's bar names both sides in their map colours
  const list = $('sides');
  list.replaceChildren();
  for (const sd of ses.sides || []) {
    const li = document.createElement('li');
    li.appendChild(chip(sd.id));
    list.appendChild(li);
  }
  list.hidden = !umpire;
  if (ses.side) document.body.dataset.side = ses.side;
}

// A side's name on its own colour.
function chip(id) {
  const c = document.createElement('span');
  c.className = 'chip';
  c.textContent = sideName(id);
  c.style.background = sideColor(id);
  c.style.color = inkOn(sideColor(id));
  return c;
}

function mine(code) {
  if (!S.session) return false;
  if (S.session.role === 'umpire') return true;
  const u = S.units.get(code);
  return !!u && u.side === S.session.side;
}

// ---------------------------------------------------------------- state

async function refreshState() {
  const res = await api('/api/state');
  if (res.status !== 200) { showError(errorText(res)); return; }
  S.state = res.data;
  S.units.clear();
  for (const u of (S.state.view && S.state.view.units) || []) S.units.set(u.code, u);
  const st = S.state;
  $('clock').textContent = st.clock || '-';
  $('turn').textContent = st.turn + (st.turn_limit ? ' of ' + st.turn_limit : '');
  $('phase').textContent = st.over ? 'the game is over' : (st.phase || '-');
  const act = st.active_side;
  const you = S.session.side && (act === S.session.side || act === null) ? ' (you)' : '';
  const dd = $('active');
  dd.replaceChildren();
  if (st.over) dd.textContent = '-';
  else if (act === null) dd.textContent = 'both sides' + you;
  else { dd.appendChild(chip(act)); if (you) dd.append(you); }
  $('dice-mode').textContent = st.dice === 'table' ? 'table' : 'engine';
  $('dice-auto').setAttribute('aria-pressed', String(st.dice !== 'table'));
  $('dice-table').setAttribute('aria-pressed', String(st.dice === 'table'));
  document.body.dataset.seq = String(st.seq);
  fillPicker();
  const myTurn = S.session.role === 'umpire' || act === null || act === S.session.side;
  $('end-phase').disabled = st.over || !myTurn;
  if (S.selected) renderUnit();
}

// The units by name, for a keyboard, a screen reader, or a stand too small to
// tap: one's own side first, then the others as this side sees them.
function fillPicker() {
  const pick = $('unit-pick');
  pick.replaceChildren();
  const none = document.createElement('option');
  none.value = ''; none.textContent = '(none)';
  pick.appendChild(none);
  const order = [...S.sides.keys()].sort((a, b) => (b === S.session.side) - (a === S.session.side));
  for (const side of order) {
    const g = document.createElement('optgroup');
    g.label = sideName(side);
    for (const u of S.units.values()) {
      if (u.side !== side || u.removed) continue;
      const o = document.createElement('option');
      o.value = u.code;
      o.textContent = u.code + ': ' + u.name;
      g.appendChild(o);
    }
    if (g.children.length) pick.appendChild(g);
  }
  pick.value = S.selected && S.units.has(S.selected) ? S.selected : '';
}

// ---------------------------------------------------------------- the map

async function loadMap() {
  const path = '/api/map.svg' + (S.selected && mine(S.selected) ? '?select=' + encodeURIComponent(S.selected) : '');
  const res = await api(path);
  if (res.status !== 200 || typeof res.data !== 'string') { showError('map: ' + errorText(res)); return; }
  const doc = new DOMParser().parseFromString(res.data, 'image/svg+xml');
  const svg = doc.documentElement;
  if (!svg || svg.nodeName !== 'svg') { showError('map: the server sent no SVG'); return; }
  const box = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width
    ? svg.viewBox.baseVal
    : { x: 0, y: 0, width: parseFloat(svg.getAttribute('width')), height: parseFloat(svg.getAttribute('height')) };
  S.base = { x: box.x, y: box.y, w: box.width, h: box.height };
  if (!S.vb) S.vb = { ...S.base };
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'The table as ' + ($('badge').textContent || 'you') + ' may see it');
  const host = $('map');
  host.replaceChildren(document.importNode(svg, true));
  applyView();
  drawOverlay();
}

function svgEl() { return $('map').querySelector('svg'); }

function applyView() {
  const svg = svgEl();
  if (!svg || !S.vb) return;
  svg.setAttribute('viewBox', `${S.vb.x} ${S.vb.y} ${S.vb.w} ${S.vb.h}`);
}

function clientToSvg(cx, cy) {
  const svg = svgEl();
  const m = svg.getScreenCTM();
  const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}
function svgToClient(x, y) {
  const m = svgEl().getScreenCTM();
  const p = new DOMPoint(x, y).matrixTransform(m);
  return { x: p.x, y: p.y };
}
// A table point (north up) is at SVG (x0 + x*scale, y0 + (height - y)*scale).
function tableToSvg(x, y) {
  const f = S.frame;
  return { x: f.x0 + x * f.scale, y: f.y0 + (f.height - y) * f.scale };
}
function svgToTable(x, y) {
  const f = S.frame;
  return { x: (x - f.x0) / f.scale, y: f.height - (y - f.y0) / f.scale };
}

function zoomAt(cx, cy, factor) {
  if (!S.vb) return;
  const w = S.vb.w / factor;
  if (w < S.base.w / 16 || w > S.base.w * 1.5) return;
  const p = clientToSvg(cx, cy);
  S.vb = { x: p.x - (p.x - S.vb.x) / factor, y: p.y - (p.y - S.vb.y) / factor, w, h: S.vb.h / factor };
  applyView();
}
function zoomCentre(factor) {
  const r = $('map').getBoundingClientRect();
  zoomAt(r.left + r.width / 2, r.top + r.height / 2, factor);
}
function panBy(dx, dy) {
  const m = svgEl().getScreenCTM();
  S.vb.x -= dx / m.a;
  S.vb.y -= dy / m.d;
  applyView();
}

// Pan with one finger or the mouse, pinch with two, a tap is a press that
// hardly moved.
const touch = { pointers: new Map(), start: null, moved: 0, pinch: null };

function setupMap() {
  const host = $('map');
  host.addEventListener('pointerdown', (e) => {
    host.setPointerCapture(e.pointerId);
    touch.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (touch.pointers.size === 1) {
      touch.start = { x: e.clientX, y: e.clientY, t: e.timeStamp, target: e.target };
      touch.moved = 0;
    } else {
      touch.start = null;   // a second finger: a pinch, never a tap
      touch.pinch = pinchOf();
    }
  });
  host.addEventListener('pointermove', (e) => {
    const p = touch.pointers.get(e.pointerId);
    if (!p || !svgEl()) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    if (touch.pointers.size === 1) {
      touch.moved += Math.abs(dx) + Math.abs(dy);
      if (touch.moved > 8) { host.classList.add('dragging'); panBy(dx, dy); }
      p.x = e.clientX; p.y = e.clientY;
    } else {
      p.x = e.clientX; p.y = e.clientY;
      const now = pinchOf();
      if (touch.pinch && now.d > 0 && touch.pinch.d > 0) {
        zoomAt(now.x, now.y, now.d / touch.pinch.d);
        panBy(now.x - touch.pinch.x, now.y - touch.pinch.y);
      }
      touch.pinch = now;
    }
  });
  const up = (e) => {
    const had = touch.pointers.delete(e.pointerId);
    host.classList.remove('dragging');
    if (touch.pointers.size < 2) touch.pinch = null;
    if (!had || e.type === 'pointercancel') { touch.start = null; return; }
    if (touch.start && touch.pointers.size === 0 && touch.moved <= 8) {
      const st = touch.start;
      touch.start = null;
      if (e.pointerType === 'touch') touch.tapped = { t: e.timeStamp, x: e.clientX, y: e.clientY };
      onTap(e.clientX, e.clientY, st.target);
    }
  };
  host.addEventListener('pointerup', up);
  // A finger's tap is followed by a click where it lifted; when the tap has
  // scrolled the page (the order shown below the map on a phone), that click
  // would land on whatever came under the finger: it is dropped.
  document.addEventListener('click', (e) => {
    const t = touch.tapped;
    if (t && e.timeStamp - t.t < 700 && Math.abs(e.clientX - t.x) < 16 && Math.abs(e.clientY - t.y) < 16 &&
        !host.contains(e.target)) {
      e.preventDefault();
      e.stopPropagation();
    }
  }, true);
  host.addEventListener('pointercancel', up);
  host.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoomAt(e.clientX, e.clientY, Math.exp(-e.deltaY * 0.0015));
  }, { passive: false });
  host.addEventListener('keydown', (e) => {
    const step = 40;
    const k = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
    if (k) { panBy(k[0], k[1]); e.preventDefault(); }
    else if (e.key === '+' || e.key === '=') zoomCentre(1.25);
    else if (e.key === '-') zoomCentre(0.8);
  });
  $('zoom-in').addEventListener('click', () => zoomCentre(1.4));
  $('zoom-out').addEventListener('click', () => zoomCentre(1 / 1.4));
  $('zoom-fit').addEventListener('click', () => { S.vb = { ...S.base }; applyView(); });
}

function pinchOf() {
  const ps = [...touch.pointers.values()];
  if (ps.length < 2) return null;
  const [a, b] = ps;
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
}

// The unit under a tap: the map's own group of a stand (its rectangle, its
// label called out beside it, or its place in the box of the stands off the
// table), else the nearest unit of the view within a finger's reach.
function unitAt(cx, cy, target) {
  const g = target && target.closest &&
    target.closest('g.unit[data-unit], g.unit-label[data-unit], g.offtable-unit[data-unit]');
  if (g) return g.getAttribute('data-unit');
  if (!S.frame) return null;
  const m = svgEl().getScreenCTM();
  const stand = (S.session.unit === 'cm' ? 4 : 1.2) * S.frame.scale * m.a;
  const reach = Math.max(24, stand);
  let best = null, bestD = Infinity;
  for (const u of S.units.values()) {
    if (u.removed || u.x === null || u.x === undefined) continue;
    const s = tableToSvg(u.x, u.y);
    const c = svgToClient(s.x, s.y);
    const d = Math.hypot(c.x - cx, c.y - cy);
    if (d < bestD) { bestD = d; best = u.code; }
  }
  return bestD <= reach ? best : null;
}

// The page's own marks over the map: the selected unit and the point of a move.
function drawOverlay() {
  const svg = svgEl();
  if (!svg || !S.frame) return;
  let g = svg.querySelector('#gn-overlay');
  if (g) g.remove();
  g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('id', 'gn-overlay');
  g.setAttribute('pointer-events', 'none');
  const u = S.selected && S.units.get(S.selected);
  const color = u ? sideColor(u.side) : '#000';
  const mark = (name, attrs) => {
    const e = document.createElementNS(SVGNS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    g.appendChild(e);
    return e;
  };
  const r = (S.session.unit === 'cm' ? 4 : 1.2) * S.frame.scale;
  if (u && u.x !== null && u.x !== undefined) {
    const c = tableToSvg(u.x, u.y);
    mark('circle', { cx: c.x, cy: c.y, r: r * 1.4, fill: 'none', stroke: '#ffffff', 'stroke-width': r * 0.35 });
    mark('circle', { cx: c.x, cy: c.y, r: r * 1.4, fill: 'none', stroke: color, 'stroke-width': r * 0.2 });
    if (S.point) {
      const p = tableToSvg(S.point.x, S.point.y);
      mark('line', { x1: c.x, y1: c.y, x2: p.x, y2: p.y, stroke: color, 'stroke-width': r * 0.15, 'stroke-dasharray': `${r * 0.5} ${r * 0.3}` });
      mark('circle', { cx: p.x, cy: p.y, r: r * 0.5, fill: color, stroke: '#ffffff', 'stroke-width': r * 0.12 });
    }
  }
  svg.appendChild(g);
}

// ---------------------------------------------------------------- taps

function onTap(cx, cy, target) {
  if (!S.state || !svgEl()) return;
  const code = unitAt(cx, cy, target);
  const pt = S.frame ? svgToTable(clientToSvg(cx, cy).x, clientToSvg(cx, cy).y) : null;
  // an armed form (a move) takes the point, wherever it falls
  if (S.form && pt && !(code && targetsNaming(code).length)) { givePoint(S.form, pt); return; }
  if (code) {
    if (S.selected && code !== S.selected) {
      const orders = targetsNaming(code);
      if (orders.length === 1) { propose(orders[0].order); return; }
      if (orders.length > 1) {
        hint('Choose the order against ' + code + ' in the list.');
        renderActions(code);
        return;
      }
    }
    select(code);
    return;
  }
  if (S.selected && mine(S.selected) && pt) {
    const form = defaultForm();
    if (form) { givePoint(form, pt); return; }
  }
  hint(S.selected ? 'Tap a target, an order in the list, or another unit.' : 'Tap a unit.');
}

function hint(text) { $('hint').textContent = text || ''; }

function targetsNaming(code) {
  const out = [];
  for (const a of (S.actions && S.actions.actions) || []) {
    for (const t of a.targets || []) if (t.unit === code && t.order) out.push(t);
  }
  return out;
}

function defaultForm() {
  const forms = ((S.actions && S.actions.actions) || []).filter((a) => a.form && a.form.includes('X,Y'));
  const move = forms.find((a) => a.verb === 'move');
  return (move || forms[0] || {}).form || null;
}

function fmt(v) { return (Math.round(v * 10) / 10).toString(); }

function givePoint(form, pt) {
  S.point = pt;
  hint('');
  const order = form.replace('X,Y', fmt(pt.x) + ',' + fmt(pt.y));
  drawOverlay();
  propose(order, { form, pt });
}

async function select(code) {
  S.selected = code;
  $('unit-pick').value = code;
  S.form = null;
  S.point = null;
  S.actions = null;
  hint('');
  renderUnit();
  $('unit-card').hidden = false;
  if (mine(code)) {
    const res = await api('/api/actions?unit=' + encodeURIComponent(code));
    if (S.selected !== code) return;
    if (res.status === 200) S.actions = res.data;
    else showError(errorText(res));
  }
  renderUnit();
  await loadMap();
}

function deselect() {
  S.selected = null; S.actions = null; S.form = null; S.point = null;
  $('unit-pick').value = '';
  $('unit-card').hidden = true;
  hint('');
  loadMap();
}

function renderUnit() {
  const u = S.units.get(S.selected);
  if (!u) { $('unit-title').textContent = S.selected || 'Unit'; $('unit-status').textContent = 'not on the table as you see it'; return; }
  $('unit-title').textContent = u.name + ' (' + u.code + ')';
  $('unit-card').style.borderLeft = '8px solid ' + sideColor(u.side);
  $('unit-status').textContent = u.status || '';
  const facts = [['side', sideName(u.side)], ['type', u.type], ['formation', u.formation]];
  if (u.strength !== null && u.strength !== undefined)
    facts.push(['strength', u.strength + (u.strength0 ? ' of ' + u.strength0 : '')]);
  if (u.x !== null && u.x !== undefined)
    facts.push(['at', fmt(u.x) + ',' + fmt(u.y) + ' ' + S.session.unit + ', facing ' + fmt(u.facing)]);
  if (u.removed) facts.push(['removed', 'yes']);
  for (const [k, v] of Object.entries(u.attrs || {})) if (v) facts.push([k.replace(/_/g, ' '), String(v)]);
  const dl = $('unit-facts');
  dl.replaceChildren();
  for (const [k, v] of facts) {
    if (v === null || v === undefined || v === '') continue;
    const dt = document.createElement('dt'); dt.textContent = k;
    const dd = document.createElement('dd'); dd.textContent = v;
    dl.append(dt, dd);
  }
  renderActions(null);
}

function diceNote(t) {
  if (!t) return '';
  const parts = [];
  if (t.distance !== undefined && t.distance >= 0) parts.push(fmt(t.distance) + ' ' + S.session.unit);
  if (t.dice) parts.push((t.dice === 'card' ? (t.count || 1) + ' card' + ((t.count || 1) > 1 ? 's' : '') : t.dice));
  if (t.need) parts.push('need ' + t.need + '+');
  if (t.ready === false) parts.push('not now: ' + (t.why || ''));
  return parts.join(', ');
}

function orderButton(order, note, t) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.order = order;
  b.textContent = order;
  if (note) { const s = document.createElement('small'); s.textContent = note; b.appendChild(s); }
  if (t && t.ready === false) b.classList.add('notready');
  b.addEventListener('click', () => propose(order));
  return b;
}

// The selected unit's orders; only: list just those naming that target.
function renderActions(only) {
  const box = $('unit-actions');
  box.replaceChildren();
  const u = S.selected;
  if (!mine(u)) {
    $('actions-title').textContent = 'Orders';
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = S.session.role === 'umpire' ? 'No orders now.' : 'Not your unit: you see it as your side may.';
    box.appendChild(p);
    return;
  }
  const acts = (S.actions && S.actions.actions) || [];
  $('actions-title').textContent = acts.length ? 'Orders' + (only ? ' against ' + only : '') : 'Orders';
  if (!acts.length) {
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = S.actions ? 'No order for this unit now (' + (S.actions.phase || 'this phase') + ').' : 'Asking the rules...';
    box.appendChild(p);
    return;
  }
  for (const a of acts) {
    const targets = (a.targets || []).filter((t) => !only || t.unit === only);
    if (only && !targets.length) continue;
    const div = document.createElement('div');
    div.className = 'action';
    const h = document.createElement('h4'); h.textContent = a.verb; div.appendChild(h);
    const row = document.createElement('div'); row.className = 'orders'; div.appendChild(row);
    if (a.order) row.appendChild(orderButton(a.order, diceNote((a.targets || [])[0]), (a.targets || [])[0]));
    for (const t of targets) row.appendChild(orderButton(t.order, diceNote(t), t));
    if (a.form) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.form = a.form;
      b.setAttribute('aria-pressed', String(S.form === a.form));
      b.textContent = a.form.includes('X,Y') ? a.verb + ': tap a point on the map' : a.form;
      b.addEventListener('click', () => {
        if (!a.form.includes('X,Y')) { $('typed-order').value = a.form; $('typed-order').focus(); return; }
        S.form = S.form === a.form ? null : a.form;
        renderActions(only);
        hint(S.form ? 'Tap the point on the map: ' + a.form : '');
        // on a phone the map is above the list: bring it back into sight
        if (S.form) $('mapview').scrollIntoView({ block: 'nearest' });
      });
      row.appendChild(b);
    }
    const notes = [];
    if (a.left !== undefined && a.left >= 0) notes.push('move left: ' + fmt(a.left) + ' ' + S.session.unit);
    if (a.avoid) notes.push('may not enter: ' + a.avoid);
    for (const n of notes) { const p = document.createElement('p'); p.className = 'note'; p.textContent = n; div.appendChild(p); }
    box.appendChild(div);
  }
}

// ---------------------------------------------------------------- orders

async function propose(order, move) {
  showError('');
  hideDice();
  S.pending = { order, dice: [], need: null };
  $('order-card').hidden = false;
  $('order-text').textContent = order;
  $('order-card').scrollIntoView({ block: 'nearest' });
  const check = $('order-check');
  check.className = 'order-check';
  check.textContent = 'Asking the rules...';
  $('order-odds').replaceChildren();
  $('order-confirm').disabled = true;
  const res = await api('/api/order', { order, check: true });
  if (!S.pending || S.pending.order !== order) return;
  if (res.status !== 200) {
    check.className = 'order-check refused';
    check.textContent = 'Refused: ' + errorText(res);
    return;
  }
  if (!res.data.ok) {
    check.className = 'order-check refused';
    check.textContent = 'Refused: ' + errorText(res);
    return;
  }
  check.className = 'order-check ok';
  let text = 'The rules accept it.';
  if (move && S.selected) {
    const u = S.units.get(S.selected);
    const left = ((S.actions && S.actions.actions) || []).find((a) => a.form === move.form);
    if (u && u.x !== null && u.x !== undefined) {
      text += ' Straight-line distance ' + fmt(Math.hypot(move.pt.x - u.x, move.pt.y - u.y)) + ' ' + S.session.unit;
      if (left && left.left >= 0) text += ' of ' + fmt(left.left) + ' ' + S.session.unit + ' of move left';
      text += '; the ground\'s cost is told when it is done.';
    }
  }
  check.textContent = text;
  $('order-confirm').disabled = false;
  $('order-confirm').focus({ preventScroll: true });
  $('order-card').scrollIntoView({ block: 'nearest' });
  const odds = await api('/api/odds?order=' + encodeURIComponent(order));
  if (!S.pending || S.pending.order !== order) return;
  const box = $('order-odds');
  box.replaceChildren();
  if (odds.status === 403) {
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = 'The chances are the umpire\'s to tell: they read what your side may not know.';
    box.appendChild(p);
  } else if (odds.status === 200 && odds.data.lines && odds.data.lines.length) {
    const h = document.createElement('h3');
    h.textContent = odds.data.exact ? 'The chances (exact)' : 'The chances (estimated)';
    box.appendChild(h);
    for (const l of odds.data.lines) { const p = document.createElement('p'); p.textContent = l; box.appendChild(p); }
  }
}

function closeOrder() {
  S.pending = null;
  S.point = null;
  $('order-card').hidden = true;
  $('order-check').className = 'order-check';
  $('order-check').textContent = '';
  $('order-text').textContent = '';
  hideDice();
  drawOverlay();
}

async function confirmOrder() {
  const p = S.pending;
  if (!p) return;
  $('order-confirm').disabled = true;
  $('dice-send').disabled = true;
  const res = await api('/api/order', { order: p.order, check: false, dice: p.dice });
  $('dice-send').disabled = false;
  if (S.pending !== p) return;
  const d = res.data || {};
  if (res.status === 200 && d.ok) {
    addEvents(d.events || [], true);
    closeOrder();
    S.form = null;
    $('mapview').scrollIntoView({ block: 'nearest' });   // the result, on a phone too
    if (d.unused) hint(d.unused + (d.unused === 1 ? ' result' : ' results') + ' of the roll typed were not needed.');
    await afterChange();
    return;
  }
  if (res.status === 200 && d.need) { p.need = d.need; showDice(d.need); return; }
  if (res.status === 400 && p.need) {
    // a result the chance point cannot show: take that roll back, ask again
    p.dice = p.dice.slice(0, p.need.sent);
    showDice(p.need, errorText(res));
    return;
  }
  $('order-check').className = 'order-check refused';
  $('order-check').textContent = 'Refused: ' + errorText(res);
  hideDice();
}

// ---------------------------------------------------------------- dice pad

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['C', 'D', 'H', 'S'];
const SUIT_NAMES = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SUIT_SIGNS = { C: '\u2663', D: '\u2666', H: '\u2665', S: '\u2660' };
const pad = { entry: [], rank: null };

function facesOf(spec) {
  const m = /d(\d+)/i.exec(spec || '');
  return m ? parseInt(m[1], 10) : 6;
}

// A card by name (QH, 10s, ah): its number 13 x suit + rank - 1; NaN if none.
function cardNumber(name) {
  const m = /^(A|K|Q|J|10|[2-9])([CDHS])$/i.exec(name.trim());
  if (!m) return NaN;
  return 13 * SUITS.indexOf(m[2].toUpperCase()) + RANKS.indexOf(m[1].toUpperCase());
}
function cardName(n) { return RANKS[n % 13] + SUITS[Math.floor(n / 13)]; }

function parseRoll(text, need) {
  const words = text.trim().split(/[\s,;]+/).filter(Boolean);
  if (need.kind === 'card') {
    const out = words.map(cardNumber);
    const bad = words.find((w, i) => Number.isNaN(out[i]));
    if (bad) throw new Error('"' + bad + '" is not a card: write rank then suit, like QH, 10S, AC');
    return out;
  }
  const faces = facesOf(need.spec);
  let parts = words;
  if (words.length === 1 && faces <= 9 && /^[1-9]+$/.test(words[0]) && words[0].length === need.n) parts = words[0].split('');
  return parts.map((w) => {
    const v = Number(w);
    if (!Number.isInteger(v) || v < 1 || v > faces) throw new Error('"' + w + '" is not a face of a d' + faces);
    return v;
  });
}

function showDice(need, problem) {
  const p = S.pending;
  need.sent = p.dice.length;
  pad.entry = []; pad.rank = null;
  const box = $('dicepad');
  box.hidden = false;
  box.dataset.kind = need.kind;
  box.dataset.n = String(need.n);
  box.dataset.faces = String(facesOf(need.spec));
  const who = need.who ? sideName(need.who) : null;
  const mineToRoll = !need.who || need.who === S.session.side || S.session.role === 'umpire';
  $('dice-who').textContent = (who ? who + ' rolls' : 'Roll') + (mineToRoll ? '' : ' (at their side of the table)') +
    ': ' + (need.kind === 'card' ? need.n + (need.n === 1 ? ' card' : ' cards') : need.spec);
  $('dice-what').textContent = 'For ' + need.purpose + (need.need ? '; needs ' + need.need : '') +
    (need.ref ? ' (' + need.ref + ')' : '') + (need.given ? '; ' + need.given + ' already used' : '');
  $('dice-label').textContent = need.kind === 'card'
    ? 'The cards drawn, by name (QH 10S AC)'
    : 'The whole roll (' + need.n + ' ' + (need.n === 1 ? 'die' : 'dice') + ', like ' + sample(need) + ')';
  $('dice-input').value = '';
  const faces = $('dice-faces');
  faces.replaceChildren();
  if (need.kind === 'card') {
    for (const r of RANKS) faces.appendChild(faceButton(r, 'rank ' + r, () => { pad.rank = r; padNote(); }));
    for (const s of SUITS) faces.appendChild(faceButton(SUIT_SIGNS[s] + ' ' + s, SUIT_NAMES[s], () => {
      if (pad.rank) { pad.entry.push(cardNumber(pad.rank + s)); pad.rank = null; padNote(); }
    }));
  } else {
    const n = facesOf(need.spec);
    for (let v = 1; v <= n; v++) faces.appendChild(faceButton(String(v), 'a ' + v, () => { pad.entry.push(v); padNote(); }));
  }
  padNote(problem);
  $('dicepad').scrollIntoView({ block: 'nearest' });
  $('dice-input').focus();
}

function sample(need) {
  const out = [];
  for (let i = 0; i < need.n; i++) out.push(String(1 + ((i * 3 + 2) % facesOf(need.spec))));
  return out.join(' ');
}

function faceButton(text, label, fn) {
  const b = document.createElement('button');
  b.type = 'button'; b.textContent = text; b.setAttribute('aria-label', label);
  b.addEventListener('click', fn);
  return b;
}

function padNote(problem) {
  const need = S.pending && S.pending.need;
  if (!need) return;
  const shown = need.kind === 'card' ? pad.entry.map(cardName) : pad.entry.map(String);
  let t = shown.length ? 'So far: ' + shown.join(' ') + (pad.rank ? ' ' + pad.rank + '?' : '') + ' (' + shown.length + ' of ' + need.n + ')'
                       : (pad.rank ? 'Rank ' + pad.rank + ': now its suit' : '');
  if (problem) t = problem + (t ? '. ' + t : '');
  $('dice-given').textContent = t;
}

function hideDice() { $('dicepad').hidden = true; pad.entry = []; pad.rank = null; }

async function sendDice() {
  const p = S.pending;
  if (!p || !p.need) return;
  let roll = pad.entry.slice();
  const typed = $('dice-input').value;
  try {
    if (typed.trim()) roll = parseRoll(typed, p.need);
  } catch (e) { padNote(e.message); return; }
  if (roll.length !== p.need.n) {
    padNote('This roll needs ' + p.need.n + (p.need.kind === 'card' ? ' cards' : ' dice') + ', ' + roll.length + ' given');
    return;
  }
  p.dice = p.dice.concat(roll);
  await confirmOrder();
}

// ---------------------------------------------------------------- narrative

function addEvents(events, fresh) {
  const list = $('story');
  for (const e of events) {
    if (e.n === undefined || S.seen.has(e.n)) continue;
    S.seen.add(e.n);
    S.next = Math.max(S.next, e.n + 1);
    const li = document.createElement('li');
    li.dataset.n = e.n;
    if (e.kind) li.dataset.kind = e.kind;
    const u = e.unit && S.units.get(e.unit);
    if (u) li.style.borderLeftColor = sideColor(u.side);
    if (fresh) li.classList.add('fresh');
    const text = document.createElement('div');
    text.className = 'text';
    text.textContent = e.text || '';
    li.appendChild(text);
    const meta = document.createElement('div');
    meta.className = 'meta';
    meta.append('turn ' + e.turn + ', ' + e.phase + (e.order ? ', order ' + e.order : '') + ' ');
    if (e.ref) { const r = document.createElement('span'); r.className = 'ref'; r.textContent = e.ref; meta.appendChild(r); }
    if (e.dice && e.dice.length) {
      const b = document.createElement('button');
      b.type = 'button'; b.textContent = 'why';
      b.setAttribute('aria-label', 'Why this roll: ' + (e.text || ''));
      b.setAttribute('aria-expanded', 'false');
      b.addEventListener('click', () => why(e.n, li, b));
      meta.appendChild(b);
    }
    li.appendChild(meta);
    // newest first: before the first older event listed
    const older = [...list.children].find((c) => Number(c.dataset.n) < e.n);
    list.insertBefore(li, older || null);
  }
  if (fresh) setTimeout(() => { for (const li of list.querySelectorAll('li.fresh')) li.classList.remove('fresh'); }, 4000);
}

async function why(n, li, button) {
  const old = li.querySelector('.why');
  if (old) { old.remove(); button.setAttribute('aria-expanded', 'false'); return; }
  const res = await api('/api/why?event=' + n);
  const box = document.createElement('div');
  box.className = 'why';
  const lines = res.status === 200 ? res.data.lines || [] : [errorText(res)];
  for (const l of lines) { const p = document.createElement('div'); p.textContent = l; box.appendChild(p); }
  li.appendChild(box);
  button.setAttribute('aria-expanded', 'true');
}

async function catchUp(first) {
  const res = await api('/api/events?since=' + S.next);
  if (res.status !== 200) { showError(errorText(res)); return; }
  addEvents(res.data.events || [], !first);
  if (typeof res.data.next === 'number') S.next = Math.max(S.next, res.data.next);
}

// ---------------------------------------------------------------- live

function listen() {
  if (S.stream) S.stream.close();
  const es = new EventSource('/api/stream?code=' + encodeURIComponent(S.code));
  S.stream = es;
  let opened = false;
  es.addEventListener('open', () => {
    $('link').textContent = 'live';
    $('link').classList.add('live');
    if (opened) catchUp(false).then(afterChange);   // a reconnection: what was missed
    opened = true;
  });
  es.addEventListener('error', () => {
    $('link').textContent = 'reconnecting';
    $('link').classList.remove('live');
  });
  es.addEventListener('change', async (m) => {
    let d;
    try { d = JSON.parse(m.data); } catch { return; }
    // after an undo, or a change made to the game by another program, the
    // narrative is read again from the start
    if (d.undo || d.reload) {
      S.seen.clear(); S.next = 0;
      $('story').replaceChildren();
      await catchUp(true);
    } else addEvents(d.events || [], true);
    await afterChange();
  });
}

let changing = null;
// After any change: the state, the map and the selected unit's orders anew.
async function afterChange() {
  if (changing) { changing.again = true; return; }
  changing = { again: false };
  do {
    changing.again = false;
    await refreshState();
    if (S.selected && mine(S.selected)) {
      const res = await api('/api/actions?unit=' + encodeURIComponent(S.selected));
      S.actions = res.status === 200 ? res.data : null;
      renderUnit();
    }
    await loadMap();
  } while (changing.again);
  changing = null;
}

// ---------------------------------------------------------------- controls

async function undo() {
  showError('');
  const res = await api('/api/undo', {});
  if (res.status === 200 && res.data.ok) { hint('Order taken back.'); await afterChange(); }
  else showError('Undo: ' + errorText(res));
}

async function setDice(mode) {
  const res = await api('/api/dice', { mode });
  if (res.status !== 200) showError('Dice: ' + errorText(res));
  await refreshState();
}

function setup() {
  setupMap();
  $('unit-close').addEventListener('click', deselect);
  $('unit-pick').addEventListener('change', (e) => {
    if (e.target.value) select(e.target.value); else deselect();
  });
  $('order-confirm').addEventListener('click', confirmOrder);
  $('order-cancel').addEventListener('click', closeOrder);
  $('dice-send').addEventListener('click', sendDice);
  $('dice-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); sendDice(); } });
  $('dice-clear').addEventListener('click', () => { pad.entry = []; pad.rank = null; $('dice-input').value = ''; padNote(); });
  $('dice-cancel').addEventListener('click', closeOrder);
  $('end-phase').addEventListener('click', () => propose('end'));
  $('undo').addEventListener('click', undo);
  $('dice-auto').addEventListener('click', () => setDice('auto'));
  $('dice-table').addEventListener('click', () => setDice('table'));
  $('typed-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const t = $('typed-order').value.trim();
    if (t) propose(t);
  });
  $('join-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const c = $('join-code').value.trim();
    if (!c) return;
    sessionStorage.setItem(KEY, c);
    join();
  });
}

// For people and tests alike: where a unit or a table point is on the screen.
window.grognard = {
  unitPoint(code) {
    const u = S.units.get(code);
    if (!u || u.x === null || u.x === undefined || !svgEl()) return null;
    const s = tableToSvg(u.x, u.y);
    return svgToClient(s.x, s.y);
  },
  tablePoint(x, y) {
    if (!svgEl() || !S.frame) return null;
    const s = tableToSvg(x, y);
    return svgToClient(s.x, s.y);
  },
  get seq() { return S.state ? S.state.seq : -1; },
  get ready() { return !!(S.state && svgEl()); },
};

setup();
join();
