// tests/serve/restart.js: a server killed (SIGKILL) in the middle of a game,
// and in the middle of orders in flight, then started again on the same
// store: the same codes, every order it had accepted still there, the
// same events, play goes on, and the game replays (replay --verify).
// Usage: node tests/serve/restart.js DIR SCENARIO
'use strict';
const { check, failures, serve, call, stream, exe } = require('./client');
const { execFileSync } = require('child_process');

const [dir, scenario] = process.argv.slice(2);

function stored() {
  return execFileSync('sqlite3', ['grognard.db', "SELECT seq || '\t' || text FROM orders WHERE game = 'g1' ORDER BY seq"],
                      { cwd: dir, encoding: 'utf8' }).trim().split('\n').filter(Boolean)
    .map(l => { const k = l.indexOf('\t'); return { seq: Number(l.slice(0, k)), text: l.slice(k + 1) }; });
}

// Gives n orders as the umpire: what the side to act may do, else 'end'.
async function play(base, code, n, accepted) {
  for (let i = 0; i < n; i++) {
    const a = await call(base, 'GET', '/api/actions', { code });
    const list = [];
    for (const x of (a.json && a.json.actions) || []) {
      if (x.order) list.push(x.order);
      for (const t of x.targets || []) if (t.order) list.push(t.order);
    }
    const text = list.length && i % 2 ? list[i % list.length] : 'end';
    const r = await call(base, 'POST', '/api/order', { code, body: { order: text } });
    if (r.status === 200 && r.json.ok) accepted.push({ seq: r.json.seq, text });
  }
}

async function main() {
  // 1) a game played partway
  const a = await serve([scenario, '--seed', '3'], dir);
  const codes = a.links.codes, accepted = [];
  await play(a.links.base, codes.umpire, 14, accepted);
  const before = await call(a.links.base, 'GET', '/api/state', { code: codes.umpire });
  const evBefore = await call(a.links.base, 'GET', '/api/events?since=0', { code: codes.french });
  check('a game played partway', before.json.seq >= 8, before.json.seq);

  // 2) killed without warning
  a.proc.kill('SIGKILL');
  const ka = await a.exited;
  check('the server is killed (SIGKILL)', ka.sig === 'SIGKILL', ka);

  // 3) started again on the game: the same codes, the same game
  const b = await serve(['g1'], dir);
  check('restarted: the same code for every seat', JSON.stringify(b.links.codes) === JSON.stringify(codes),
        { before: codes, after: b.links.codes });
  const after = await call(b.links.base, 'GET', '/api/state', { code: codes.umpire });
  check('restarted: the same orders, turn and phase',
        after.json.seq === before.json.seq && after.json.turn === before.json.turn && after.json.phase === before.json.phase,
        { before: before.json.seq, after: after.json.seq });
  const evAfter = await call(b.links.base, 'GET', '/api/events?since=0', { code: codes.french });
  check("restarted: a side's events are the same", evAfter.text === evBefore.text);
  check('the store holds every accepted order with its text',
        stored().length === before.json.seq && accepted.every(o => stored()[o.seq - 1].text === o.text));
  const s = stream(b.links.base, codes.prussians);
  await s.opened;
  await play(b.links.base, codes.umpire, 4, accepted);
  const got = await s.wait(() => s.messages.filter(m => m.events).length >= 1);
  check('play goes on, and the devices that rejoin are told', got, s.messages.length);
  s.close();

  // 4) killed again while orders are in flight
  const inflight = [];
  const giving = (async () => {
    for (let i = 0; i < 200; i++) {
      let r;
      try { r = await call(b.links.base, 'POST', '/api/order', { code: codes.umpire, body: { order: 'end' }, noagent: true }); }
      catch (e) { break; }
      if (r.status === 200 && r.json.ok) inflight.push({ seq: r.json.seq, text: 'end' });
      if (r.status === 409) break;
    }
  })();
  await new Promise(r => setTimeout(r, 150));
  b.proc.kill('SIGKILL');
  await b.exited;
  await giving;
  const all = accepted.concat(inflight);
  const rows = stored();
  check(`killed with orders in flight: every accepted order is stored (${all.length} accepted, ${rows.length} stored)`,
        all.every(o => rows[o.seq - 1] && rows[o.seq - 1].text === o.text) && rows.length >= all.length &&
        rows.every((o, i) => o.seq === i + 1));
  const c = await serve(['g1'], dir);
  const again = await call(c.links.base, 'GET', '/api/state', { code: codes.umpire });
  check('restarted again: the store and the server agree', again.json.seq === rows.length, { seq: again.json.seq, rows: rows.length });
  const r = await call(c.links.base, 'POST', '/api/order', { code: codes.umpire, body: { order: 'end' } });
  check('and it takes orders', r.status === 200 || (r.status === 409 && r.json.error === 'the game is over'), r.text);
  c.proc.kill('SIGTERM');
  const kc = await c.exited;
  check('SIGTERM ends it with status 0', kc.code === 0, kc);
  let verify = '';
  try { verify = execFileSync(exe(), ['replay', 'g1', '--verify'], { cwd: dir, encoding: 'utf8' }); }
  catch (e) { verify = String(e.stdout || e); }
  check('replay --verify passes', /every state hash matches/.test(verify), verify);
}

main().then(() => process.exit(failures() ? 1 : 0),
            e => { console.log(`not ok - the restart test ran to its end: ${e.stack || e}`); process.exit(1); });
