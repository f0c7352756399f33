// tests/serve/client.js: what the tests of `grognard serve` share: start a
// server on a free loopback port, call its API, read its event stream, and
// print TAP lines ("ok - NAME" / "not ok - NAME"). Node's own http module
// only: no package to install.
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

let failed = 0;
function check(name, cond, detail) {
  if (cond) console.log(`ok - ${name}`);
  else { failed++; console.log(`not ok - ${name}`); if (detail !== undefined) console.log(`    ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`); }
  return !!cond;
}
function failures() { return failed; }

// The grognard to test, as tests/cli/lib.sh finds it.
function exe() {
  const b = process.env.GN_BUILD || 'build';
  const repo = path.resolve(__dirname, '..', '..');
  return path.isAbsolute(b) ? path.join(b, 'grognard') : path.join(repo, b, 'grognard');
}

// serve(args, dir): `grognard serve ARGS --listen 127.0.0.1:0 --links FILE` in
// dir, resolved with {proc, links, out} once the links are printed (15 s).
function serve(args, dir) {
  const links = path.join(dir, `links-${Date.now()}-${Math.random().toString(16).slice(2)}.json`);
  const proc = spawn(exe(), ['serve', ...args, '--listen', '127.0.0.1:0', '--links', links],
                     { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  proc.stdout.on('data', d => { out += d; });
  proc.stderr.on('data', d => { err += d; });
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`serve did not print its links in 15 s: ${err}`)), 15000);
    proc.on('exit', code => { clearTimeout(t); reject(new Error(`serve exited ${code}: ${err}`)); });
    const poll = setInterval(() => {
      if (out.includes('umpire ') && fs.existsSync(links)) {
        clearInterval(poll); clearTimeout(t);
        proc.removeAllListeners('exit');
        const exited = new Promise(r => proc.on('exit', (code, sig) => r({ code, sig, err })));
        resolve({ proc, links: JSON.parse(fs.readFileSync(links, 'utf8')), out: () => out, err: () => err, exited });
      }
    }, 20);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

// call(base, method, path, {code, header, body (object or raw string), raw
// headers}): resolved with {status, headers, text, json}.
function call(base, method, p, o = {}) {
  const u = new URL(base);
  const headers = Object.assign({}, o.headers || {});
  if (o.code) headers['X-Grognard-Code'] = o.code;
  let body = o.body;
  if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) body = JSON.stringify(body);
  if (body !== undefined && !o.chunked) headers['Content-Length'] = Buffer.byteLength(body);
  if (body !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method, path: p, headers, agent: o.noagent ? false : agent }, res => {
      const chunks = [];
      res.on('data', c => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try { json = JSON.parse(text); } catch (e) { json = null; }
        resolve({ status: res.statusCode, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) {
      if (o.chunked) { for (let i = 0; i < body.length; i += 16384) req.write(body.slice(i, i + 16384)); }
      else req.write(body);
    }
    req.end();
  });
}

// stream(base, code): the event stream, as {messages: [parsed data], opened
// (a promise), wait(pred, ms), close()}.
function stream(base, code) {
  const u = new URL(base);
  const s = { messages: [], times: [], comments: 0, waiters: [], res: null, closed: false };
  let buf = '';
  let openResolve, openReject;
  s.opened = new Promise((r, j) => { openResolve = r; openReject = j; });
  const notify = () => { s.waiters = s.waiters.filter(w => { if (w.pred()) { w.resolve(true); return false; } return true; }); };
  s.req = http.get({ host: u.hostname, port: u.port, path: `/api/stream?code=${code}`, agent: false }, res => {
    s.res = res;
    s.status = res.statusCode;
    s.type = res.headers['content-type'];
    res.setEncoding('utf8');
    res.on('data', d => {
      buf += d;
      let k;
      while ((k = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, k);
        buf = buf.slice(k + 2);
        if (block.startsWith(':') || block.startsWith('retry')) { s.comments++; openResolve(); continue; }
        const data = block.split('\n').filter(l => l.startsWith('data: ')).map(l => l.slice(6)).join('\n');
        try { s.messages.push(JSON.parse(data)); s.times.push(process.hrtime.bigint()); } catch (e) { s.messages.push({ bad: data }); }
      }
      notify();
    });
    res.on('end', () => { s.closed = true; notify(); });
    if (res.statusCode !== 200) openResolve();
  });
  s.req.on('error', e => { s.closed = true; openReject(e); notify(); });
  s.wait = (pred, ms = 10000) => pred() ? Promise.resolve(true) : new Promise(resolve => {
    const w = { pred, resolve };
    s.waiters.push(w);
    setTimeout(() => { s.waiters = s.waiters.filter(x => x !== w); resolve(false); }, ms);
  });
  s.close = () => { s.closed = true; s.req.destroy(); };
  return s;
}

// raw(base, text): the bytes of a request written as they are (no client
// clean-up of the path), resolved with the whole answer as text.
function raw(base, text) {
  const net = require('net');
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const c = net.connect(Number(u.port), u.hostname, () => c.write(text));
    let out = '';
    c.on('data', d => { out += d; });
    c.on('end', () => resolve(out));
    c.on('error', reject);
    setTimeout(() => { c.destroy(); resolve(out); }, 5000);
  });
}

module.exports = { check, failures, exe, serve, call, stream, raw, agent };
