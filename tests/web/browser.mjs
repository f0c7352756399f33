// tests/web/browser.mjs: the page of `grognard serve` in a real browser.
//
// For each bundled ruleset it starts `grognard serve` on a free loopback
// port and opens three pages in Debian's chromium (driven by playwright-core):
// the two sides and the umpire. Then:
//   1) every page joins by its link; the umpire switches the dice to table;
//   2) a side is refused another side's unit, and the umpire's powers, without
//      the umpire's code;
//   3) a whole turn is played by tapping units, targets and points on the map
//      and in the order lists, with the players' dice typed into the dice pad;
//      after every order the other pages show it without reloading;
//   4) a screenshot at each step goes to SHOTS/, and each is checked by
//      reading its pixels in the browser (a canvas): not blank, the side's
//      colour present;
//   5) the server stops cleanly on SIGTERM and `replay --verify` passes.
// Prints one TAP line per check ("ok - ..." / "not ok - ..."); exits 1 when
// one failed. Usage: node browser.mjs EXE SCENARIOS_DIR TMP SHOTS [ONLY]

import { chromium } from 'playwright-core';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const [exe, scenarios, tmp, shots, only] = process.argv.slice(2);
let failed = 0;
function check(cond, name, detail) {
  console.log((cond ? 'ok - ' : 'not ok - ') + name + (!cond && detail ? ': ' + detail : ''));
  if (!cond) failed = 1;
  return !!cond;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------ the server

async function startServer(tag, scenario, seed) {
  const db = join(tmp, tag + '.db');
  const links = join(tmp, tag + '.links.json');
  const args = ['serve', '--listen', '127.0.0.1:0', '--links', links, '--db', db, scenario, '--seed', String(seed)];
  const proc = spawn(exe, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((r) => proc.on('exit', (code, sig) => r({ code, sig })));
  proc.exited = exited;
  for (let i = 0; i < 200; i++) {
    if (proc.exitCode !== null) break;
    if (existsSync(links) && out.includes('umpire')) {
      try { return { proc, db, links: JSON.parse(readFileSync(links, 'utf8')), out: () => out, err: () => err }; } catch { /* still being written */ }
    }
    await sleep(100);
  }
  proc.kill('SIGKILL');
  throw new Error('grognard serve did not start: ' + err.trim());
}

async function stopServer(srv, tag) {
  srv.proc.kill('SIGTERM');
  const r = await Promise.race([srv.proc.exited, sleep(10000).then(() => null)]);
  if (!r) srv.proc.kill('SIGKILL');
  check(r && r.code === 0, tag + ': the server stops cleanly on SIGTERM', r ? 'exit ' + r.code + ' ' + (r.sig || '') + ' ' + srv.err() : 'still running');
  const rep = spawnSync(exe, ['replay', srv.links.game, '--verify', '--db', srv.db], { encoding: 'utf8', timeout: 60000 });
  check(rep.status === 0, tag + ': replay --verify passes on the game played in the browser', rep.stderr);
}

// ------------------------------------------------------------ pages

let shotNo = 0;
async function shot(page, name) {
  const file = join(shots, String(++shotNo).padStart(3, '0') + '-' + name + '.png');
  await page.screenshot({ path: file });
  page.shotList.push(file);
  return file;
}

// Opens the join link, waits for the map and the clock.
async function open(browser, url, role, opts) {
  const ctx = await browser.newContext(opts.phone
    ? { viewport: { width: 412, height: 860 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 }
    : { viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.role = role;
  page.phone = !!opts.phone;
  page.shotList = [];
  page.logs = [];
  page.on('pageerror', (e) => page.logs.push('page error: ' + e.message));
  // a refused call shows as a failed load in the console: the checks below
  // provoke some on purpose; any other error of the page's script counts
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) page.logs.push('console: ' + m.text());
  });
  await page.goto(url);
  await page.waitForFunction(() => window.grognard && window.grognard.ready, null, { timeout: 20000 });
  return page;
}

// Taps a point of the screen; the map is first brought into sight, as a
// player scrolls back up to it on a phone.
async function tapAt(page, pt) {
  if (page.phone) await page.touchscreen.tap(pt.x, pt.y);
  else await page.mouse.click(pt.x, pt.y);
}

async function mapInSight(page) {
  await page.evaluate(() => document.getElementById('mapview').scrollIntoView({ block: 'nearest' }));
}

async function tapUnit(page, code) {
  await mapInSight(page);
  const pt = await page.evaluate((c) => window.grognard.unitPoint(c), code);
  if (!pt) throw new Error(page.role + ' cannot see ' + code + ' on the map');
  await tapAt(page, pt);
}

async function tapPoint(page, x, y) {
  await mapInSight(page);
  const pt = await page.evaluate(([a, b]) => window.grognard.tablePoint(a, b), [x, y]);
  await tapAt(page, pt);
}

async function selectUnit(page, code) {
  await tapUnit(page, code);
  await page.waitForFunction((c) => {
    const t = document.getElementById('unit-title');
    const box = document.getElementById('unit-actions');
    return t && t.textContent.includes('(' + c + ')') && box && !box.textContent.includes('Asking');
  }, code, { timeout: 20000 });
}

const DICE = [4, 2, 5, 3, 6, 1, 4, 5];
const CARDS = ['QH', '7C', 'KD', '2S', 'AH', '9D', '5C', 'JS', '3H', '10D', '8S', '4C', '6H', 'QC', '2D', 'KS'];
const roll = { d: 0, c: 0 };

// Confirms the order on show, typing the players' dice whenever the server
// asks for them, until the order is applied or refused. Returns
// {applied, refused, rolls}.
async function confirm(page, tag) {
  await page.click('#order-confirm');
  let rolls = 0;
  for (let i = 0; i < 40; i++) {
    const what = await page.waitForFunction(() => {
      const card = document.getElementById('order-card');
      const pad = document.getElementById('dicepad');
      const chk = document.getElementById('order-check');
      if (card.hidden) return 'applied';
      if (!pad.hidden && !document.getElementById('dice-send').disabled) return 'dice';
      if (chk.classList.contains('refused')) return 'refused';
      return false;
    }, null, { timeout: 20000 }).then((h) => h.jsonValue());
    if (what === 'applied') return { applied: true, rolls };
    if (what === 'refused') return { refused: await page.textContent('#order-check'), rolls };
    const need = await page.evaluate(() => ({ ...document.getElementById('dicepad').dataset,
      who: document.getElementById('dice-who').textContent, given: document.getElementById('dice-given').textContent }));
    const n = Number(need.n);
    const typed = [];
    for (let k = 0; k < n; k++) {
      if (need.kind === 'card') typed.push(CARDS[roll.c++ % CARDS.length]);
      else typed.push(String(Math.min(DICE[roll.d++ % DICE.length], Number(need.faces))));
    }
    await page.fill('#dice-input', typed.join(' '));
    if (rolls === 0) await shot(page, tag + '-dice-pad-' + page.role);
    rolls++;
    await page.click('#dice-send');
    await page.waitForFunction(() => document.getElementById('dice-send').disabled === false, null, { timeout: 20000 });
  }
  return { refused: 'too many rolls asked', rolls };
}

async function waitChecked(page) {
  await page.waitForFunction(() => {
    const c = document.getElementById('order-check');
    return c.classList.contains('ok') || c.classList.contains('refused');
  }, null, { timeout: 20000 });
  return page.evaluate(() => ({ ok: document.getElementById('order-check').classList.contains('ok'),
    text: document.getElementById('order-check').textContent }));
}

// The map's viewBox: {x, y, w, h}.
async function viewBox(page) {
  return page.evaluate(() => {
    const v = document.querySelector('#map svg').getAttribute('viewBox').split(/\s+/).map(Number);
    return { x: v[0], y: v[1], w: v[2], h: v[3] };
  });
}

// Zooms in and out and pans as a player would, then fits the table again;
// true when each gesture moved the view as it should.
async function panZoom(page, pinch) {
  const r = await page.evaluate(() => {
    document.getElementById('mapview').scrollIntoView({ block: 'nearest' });
    const b = document.getElementById('map').getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  });
  const v0 = await viewBox(page);
  let ok = true;
  if (pinch) {
    // two fingers spreading apart: the view narrows (zoom in)
    const cdp = await page.context().newCDPSession(page);
    const pts = (d) => [{ x: r.x - d, y: r.y, id: 1 }, { x: r.x + d, y: r.y, id: 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pts(20) });
    for (let d = 30; d <= 80; d += 10) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pts(d) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    const v1 = await viewBox(page);
    ok = ok && v1.w < v0.w * 0.6;
  } else {
    await page.click('#zoom-in');
    const v1 = await viewBox(page);
    ok = ok && v1.w < v0.w;
    await page.mouse.move(r.x, r.y);
    await page.mouse.wheel(0, -300);
    const v2 = await viewBox(page);
    ok = ok && v2.w < v1.w;
    await page.mouse.move(r.x, r.y);
    await page.mouse.down();
    await page.mouse.move(r.x + 60, r.y + 40, { steps: 5 });
    await page.mouse.up();
    const v3 = await viewBox(page);
    ok = ok && v3.x < v2.x && v3.y < v2.y && v3.w === v2.w;
    await page.click('#zoom-out');
    ok = ok && (await viewBox(page)).w > v3.w;
  }
  await page.click('#zoom-fit');
  const vf = await viewBox(page);
  return ok && vf.w === v0.w && vf.x === v0.x;
}

async function seqOf(page) { return page.evaluate(() => window.grognard.seq); }

// After an order on one page: every other page shows the same order count.
async function seenEverywhere(pages, from, seq, tag) {
  for (const p of pages) {
    if (p === from) continue;
    const ok = await p.waitForFunction((n) => window.grognard.seq === n, seq, { timeout: 20000 }).then(() => true, () => false);
    if (!ok) return check(false, tag + ': ' + p.role + ' sees order ' + seq + ' live', 'it shows ' + await seqOf(p));
  }
  return true;
}

// Gives one order by tapping: the unit, then a target or a point (or a
// listed order), checks it, confirms it, types dice. Returns the result.
async function tapOrder(ctx, page, step) {
  const tag = ctx.tag + '-' + step.name;
  await selectUnit(page, step.unit);
  if (step.point) {
    if (page.phone) {
      // on a phone, arm the move first: the point may fall near a stand
      await page.click(`#unit-actions button[data-form^="${step.verb || 'move'} "]`);
    }
    await tapPoint(page, step.point[0], step.point[1]);
  } else if (step.target) {
    await tapUnit(page, step.target);
  } else if (step.listed) {
    await page.click(`#unit-actions button[data-order^="${step.listed}"]`);
  }
  const c = await waitChecked(page);
  if (!check(c.ok, tag + ': ' + page.role + ' taps an order the rules accept (' + await page.textContent('#order-text') + ')', c.text)) {
    await page.click('#order-cancel');
    return false;
  }
  await page.waitForTimeout(300);   // the odds come after the check
  await shot(page, tag + '-check-' + page.role);
  const before = await seqOf(page);
  const r = await confirm(page, tag);
  if (!check(r.applied, tag + ': the order is applied' + (r.rolls ? ' with ' + r.rolls + ' typed roll(s)' : ''), r.refused)) return false;
  if (step.dice) check(r.rolls > 0, tag + ': the dice pad asked for the players\' ' + step.dice);
  await page.waitForFunction((n) => window.grognard.seq > n, before, { timeout: 20000 });
  const seq = await seqOf(page);
  await seenEverywhere(ctx.pages, page, seq, tag);
  await shot(page, tag + '-done-' + page.role);
  return true;
}

async function endPhase(ctx, page, label) {
  await page.click('#end-phase');
  const c = await waitChecked(page);
  if (!check(c.ok, ctx.tag + ': ' + page.role + ' may end the ' + label, c.text)) { await page.click('#order-cancel'); return false; }
  const before = await seqOf(page);
  const r = await confirm(page, ctx.tag + '-end-' + label.replace(/\W+/g, '-'));
  if (!check(r.applied, ctx.tag + ': end of the ' + label + (r.rolls ? ' (' + r.rolls + ' typed roll(s))' : ''), r.refused)) return false;
  ctx.rolls += r.rolls;
  await page.waitForFunction((n) => window.grognard.seq > n, before, { timeout: 20000 });
  await seenEverywhere(ctx.pages, page, await seqOf(page), ctx.tag + ' end of the ' + label);
  return true;
}

async function stateOf(page) {
  return page.evaluate(async () => {
    const r = await fetch('/api/state', { headers: { 'X-Grognard-Code': sessionStorage.getItem('grognard-code') } });
    return r.json();
  });
}

// Reads a screenshot's pixels in the browser: how many distinct colours, and
// how many pixels are within a small distance of each colour asked about.
async function pixels(page, file, colors) {
  const b64 = readFileSync(file).toString('base64');
  return page.evaluate(async ([data, want]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + data;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth; c.height = img.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const rgb = want.map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
    const hits = want.map(() => 0);
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4) {
      seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      for (let k = 0; k < rgb.length; k++) {
        if (Math.abs(d[i] - rgb[k][0]) + Math.abs(d[i + 1] - rgb[k][1]) + Math.abs(d[i + 2] - rgb[k][2]) <= 24) hits[k]++;
      }
    }
    return { colors: seen.size, hits, width: c.width, height: c.height };
  }, [b64, colors]);
}

// ------------------------------------------------------------ one ruleset

async function playRuleset(browser, game) {
  const tag = game.tag;
  let srv;
  try { srv = await startServer(tag, join(scenarios, game.scenario), game.seed); } catch (e) {
    check(false, tag + ': grognard serve starts', e.message);
    return;
  }
  check(/grognard serve: game/.test(srv.out()) && srv.links.umpire && Object.keys(srv.links.sides).length === 2,
    tag + ': serve prints and writes a link per side and the umpire\'s');
  const ctx = { tag, pages: [], rolls: 0 };
  try {
    const [sa, sb] = game.sides;
    const A = await open(browser, srv.links.sides[sa], sa, {});
    const B = await open(browser, srv.links.sides[sb], sb, { phone: true });
    const U = await open(browser, srv.links.umpire, 'umpire', {});
    ctx.pages = [A, B, U];
    const bySide = { [sa]: A, [sb]: B };
    const session = await A.evaluate(async () => (await fetch('/api/session', { headers: { 'X-Grognard-Code': sessionStorage.getItem('grognard-code') } })).json());
    const colors = Object.fromEntries(session.sides.map((s) => [s.id, s.color]));

    // 1) joined: each page names its side; the code left the address bar
    for (const p of ctx.pages) {
      const badge = (await p.textContent('#badge')).trim();
      const want = p.role === 'umpire' ? 'Umpire' : session.sides.find((s) => s.id === p.role).name;
      check(badge === want, tag + ': ' + p.role + ' joined by the link (' + badge + ')');
      check(!p.url().includes('code='), tag + ': ' + p.role + ': the code is kept in the tab, not the address bar');
      await shot(p, tag + '-joined-' + p.role);
    }
    check(await A.isHidden('#umpire-card') && await U.isVisible('#umpire-card'), tag + ': only the umpire page has the umpire\'s controls');

    // pan and zoom: buttons, wheel and drag on the desktop, a pinch on the phone
    check(await panZoom(A, false), tag + ': ' + sa + ' pans and zooms the map (buttons, wheel, drag)');
    check(await panZoom(B, true), tag + ': ' + sb + ' zooms the map with a pinch');

    // a device without the link: the page asks for the code; a wrong one is refused
    {
      const jctx = await browser.newContext({ viewport: { width: 412, height: 860 }, hasTouch: true, isMobile: true });
      const J = await jctx.newPage();
      await J.goto(srv.links.base);
      const asked = await J.isVisible('#join-form');
      await J.fill('#join-code', '0000000000000000');
      await J.click('#join-form button[type=submit]');
      const wrong = await J.waitForFunction(() => /does not open/.test(document.getElementById('join-error').textContent), null, { timeout: 20000 })
        .then(() => true, () => false);
      await J.fill('#join-code', srv.links.codes[sb]);
      await J.click('#join-form button[type=submit]');
      const joined = await J.waitForFunction(() => window.grognard && window.grognard.ready &&
        document.getElementById('join').hidden, null, { timeout: 20000 }).then(() => true, () => false);
      check(asked && wrong && joined && (await J.textContent('#badge')).trim() === session.sides.find((x) => x.id === sb).name,
        tag + ': without the link the page asks for the code, refuses a wrong one and joins with the right one');
      await jctx.close();
    }

    // the umpire switches the dice to the table's
    await U.click('#dice-table');
    await U.waitForFunction(() => document.getElementById('dice-mode').textContent === 'table', null, { timeout: 20000 });
    check((await stateOf(A)).dice === 'table', tag + ': the umpire switched the dice to table dice');
    await shot(U, tag + '-dice-table-umpire');

    // 2) refusals: another side's unit, the umpire's powers without the code
    const enemy = game.enemyOf[sa];
    await selectUnit(A, enemy);
    check((await A.textContent('#unit-actions')).includes('Not your unit'), tag + ': ' + sa + ' taps ' + enemy + ': status only, no orders');
    await shot(A, tag + '-enemy-unit-' + sa);
    await A.fill('#typed-order', game.enemyOrder);
    await A.click('#typed-go');
    const ref = await waitChecked(A);
    check(!ref.ok && /refused/i.test(ref.text), tag + ': ' + sa + ' is refused an order for ' + enemy, ref.text);
    await shot(A, tag + '-refused-' + sa);
    await A.click('#order-cancel');
    await A.click('#unit-close');
    const codes = await A.evaluate(async ([u]) => {
      const c = sessionStorage.getItem('grognard-code');
      const post = (h) => fetch('/api/dice', { method: 'POST', headers: { 'Content-Type': 'application/json', ...h }, body: JSON.stringify({ mode: 'auto' }) }).then((r) => r.status);
      return { side: await post({ 'X-Grognard-Code': c }), none: await post({}),
               actions: await fetch('/api/actions?unit=' + u, { headers: { 'X-Grognard-Code': c } }).then((r) => r.status) };
    }, [enemy]);
    check(codes.side === 403 && codes.none === 403, tag + ': the dice switch is refused without the umpire\'s code', JSON.stringify(codes));
    check(codes.actions === 403, tag + ': the actions of another side\'s unit are refused', JSON.stringify(codes));
    check((await stateOf(U)).dice === 'table', tag + ': the dice stay as the umpire set them');

    // a unit chosen from the list instead of the map (keyboard, screen reader)
    await U.selectOption('#unit-pick', enemy);
    const picked = await U.waitForFunction((c) => document.getElementById('unit-title').textContent.includes('(' + c + ')') &&
      !document.getElementById('unit-actions').textContent.includes('Asking'), enemy, { timeout: 20000 }).then(() => true, () => false);
    check(picked, tag + ': the umpire chooses ' + enemy + ' from the list of units');
    await U.click('#unit-close');

    // the odds before an order: the umpire's page shows them
    if (game.umpireOdds) {
      await U.fill('#typed-order', game.umpireOdds);
      await U.click('#typed-go');
      const c = await waitChecked(U);
      const odds = await U.waitForFunction(() => document.querySelectorAll('#order-odds p').length > 0, null, { timeout: 20000 })
        .then(() => U.textContent('#order-odds'), () => '');
      check(c.ok && /chances/i.test(odds) && odds.includes(game.umpireOdds), tag + ': the umpire sees the odds of ' + game.umpireOdds + ' before confirming it', c.text + ' | ' + odds);
      await shot(U, tag + '-odds-umpire');
      await U.click('#order-cancel');
    }

    // 3) a whole turn by taps
    const start = await stateOf(U);
    const done = new Set();
    let guard = 0;
    while (guard++ < 40) {
      const st = await stateOf(U);
      if (st.over || st.turn !== start.turn) break;
      for (const step of game.steps) {
        if (done.has(step.name) || step.phase !== st.phase) continue;
        if (st.active_side !== null && st.active_side !== step.side) continue;
        done.add(step.name);
        await tapOrder(ctx, bySide[step.side], step);
      }
      const who = st.active_side === null ? U : bySide[st.active_side];
      if (!await endPhase(ctx, who, st.phase + ' phase of ' + (st.active_side || 'both sides'))) break;
    }
    const end = await stateOf(U);
    check(end.turn === start.turn + 1 || end.over, tag + ': a whole turn was played (turn ' + start.turn + ' to ' + end.turn + ')');
    for (const step of game.steps) check(done.has(step.name), tag + ': ' + step.name + ' was given');
    check(ctx.rolls + game.steps.filter((s) => s.dice).length > 0, tag + ': physical dice were typed');

    // the narrative: rule ids, and `why` of a roll
    const story = await U.evaluate(() => ({ n: document.querySelectorAll('#story li').length,
      refs: document.querySelectorAll('#story .ref').length }));
    check(story.n > 0 && story.refs > 0, tag + ': the umpire\'s narrative lists the events with their rule ids', JSON.stringify(story));
    const whyButton = U.locator('#story li button', { hasText: 'why' }).first();
    if (await whyButton.count()) {
      await whyButton.click();
      const w = await U.waitForSelector('#story .why', { timeout: 20000 }).then((h) => h.textContent(), () => '');
      check(w.trim().length > 0, tag + ': why explains a roll');
    }
    for (const p of ctx.pages) await shot(p, tag + '-turn-played-' + p.role);
    await B.evaluate(() => document.getElementById('story').scrollIntoView({ block: 'start' }));
    await shot(B, tag + '-story-' + sb);

    // undo: the umpire takes back the last order; every page follows
    const seqBefore = await seqOf(U);
    await U.click('#undo');
    await U.waitForFunction((n) => window.grognard.seq === n - 1, seqBefore, { timeout: 20000 }).catch(() => {});
    const seqAfter = await seqOf(U);
    check(seqAfter === seqBefore - 1, tag + ': the umpire undoes the last order', 'order count ' + seqBefore + ' -> ' + seqAfter);
    await seenEverywhere(ctx.pages, U, seqAfter, tag + ' undo');

    // 4) the screenshots: not blank, the side's colour present
    for (const p of ctx.pages) {
      const want = p.role === 'umpire' ? Object.values(colors) : [colors[p.role]];
      let bad = [];
      for (const f of p.shotList) {
        const px = await pixels(U, f, want);
        if (px.colors < 64) bad.push(f + ': ' + px.colors + ' colours');
        px.hits.forEach((h, k) => { if (h < 50) bad.push(f + ': ' + want[k] + ' on ' + h + ' pixels'); });
      }
      check(p.shotList.length > 0 && bad.length === 0, tag + ': ' + p.role + '\'s ' + p.shotList.length + ' screenshots are not blank and show the side\'s colour' + (p.role === 'umpire' ? 's' : ''), bad.slice(0, 3).join('; '));
      check(p.logs.length === 0, tag + ': ' + p.role + '\'s page ran without a script error', p.logs.slice(0, 3).join('; '));
    }
  } catch (e) {
    check(false, tag + ': the browser session ran to its end', e.stack || e.message);
  } finally {
    for (const p of ctx.pages) await p.context().close().catch(() => {});
    await stopServer(srv, tag);
  }
}

// ------------------------------------------------------------ the games

const GAMES = [
  { tag: 'vb', scenario: 'vb-plancenoit.yaml', seed: 42, sides: ['prussians', 'french'],
    enemyOf: { prussians: 'BEL' }, enemyOrder: 'move BEL to 19,23',
    steps: [
      { name: 'prussian move', side: 'prussians', phase: 'movement', unit: 'SL3', point: [24, 26] },
      { name: 'prussian fire', side: 'prussians', phase: 'combat', unit: 'B15', target: 'JAM', dice: 'die' },
      { name: 'french move', side: 'french', phase: 'movement', unit: 'TRO', point: [15, 31] },
    ] },
  { tag: 'ba', scenario: 'ba-hougoumont.yaml', seed: 7, sides: ['french', 'allies'],
    enemyOf: { french: 'NAS' }, enemyOrder: 'move NAS to 112,74', umpireOdds: 'fire BULL at BAT',
    steps: [
      { name: 'french move', side: 'french', phase: 'orders', unit: 'L1A', point: [85, 30] },
      { name: 'allied formation', side: 'allies', phase: 'orders', unit: 'JAG', listed: 'formation JAG' },
      { name: 'allied fire', side: 'allies', phase: 'orders', unit: 'BULL', target: 'BAT' },
    ] },
  { tag: 'inradic', scenario: 'inradic-skirmish.yaml', seed: 7, sides: ['lorelei', 'vapournia'],
    enemyOf: { lorelei: 'FU' }, enemyOrder: 'move FU to 14,30', umpireOdds: 'fire GUN at FU',
    steps: [
      { name: 'lorelei fire', side: 'lorelei', phase: 'action', unit: 'GUN', target: 'FU', dice: 'cards' },
      { name: 'vapournian move', side: 'vapournia', phase: 'action', unit: 'AR', point: [26, 32] },
    ] },
];

mkdirSync(shots, { recursive: true });
for (const f of readdirSync(shots)) if (f.endsWith('.png')) rmSync(join(shots, f));
// playwright-core gives chromium a fresh --user-data-dir of its own under
// os.tmpdir() (the wrapper points TMPDIR at the test's folder) and refuses
// one passed in args; never a browser of its own: Debian's, by its path.
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  timeout: 30000,
}).catch((e) => { check(false, 'Debian chromium starts under playwright-core', e.message); process.exit(1); });
check(true, 'Debian chromium ' + browser.version() + ' starts under playwright-core');
for (const g of GAMES) if (!only || g.tag === only) await playRuleset(browser, g);
await browser.close();
process.exit(failed);
