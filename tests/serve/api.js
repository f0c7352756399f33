// tests/serve/api.js: every call of `grognard serve`'s API, for both sides
// and the umpire, and the requests it must refuse: no code or a wrong one,
// another side's unit, an umpire call from a side, malformed JSON, a body
// over 64 KiB, paths that climb out of the page, an order for a finished
// game; physical dice asked for and given; the undo rules; the stream.
// Usage: node tests/serve/api.js DIR REPO OVER_SCENARIO (from test-serve-api.sh)
'use strict';
const { check, failures, serve, call, stream, raw } = require('./client');
const path = require('path');

const [dir, repo, overScenario] = process.argv.slice(2);

async function main() {
  const srv = await serve([path.join(repo, 'scenarios', 'vb-teach-fire.yaml'), '--seed', '7'], dir);
  const L = srv.links, base = L.base, U = L.codes.umpire, F = L.codes.french, P = L.codes.prussians;
  check('the links name both sides and the umpire, each a 16-hex code',
        [U, F, P].every(c => /^[0-9a-f]{16}$/.test(c)) && new Set([U, F, P]).size === 3 &&
        L.sides.french === `${base}?code=${F}` && L.umpire === `${base}?code=${U}`, L);
  check('stdout says the game, the scenario and a line per seat',
        /^grognard serve: game g1, .*\(vb\), at http:\/\/127\.0\.0\.1:\d+\/\n  french +http/.test(srv.out()) &&
        srv.out().trim().split('\n').length === 4, srv.out());

  // ---- the code
  let r = await call(base, 'GET', '/api/session');
  check('no code: 403 with a plain message', r.status === 403 && /code/.test(r.json && r.json.error), r.text);
  r = await call(base, 'GET', '/api/session?code=0123456789abcdef');
  check('a wrong code: 403', r.status === 403 && r.json && r.json.error, r.text);
  r = await call(base, 'GET', `/api/session?code=${F.slice(0, 15)}`);
  check('a code cut short: 403', r.status === 403, r.text);
  r = await call(base, 'GET', '/api/state', { code: 'ffffffffffffffff' });
  check('a wrong code in the header: 403', r.status === 403, r.text);

  // ---- session
  r = await call(base, 'GET', `/api/session?code=${F}`);
  const sess = r.json || {};
  check('session for a side (code in the query): role side, its id, the sides, the table',
        r.status === 200 && sess.role === 'side' && sess.side === 'french' && sess.ruleset === 'vb' &&
        sess.unit === 'in' && sess.game === 'g1' && sess.sides.length === 2 && sess.table.width > 0 &&
        /^application\/json/.test(r.headers['content-type']), r.text);
  check("session: each side has the map's colour #rrggbb, a different one",
        (sess.sides || []).every(s => /^#[0-9a-f]{6}$/.test(s.color)) && sess.sides[0].color !== sess.sides[1].color, sess.sides);
  r = await call(base, 'GET', '/api/session', { code: U });
  check('session for the umpire (code in the header): role umpire, side null',
        r.status === 200 && r.json.role === 'umpire' && r.json.side === null, r.text);
  r = await call(base, 'GET', '/api/session', { code: P });
  check('session for the other side', r.status === 200 && r.json.side === 'prussians', r.text);

  // ---- state
  r = await call(base, 'GET', '/api/state', { code: P });
  check('state: seq 0, turn, phase, the side to act, auto dice, the view as prussians see it',
        r.status === 200 && r.json.seq === 0 && r.json.turn === 1 && r.json.dice === 'auto' &&
        r.json.active_side === 'french' && r.json.over === false && r.json.view.viewer === 'prussians', r.text);
  r = await call(base, 'GET', '/api/state', { code: U });
  check('state: the umpire views as the umpire', r.json && r.json.view.viewer === 'umpire', r.text);

  // ---- unknown paths and methods
  r = await call(base, 'GET', '/api/nothing', { code: F });
  check('an unknown call: 404', r.status === 404 && r.json.error, r.text);
  r = await call(base, 'GET', '/api/order', { code: F });
  check('GET of a POST call: 405', r.status === 405 && r.json.error, r.text);
  r = await call(base, 'POST', '/api/state', { code: F, body: {} });
  check('POST of a GET call: 405', r.status === 405, r.text);
  r = await call(base, 'DELETE', '/api/state', { code: F });
  check('another method: 405', r.status === 405, r.text);
  r = await call(base, 'POST', '/index.html', { body: 'x' });
  check('POST to a file of the page: 405', r.status === 405, r.text);
  r = await call(base, 'GET', '/no-such-file.js');
  check('a file the page does not have: 404', r.status === 404, r.text);

  // ---- path traversal: nothing is read from disk
  for (const p of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd',
                   '/%2E%2E/%2E%2E/etc/passwd', '/./../../../etc/passwd', '//etc/passwd',
                   '/api/../../etc/passwd', '/index.html/../../../etc/passwd', '/%00/etc/passwd']) {
    const a = await raw(base, `GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const status = Number((a.match(/^HTTP\/1\.[01] (\d+)/) || [])[1]);
    check(`path traversal '${p}': ${status || 'refused'}, no file of the system`,
          (!status || status >= 400) && !/root:/.test(a), a.slice(0, 200));
  }

  // ---- actions
  r = await call(base, 'GET', '/api/actions', { code: F });
  check('actions of a side: its own side', r.status === 200 && r.json.side === 'french' && Array.isArray(r.json.actions), r.text);
  r = await call(base, 'GET', '/api/actions?unit=FA', { code: F });
  check('actions of its own unit', r.status === 200, r.text);
  r = await call(base, 'GET', '/api/actions?unit=P1', { code: F });
  check("actions of another side's unit: 403", r.status === 403 && /P1/.test(r.json.error), r.text);
  r = await call(base, 'GET', '/api/actions?unit=P1', { code: U });
  check("the umpire asks any unit's actions", r.status === 200, r.text);
  r = await call(base, 'GET', '/api/actions?unit=NOSUCH', { code: F });
  check('actions of no such unit: 404', r.status === 404, r.text);

  // ---- the stream of each viewer
  const sF = stream(base, F), sP = stream(base, P), sU = stream(base, U);
  await Promise.all([sF.opened, sP.opened, sU.opened]);
  check('the stream is text/event-stream, open at once', sF.status === 200 && /^text\/event-stream/.test(sF.type), sF.type);
  const sX = stream(base, '0000000000000000');
  await sX.opened.catch(() => {});
  check('the stream with a wrong code: 403', sX.status === 403, sX.status);

  // ---- orders: whose, check, malformed bodies
  r = await call(base, 'POST', '/api/order', { code: P, body: { order: 'end' } });
  check("'end' from the side not to act: 403 with the reason", r.status === 403 && /french/.test(r.json.error), r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end', check: true } });
  check('check: ok, and nothing changes', r.status === 200 && r.json.ok === true, r.text);
  r = await call(base, 'GET', '/api/state', { code: F });
  check('check changed nothing (seq 0)', r.json.seq === 0, r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'fire FA at P1', check: true } });
  check('check of an order refused now: ok false with the rule id', r.status === 200 && r.json.ok === false && r.json.error && /^VB-/.test(r.json.ref), r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: '{"order": "end"' });
  check('malformed JSON: 400 saying where', r.status === 400 && /malformed JSON/.test(r.json.error), r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: '[1, 2]' });
  check('JSON that is not an object: 400', r.status === 400, r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 42 } });
  check('an order that is not text: 400', r.status === 400, r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end', dice: [1, 'x'] } });
  check('dice that are not numbers: 400', r.status === 400, r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end', dice: [3] } });
  check('dice sent while the engine rolls: 400', r.status === 400 && /auto/.test(r.json.error), r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: 'x'.repeat(70000) });
  check('a body over 64 KiB (Content-Length): 413', r.status === 413 && r.json && r.json.error, r.text.slice(0, 200));
  r = await call(base, 'POST', '/api/order', { code: F, body: JSON.stringify({ order: 'end', pad: 'y'.repeat(100000) }), chunked: true, noagent: true });
  check('a body over 64 KiB sent in chunks: 413', r.status === 413, r.text.slice(0, 200));
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'move FA to nowhere' } });
  check('an order the rules do not understand: 409, ok false', r.status === 409 && r.json.ok === false && r.json.error, r.text);
  r = await call(base, 'GET', '/api/state', { code: F });
  check('none of the refused requests changed the game', r.json.seq === 0, r.text);

  // ---- the umpire's powers
  r = await call(base, 'POST', '/api/dice', { code: F, body: { mode: 'table' } });
  check('a side sets the dice mode: 403', r.status === 403, r.text);
  r = await call(base, 'POST', '/api/dice', { code: U, body: { mode: 'loaded' } });
  check('a dice mode that is none: 400', r.status === 400, r.text);
  r = await call(base, 'POST', '/api/dice', { code: U, body: { mode: 'table' } });
  check('the umpire sets physical dice', r.status === 200 && r.json.dice === 'table', r.text);
  r = await call(base, 'GET', '/api/state', { code: P });
  check('state says table', r.json.dice === 'table', r.text);

  // ---- orders given: command, movement, rally end without dice
  for (let i = 0; i < 3; i++) {
    r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end' } });
    check(`french 'end' ${i + 1}: applied, seq ${i + 1}`, r.status === 200 && r.json.ok === true && r.json.seq === i + 1, r.text);
  }
  r = await call(base, 'POST', '/api/undo', { code: F, body: {} });
  check('a side takes back an order that drew no dice', r.status === 200 && r.json.ok && r.json.seq === 2, r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end' } });
  check('and gives it again', r.status === 200 && r.json.seq === 3, r.text);

  // ---- physical dice: the morale phase's end asks a d6
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end' } });
  const need = r.json && r.json.need;
  check('physical dice: the order wants a die, nothing applied',
        r.status === 200 && r.json.ok === false && need && need.kind === 'dice' && need.n >= 1 &&
        need.given === 0 && need.spec && need.purpose && /^VB-/.test(need.ref) && 'who' in need, r.text);
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end', dice: [9] } });
  check('a face a d6 cannot show: 400 with the reason', r.status === 400 && /6|face|die/.test(r.json.error), r.text);
  r = await call(base, 'GET', '/api/state', { code: F });
  check('still 3 orders', r.json.seq === 3, r.text);
  let dice = [];
  for (let k = 0; k < 20; k++) {
    r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'end', dice } });
    if (!(r.json && r.json.need)) break;
    dice = dice.concat(Array(r.json.need.n).fill(r.json.need.kind === 'card' ? 0 : 4));
  }
  check('the order sent again with every result: applied', r.status === 200 && r.json.ok && r.json.seq === 4, r.text);
  r = await call(base, 'GET', `/api/odds?order=${encodeURIComponent('fire FA at P1')}`, { code: U });
  check('odds of an order, for the umpire: the summary lines and whether exact',
        r.status === 200 && r.json.lines.length > 1 && r.json.exact === true && /exact/.test(r.json.lines[0]), r.text);
  r = await call(base, 'GET', `/api/odds?order=${encodeURIComponent('fire FA at P1')}`, { code: F });
  check('odds for a side: 403 (they read hidden values: the enemy morale)', r.status === 403 && /umpire/.test(r.json.error), r.text);
  r = await call(base, 'GET', `/api/odds?order=${encodeURIComponent('fire P1 at FA')}`, { code: U });
  check('odds of an order the rules refuse now: 409 with the reason', r.status === 409 && r.json.error, r.text);
  r = await call(base, 'GET', '/api/odds', { code: U });
  check('odds without an order: 400', r.status === 400, r.text);
  // the combat phase: fire FA at P1 wants its dice with the number needed
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'fire FA at P1' } });
  check('fire wants a count of dice and says the number needed',
        r.status === 200 && r.json.need && /or more/.test(r.json.need.need) && r.json.need.who === 'french', r.text);
  const n = r.json.need ? r.json.need.n : 2;
  r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'fire FA at P1', dice: Array(n).fill(6).concat([6, 6, 6, 6, 6, 6]) } });
  for (let k = 0; k < 10 && r.json && r.json.need; k++) {
    r = await call(base, 'POST', '/api/order', { code: F, body: { order: 'fire FA at P1', dice: Array(r.json.need.given + r.json.need.n).fill(6) } });
  }
  check('fire applied with the dice typed', r.status === 200 && r.json.ok === true && r.json.seq === 5, r.text);
  check('its events carry n and text', r.json.events.length > 0 && r.json.events.every(e => Number.isInteger(e.n) && typeof e.text === 'string'), r.json.events);
  const fireSeq = r.json.seq;
  check('results given beyond what it drew are said to be unused', !r.json.unused || r.json.unused > 0, r.text);

  // ---- the stream told every change, each viewer what it may see
  const ok = await sF.wait(() => sF.messages.some(m => m.seq === fireSeq)) &&
             await sP.wait(() => sP.messages.some(m => m.seq === fireSeq)) &&
             await sU.wait(() => sU.messages.some(m => m.seq === fireSeq));
  check('every stream got the fire', ok, { F: sF.messages.length, P: sP.messages.length });
  check('the streams told the dice mode, the undo and each order, in order',
        sU.messages.some(m => m.dice === 'table') && sU.messages.some(m => m.undo === true) &&
        sU.messages.filter(m => m.events).map(m => m.seq).join(',') === '1,2,3,3,4,5', sU.messages.map(m => m.seq));
  const ev = await call(base, 'GET', '/api/events?since=0', { code: U });
  const evF = await call(base, 'GET', '/api/events?since=0', { code: F });
  const evP = await call(base, 'GET', '/api/events?since=0', { code: P });
  check('events: the umpire sees every event, next is the count',
        ev.status === 200 && ev.json.events.length === ev.json.next && ev.json.events.every((e, i) => e.n === i), ev.text.slice(0, 300));
  const hidden = ev.json.events.filter(e => e.visible_to && !e.visible_to.includes('french'));
  check('events: a side does not get what is hidden from it',
        evF.json.events.every(e => !e.visible_to || e.visible_to.includes('french')) &&
        evF.json.events.length === ev.json.events.length - hidden.length, { hidden: hidden.length });
  check('events: the other side gets its own hidden events',
        evP.json.events.every(e => !e.visible_to || e.visible_to.includes('prussians')), evP.text.slice(0, 200));
  const fireF = sF.messages.find(m => m.seq === fireSeq), fireU = sU.messages.find(m => m.seq === fireSeq);
  check("a stream's message holds only what its viewer may see",
        fireF.events.every(e => !e.visible_to || e.visible_to.includes('french')) && fireU.events.length >= fireF.events.length,
        { F: fireF.events.length, U: fireU.events.length });
  r = await call(base, 'GET', '/api/events?since=abc', { code: F });
  check('events since a word: 400', r.status === 400, r.text);
  r = await call(base, 'GET', `/api/events?since=${ev.json.next}`, { code: F });
  check('events since the end: none', r.status === 200 && r.json.events.length === 0 && r.json.next === ev.json.next, r.text);

  // ---- why and odds
  const roll = ev.json.events.find(e => e.kind === 'roll' && e.order === fireSeq);
  r = await call(base, 'GET', `/api/why?event=${roll ? roll.n : 0}`, { code: F });
  check('why of a roll: its lines, with the rule id', r.status === 200 && r.json.lines.length > 1 && /VB-/.test(r.json.lines.join('\n')), r.text);
  if (hidden.length) {
    r = await call(base, 'GET', `/api/why?event=${hidden[0].n}`, { code: F });
    check('why of an event hidden from the side: 403', r.status === 403, r.text);
  }
  r = await call(base, 'GET', '/api/why?event=99999', { code: F });
  check('why of no such event: 404', r.status === 404, r.text);

  // ---- undo rules
  r = await call(base, 'POST', '/api/undo', { code: F, body: {} });
  check('a side may not take back an order that drew dice: 409 with the reason',
        r.status === 409 && r.json.ok === false && /umpire/.test(r.json.error), r.text);
  r = await call(base, 'POST', '/api/undo', { code: U, body: {} });
  check('the umpire takes it back', r.status === 200 && r.json.ok && r.json.seq === fireSeq - 1, r.text);
  const undone = await sP.wait(() => sP.messages.some(m => m.undo && m.seq === fireSeq - 1));
  check('the streams are told the undo', undone, sP.messages.slice(-2));
  r = await call(base, 'GET', '/api/state', { code: F });
  check('the state is back before the fire', r.json.seq === fireSeq - 1, r.text);

  // ---- the map
  r = await call(base, 'GET', '/api/map.svg', { code: F });
  check("map.svg: the side's map, an SVG with a group per stand it sees",
        r.status === 200 && /^image\/svg\+xml/.test(r.headers['content-type']) && /<svg/.test(r.text) &&
        /data-unit="FA"/.test(r.text), r.text.slice(0, 200));
  const colour = sess.sides && sess.sides[0].color;
  check("map.svg: the side's colour of /api/session is the map's", colour && r.text.toLowerCase().includes(colour), colour);
  r = await call(base, 'GET', '/api/map.svg?select=FA', { code: F });
  check('map.svg selecting its own unit', r.status === 200 && /<svg/.test(r.text), r.text.slice(0, 200));
  r = await call(base, 'GET', '/api/map.svg?select=P1', { code: F });
  check("map.svg selecting another side's unit: 403", r.status === 403 && /P1/.test(r.json && r.json.error), r.text.slice(0, 200));
  r = await call(base, 'GET', '/api/map.svg?select=P1', { code: U });
  check('the umpire selects any unit', r.status === 200, r.text.slice(0, 200));
  r = await call(base, 'GET', '/api/map.svg?select=NOSUCH', { code: U });
  check('map.svg selecting no such unit: 404', r.status === 404, r.text.slice(0, 200));
  r = await call(base, 'GET', '/api/map.json', { code: P });
  const fr = r.json || {};
  check('map.json: the frame of the table in the SVG',
        r.status === 200 && fr.width === sess.table.width && fr.height === sess.table.height && fr.scale > 0 &&
        fr.x0 >= 0 && fr.y0 >= 0, r.text);

  for (const s of [sF, sP, sU]) s.close();
  srv.proc.kill('SIGTERM');
  const ex = await srv.exited;
  check('SIGTERM: the server stops cleanly, status 0', ex.code === 0, ex);

  // ---- a finished game
  const o = await serve([overScenario], dir);
  let over = null;
  for (let i = 0; i < 200; i++) {
    r = await call(o.links.base, 'POST', '/api/order', { code: o.links.codes.umpire, body: { order: 'end' } });
    const st = await call(o.links.base, 'GET', '/api/state', { code: o.links.codes.umpire });
    if (st.json.over) { over = st.json; break; }
  }
  check('the short game ends', over && over.over === true, over);
  r = await call(o.links.base, 'POST', '/api/order', { code: o.links.codes.french, body: { order: 'end' } });
  check('an order for a finished game: 409 "the game is over"', r.status === 409 && r.json.ok === false && r.json.error === 'the game is over', r.text);
  r = await call(o.links.base, 'POST', '/api/order', { code: o.links.codes.umpire, body: { order: 'end' } });
  check("even the umpire's", r.status === 409 && r.json.error === 'the game is over', r.text);
  o.proc.kill('SIGINT');
  const ex2 = await o.exited;
  check('SIGINT: the server stops cleanly, status 0', ex2.code === 0, ex2);
}

main().then(() => process.exit(failures() ? 1 : 0),
            e => { console.log(`not ok - the API test ran to its end: ${e.stack || e}`); process.exit(1); });
