// `npm run soak`: starts the store the README way (`npm start` on a fresh data folder, behind a trusted proxy on
// loopback) and lets simulated shoppers browse, listen, sign up, log in, buy through the built-in test checkout and
// download for minutes, then reports errors, latency per kind of request and the server's memory.
//
//   npm run soak                                  100 clients for 5 minutes (after a warm-up)
//   npm run soak -- --clients 20 --minutes 0.5    shorter (or SOAK_CLIENTS=20 SOAK_SECONDS=30)
//   --think-ms 1000                               a shopper's mean pause between two requests
//
// Each client is one person with its own address in X-Forwarded-For (TRUST_PROXY=loopback), its own
// cookies and its own account. The product's documented refusals (an exclusive already sold or held by
// another buyer, a beat already owned, a mistyped password) are counted as refusals, not errors.
import { spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from './free-port.mjs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Ends the clients' pauses and requests: at the end of the run, or on Ctrl-C. */
const stop = new AbortController();

// ── Settings ────────────────────────────────────────────────────────────────────────────────────────

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string' },
    minutes: { type: 'string' },
    seconds: { type: 'string' },
    'think-ms': { type: 'string' },
    'warmup-seconds': { type: 'string' },
  },
});

function positive(name, text, fallback) {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`soak: ${name} must be a positive number, not ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}

const clientCount = Math.round(positive('--clients', args.clients ?? process.env.SOAK_CLIENTS, 100));
const durationSeconds =
  args.minutes !== undefined
    ? positive('--minutes', args.minutes, 5) * 60
    : positive('--seconds', args.seconds ?? process.env.SOAK_SECONDS, 300);
const thinkMs = positive('--think-ms', args['think-ms'], 1000);
const warmupSeconds = positive('--warmup-seconds', args['warmup-seconds'], Math.min(30, Math.max(5, durationSeconds / 10)));

// Each client waits on it in one pause or in up to four requests at once.
setMaxListeners(clientCount * 5 + 100, stop.signal);

const goals = { errors: 0, p99Ms: 100, rssGrowth: 0.2 };
const password = 'soak-password-1';
const runId = Date.now().toString(36);

// ── The server, started the README way ───────────────────────────────────────────────────────────────

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

// The embedded database and the built-in test checkout, as a fresh `npm start` has them; the inherited
// environment must not point the store elsewhere or raise its limits.
const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: 'loopback', LOG_LEVEL: 'info' };
for (const name of ['DATABASE_URL', 'RATE_LIMIT_SCALE', 'NODE_ENV', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SEED_DEMO', 'PUBLIC_URL', 'WEB_DIST']) {
  delete serverEnv[name];
}

const server = spawn('npm', ['start'], { cwd: root, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
/** What the server logged: errors and warnings for the report; its other lines (not the per-request ones) to tell how it stopped. */
const serverLog = { errors: [], warnings: new Map(), text: [], events: [] };
const requestLines = new Set(['incoming request', 'request completed']);

function readServerLine(line) {
  if (!line.trim()) return;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    serverLog.text.push(line);
    return;
  }
  const msg = String(entry.msg ?? '');
  if (!requestLines.has(msg)) serverLog.events.push({ at: Date.now(), msg });
  if (serverLog.events.length > 1000) serverLog.events.splice(0, 500);
  if (entry.level >= 50) serverLog.errors.push(`${msg}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
  else if (entry.level >= 40) serverLog.warnings.set(msg, (serverLog.warnings.get(msg) ?? 0) + 1);
}

for (const stream of [server.stdout, server.stderr]) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    lines.forEach(readServerLine);
  });
}

let cleaned = false;
/** When the server was asked to stop, and how long it took. */
const stopping = { at: 0, ms: 0 };
/** The server's own process once the store answered (see serverProcessId). */
let serverPid = null;

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Stops the server with SIGTERM (it finishes requests in flight, checkpoints and closes the database), so
 * `npm start` exits with the server's own code; then removes the data folder. Before the server runs (while
 * building or seeding) the whole `npm start` group is stopped; whatever still runs after 30 s is killed.
 */
async function stopServer() {
  if (cleaned) return null;
  cleaned = true;
  let code = server.exitCode;
  stopping.at = Date.now();
  if (code === null && server.pid) {
    const exited = new Promise((resolve) => server.once('exit', (c, s) => resolve(c ?? s)));
    signal(serverPid ?? -server.pid, 'SIGTERM');
    code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('no exit within 30 s'), 30_000))]);
    if (code === 'no exit within 30 s') signal(-server.pid, 'SIGKILL');
  }
  stopping.ms = Date.now() - stopping.at;
  rmSync(dataDir, { recursive: true, force: true });
  return code;
}

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.log('\nsoak: interrupted, stopping the server…');
  stop.abort();
  void stopServer().then(() => process.exit(130));
});

/** The server's own process: the node process under `npm start` that runs dist/server.js (scripts/start.mjs starts it). */
function serverProcessId() {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const queue = [server.pid];
  while (queue.length) {
    const pid = queue.shift();
    for (const child of children.get(pid) ?? []) {
      try {
        const cmdline = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
        if (path.basename(cmdline[0] ?? '') === 'node' && cmdline.some((part) => part.endsWith('dist/server.js'))) return child;
      } catch {
        // ended meanwhile
      }
      queue.push(child);
    }
  }
  return null;
}

/** CPU seconds the process has used (user and system), from /proc/<pid>/stat in clock ticks of 1/100 s. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function residentKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

async function waitForHealth(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) return false;
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

// ── Measuring ───────────────────────────────────────────────────────────────────────────────────────

let phase = 'setup';
/** kind → latencies (ms) of the measured phase. */
const latencies = new Map();
const counts = { setup: 0, warmup: 0, measure: 0 };
/** "kind status: message" → count, for errors and for expected refusals. */
const errors = new Map();
const refusals = new Map();

function tally(map, key) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A request that did not succeed, already counted as a refusal or an error: it ends the visit. */
class Counted extends Error {}

/**
 * One request as the browser makes it, from this client's address, with its cookies and token. `ok` lists
 * the statuses that mean success; `refusals` the product's documented responses that a person can meet
 * ([status, message pattern]). Anything else is an error; a 2xx is read to the end before it is timed.
 */
async function request(client, kind, method, url, options = {}) {
  const { body, form, auth = true, ok = [200], refusals: allowed = [], headers: extra = {}, read = 'json' } = options;
  const headers = { 'x-forwarded-for': client.ip, 'user-agent': 'beat-market-soak', ...extra };
  if (auth && client.token) headers.authorization = `Bearer ${client.token}`;
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let payload;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  } else if (form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(form).toString();
  }
  // Its own signal, tied to the run's only while it is in flight: fetch keeps its listeners until they are collected.
  const abort = new AbortController();
  const onStop = () => abort.abort();
  stop.signal.addEventListener('abort', onStop, { once: true });
  const started = performance.now();
  let res;
  let data = null;
  try {
    res = await fetch(new URL(url, base), { method, headers, body: payload, redirect: 'manual', signal: abort.signal });
    const json = (res.headers.get('content-type') ?? '').includes('json');
    // A refusal is read for its { message } whatever the request expected.
    if (json && (read === 'json' || !ok.includes(res.status))) data = await res.json();
    else if (read === 'text') data = await res.text();
    else data = (await res.arrayBuffer()).byteLength;
  } catch (error) {
    if (stop.signal.aborted) throw error;
    counts[phase] += 1;
    tally(errors, `${kind} network: ${error.cause?.code ?? error.message}`);
    throw new Counted(error.message);
  } finally {
    stop.signal.removeEventListener('abort', onStop);
  }
  const elapsed = performance.now() - started;
  counts[phase] += 1;
  if (phase === 'measure') {
    if (!latencies.has(kind)) latencies.set(kind, []);
    latencies.get(kind).push(elapsed);
  }
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const at = pair.indexOf('=');
    if (at > 0) client.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  if (ok.includes(res.status)) return { status: res.status, data, headers: res.headers };
  const message = typeof data === 'object' && data && typeof data.message === 'string' ? data.message : '';
  if (allowed.some(([status, pattern]) => status === res.status && pattern.test(message))) {
    tally(refusals, `${kind} ${res.status}: ${message.replace(/[0-9a-f-]{36}/g, '…').slice(0, 90)}`);
    throw new Counted(message);
  }
  tally(errors, `${kind} ${res.status}: ${(message || String(typeof data === 'string' ? data : '')).slice(0, 120)}`);
  throw new Counted(message);
}

// ── A shopper ───────────────────────────────────────────────────────────────────────────────────────

const random = (min, max) => min + Math.random() * (max - min);
const chance = (p) => Math.random() < p;
const pick = (items) => items[Math.floor(Math.random() * items.length)];

function pause(ms = thinkMs * random(0.5, 1.5)) {
  return new Promise((resolve) => {
    if (stop.signal.aborted) return resolve();
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      stop.signal.removeEventListener('abort', wake);
      resolve();
    }, ms);
    stop.signal.addEventListener('abort', wake, { once: true });
  });
}

const searchWords = ['trap', 'drill', 'lofi', 'rnb', 'afrobeat', 'dark', 'melodic', 'chill', 'piano', '808', 'jazz', 'house', 'phonk',
  'Nova', 'Kane', 'Vega', 'Midnight', 'Neon', 'Golden', 'Waves', 'Dreams', 'Hip Hop', 'Electronic', 'Rock', 'zzqx'];

// Documented refusals (docs/product/offers-and-prices.md): a page a person looks at can be out of date.
const staleSale = [409, /has already been sold|is being bought by another customer|is no longer for sale|The price of .* is /];
const alreadyOwned = [409, /You already own|already yours with the VIP catalog|You already have the stems|already a VIP Member/];
const notListed = [404, /This beat has no public preview/];

function makeClient(index) {
  return {
    index,
    ip: `198.18.${(index >> 8) & 255}.${index & 255}`,
    cookies: new Map(),
    token: null,
    user: null,
    account: null,
    seen: new Map(),
    owned: new Map(),
  };
}

function remember(client, beats) {
  for (const beat of beats) client.seen.set(beat._id, beat);
}

async function signUp(client, email) {
  const { data } = await request(client, 'signup', 'POST', '/api/signup', {
    body: { fullName: `Soak Listener ${client.index}`, email, password, userType: 'freeUser' },
    ok: [201],
  });
  client.token = data.token;
  client.user = data.user;
  client.account = { email, password };
}

async function logIn(client) {
  if (chance(0.03)) {
    // A mistyped password: the product responds with 401 and the person types it again.
    await request(client, 'login', 'POST', '/api/login', {
      body: { email: client.account.email, password: `${password}x` },
      refusals: [[401, /Invalid email or password/]],
    }).catch((error) => {
      if (!(error instanceof Counted)) throw error;
    });
    await pause();
  }
  const { data } = await request(client, 'login', 'POST', '/api/login', {
    body: { email: client.account.email, password: client.account.password, remember: chance(0.5) },
  });
  client.token = data.token;
  client.user = data.user;
}

/** What the signed-in header, cart badge and owned marks load. */
async function loadAccount(client) {
  const id = client.user._id;
  const [, , , owned] = await Promise.all([
    request(client, 'account', 'GET', `/api/cart/${id}`),
    request(client, 'account', 'GET', `/api/stemscart/${id}`),
    request(client, 'account', 'GET', `/api/favorites/${id}`),
    request(client, 'account', 'GET', `/api/entitlements/${id}`),
  ]);
  client.owned = new Map(owned.data.beats.map((b) => [b.beatId, b]));
}

async function browse(client, filter, pages) {
  let cursor = null;
  for (let page = 0; page < pages; page++) {
    const params = new URLSearchParams(filter);
    params.set('limit', '50');
    if (cursor) params.set('cursor', cursor);
    const kind = filter.q ? 'search' : 'catalog';
    const { data } = await request(client, kind, 'GET', `/api/beats?${params}`);
    remember(client, data.beats);
    cursor = data.nextCursor;
    if (!cursor) break;
    await pause();
  }
}

/** Opens a beat in the player: its waveform, then the preview as an audio element streams it, then the play report. */
async function listen(client) {
  const beat = pick([...client.seen.values()]);
  if (!beat?.streamingMp3FileLink) return;
  if (beat.waveformLink) await request(client, 'waveform', 'GET', beat.waveformLink, { refusals: [notListed] });
  const { headers } = await request(client, 'stream', 'GET', beat.streamingMp3FileLink, {
    headers: { range: 'bytes=0-' },
    ok: [206, 200],
    read: 'bytes',
    refusals: [notListed],
  });
  const size = Number(/\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1] ?? 0);
  const listened = random(1, 4);
  await pause(listened * 1000);
  if (size > 4096 && chance(0.3)) {
    // Seeking: the audio element asks for the rest from a later byte.
    const from = Math.floor(size * random(0.2, 0.8));
    await request(client, 'stream', 'GET', beat.streamingMp3FileLink, {
      headers: { range: `bytes=${from}-` },
      ok: [206],
      read: 'bytes',
      refusals: [notListed],
    });
  }
  await request(client, 'play', 'POST', '/api/play', {
    body: { beatId: beat._id, playbackTime: Math.round(random(3, 45)), ...(client.user ? { userId: client.user._id } : {}) },
  });
}

async function favourite(client) {
  const beat = pick([...client.seen.values()].filter((b) => b.beatType === 'Non-Exclusive'));
  if (!beat) return;
  const body = { userId: client.user._id, beatId: beat._id };
  await request(client, 'favorite', 'POST', '/api/favorites', { body, refusals: [staleSale] });
  if (chance(0.3)) await request(client, 'favorite', 'DELETE', '/api/favorites', { body });
}

/** The hosted test checkout: open its page, pay with the test card, land on /paymentConfirm, which settles the session. */
async function pay(client, session) {
  const page = new URL(session.url, base).pathname;
  await request(client, 'checkout-page', 'GET', page, { read: 'text', auth: false });
  await pause();
  const { headers } = await request(client, 'checkout-pay', 'POST', `${page}/pay`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: `Soak Listener ${client.index}` },
    ok: [303],
    read: 'text',
    auth: false,
  });
  const confirmPage = headers.get('location') ?? '';
  const sessionId = new URL(confirmPage, base).searchParams.get('session_id');
  await request(client, 'page', 'GET', confirmPage, { read: 'text', auth: false });
  for (let attempt = 0; ; attempt++) {
    const { data } = await request(client, 'checkout-confirm', 'POST', '/api/checkout/confirm', { body: { sessionId } });
    if (data.status === 'paid') return data;
    if (data.status !== 'processing' || attempt >= 5) {
      tally(errors, `checkout-confirm 200: status ${data.status} after paying`);
      return null;
    }
    await pause(500);
  }
}

/** The dashboard, then a signed link for one file, then the file itself. */
async function download(client, beatId, fileType) {
  const id = client.user._id;
  await Promise.all([
    request(client, 'dashboard', 'GET', `/api/getrecentpurchases/${id}`),
    request(client, 'dashboard', 'POST', '/api/getpurchasedbeats', { body: { email: client.account.email } }),
  ]);
  await pause();
  const { data: link } = await request(client, 'download-link', 'POST', '/api/download', { body: { beatId, userId: id, fileType } });
  await request(client, 'download', 'GET', link.url, { read: 'bytes' });
}

async function buyLeases(client) {
  const vip = client.user.userType === 'vipUser';
  const choices = [...client.seen.values()].filter(
    (b) => b.beatType === 'Non-Exclusive' && b.price !== null && !vip && !client.owned.get(b._id)?.mp3,
  );
  if (choices.length === 0) return;
  const items = [...new Set([pick(choices), ...(chance(0.3) ? [pick(choices)] : [])])];
  for (const beat of items) {
    await request(client, 'cart', 'POST', '/api/cart', { body: { userId: client.user._id, beatId: beat._id }, refusals: [staleSale] });
    await pause();
  }
  await request(client, 'cart', 'GET', `/api/cart/${client.user._id}`);
  const { data } = await request(client, 'checkout-open', 'POST', '/create-checkout-session', {
    body: {
      beatDetails: items.map((b) => ({ beatId: b._id, beatName: b.beatTitle, price: b.price })),
      email: client.account.email,
      sessionType: 'beatPurchase',
      userId: client.user._id,
    },
    refusals: [staleSale, alreadyOwned],
  });
  const paid = await pay(client, data.session);
  if (!paid) return;
  for (const beat of items) client.owned.set(beat._id, { beatId: beat._id, mp3: true, wav: false, stems: false });
  for (const beat of items) await request(client, 'cart', 'DELETE', '/api/cart', { body: { userId: client.user._id, beatId: beat._id } });
  await download(client, pick(items)._id, 'mp3');
}

async function buyExclusive(client) {
  const beat = pick([...client.seen.values()].filter((b) => b.beatType === 'Exclusive'));
  if (!beat) return;
  const { data } = await request(client, 'checkout-open', 'POST', '/create-checkout-session-exclusive', {
    body: { beatId: beat._id, beatName: beat.beatTitle, price: beat.price, email: client.account.email, sessionType: 'exclusive', userId: client.user._id },
    refusals: [staleSale],
  });
  const paid = await pay(client, data.session);
  client.seen.delete(beat._id);
  // Two payments for one exclusive can both complete: the later is refunded (docs/product/offers-and-prices.md#exclusives).
  if (!paid || paid.items.every((item) => item.refunded)) return;
  await download(client, beat._id, 'wav');
}

async function buyStems(client) {
  const beat = pick([...client.seen.values()].filter((b) => b.beatType === 'Non-Exclusive' && b.hasStems && !client.owned.get(b._id)?.stems));
  if (!beat) return;
  const body = { userId: client.user._id, beatId: beat._id };
  await request(client, 'cart', 'POST', '/api/stemscart', { body, refusals: [staleSale] });
  const { data: config } = await request(client, 'config', 'GET', '/api/config');
  const { data } = await request(client, 'checkout-open', 'POST', '/create-checkout-session-stems', {
    body: {
      beatDetails: [{ beatId: beat._id, beatName: beat.beatTitle, price: config.stemsPrice }],
      email: client.account.email,
      sessionType: 'stems',
      userId: client.user._id,
    },
    refusals: [staleSale, alreadyOwned],
  });
  const paid = await pay(client, data.session);
  if (!paid) return;
  client.owned.set(beat._id, { ...client.owned.get(beat._id), beatId: beat._id, stems: true });
  await request(client, 'cart', 'DELETE', '/api/stemscart', { body });
  await download(client, beat._id, 'stems');
}

/** One visit: land on the store, look around, maybe sign in, listen, favourite, buy and download, maybe log out. */
async function visit(client) {
  // Each visit starts from pages loaded now, as a person's new tab does.
  client.seen.clear();
  const { data: html } = await request(client, 'page', 'GET', pick(['/', '/beats', '/vip', '/exclusives']), { read: 'text', auth: false });
  if (!html.includes('<div id="root">')) tally(errors, 'page 200: not the web app');
  await Promise.all([
    request(client, 'config', 'GET', '/api/config'),
    browse(client, { type: 'Exclusive' }, 1),
    browse(client, { type: 'Non-Exclusive' }, 1),
  ]);
  await pause();

  if (!client.token) {
    if (chance(0.04)) await signUp(client, `soak-${runId}-${client.index}-${Date.now().toString(36)}@soak.test`);
    else if (chance(0.8)) await logIn(client);
    if (client.token) await loadAccount(client);
  }
  await pause();

  const steps = Math.round(random(3, 8));
  for (let step = 0; step < steps && !stop.signal.aborted; step++) {
    const roll = Math.random();
    if (roll < 0.3) await browse(client, { q: pick(searchWords), ...(chance(0.3) ? { type: 'Non-Exclusive' } : {}) }, chance(0.2) ? 2 : 1);
    else if (roll < 0.5) await browse(client, { type: 'Non-Exclusive' }, Math.round(random(2, 4)));
    else if (roll < 0.85) await listen(client);
    else if (client.user) await favourite(client);
    await pause();
  }

  if (client.user && !stop.signal.aborted) {
    const roll = Math.random();
    if (roll < 0.35) await buyLeases(client);
    else if (roll < 0.4) await buyExclusive(client);
    else if (roll < 0.45) await buyStems(client);
    else if (roll < 0.55 && client.owned.size > 0) {
      const [beatId, rights] = pick([...client.owned.entries()]);
      const fileType = rights.mp3 ? 'mp3' : rights.wav ? 'wav' : 'stems';
      if (rights[fileType]) await download(client, beatId, fileType);
    }
  }

  if (client.user && chance(0.3) && !stop.signal.aborted) {
    await request(client, 'logout', 'POST', '/api/update-session-time', { body: { userId: client.user._id, sessionDuration: Math.round(random(30, 900)) } });
    await request(client, 'logout', 'POST', '/api/logout');
    client.token = null;
    client.user = null;
  }
}

async function run(client) {
  await pause(random(0, 2000));
  while (!stop.signal.aborted) {
    try {
      await visit(client);
    } catch (error) {
      // A refusal or an error ends this visit (it was counted); the person starts a new one.
      if (!(error instanceof Counted) && !stop.signal.aborted) tally(errors, `soak client: ${error.message}`);
    }
    await pause(thinkMs * random(1, 3));
  }
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────────

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

async function main() {
  console.log(`soak: ${clientCount} clients for ${durationSeconds} s after a ${warmupSeconds} s warm-up (mean pause ${thinkMs} ms)`);
  console.log(`soak: npm start on ${base}, data folder ${dataDir}, TRUST_PROXY=loopback`);
  const startedAt = Date.now();
  // A first start builds what changed and seeds the demo store with its audio.
  if (!(await waitForHealth(600_000))) {
    console.error(
      server.exitCode !== null ? `soak: npm start exited with code ${server.exitCode} before the store answered` : `soak: the store did not answer at ${base}`,
    );
    for (const line of [...serverLog.text.slice(-30), ...serverLog.errors.slice(-10)]) console.error(`  ${line}`);
    await stopServer();
    return 2;
  }
  const pid = serverProcessId();
  serverPid = pid;
  if (!pid) {
    console.error('soak: cannot find the server process under npm start');
    await stopServer();
    return 2;
  }
  console.log(`soak: the store answered after ${((Date.now() - startedAt) / 1000).toFixed(1)} s (server process ${pid})`);

  const clients = Array.from({ length: clientCount }, (_, i) => makeClient(i + 1));
  // The pool of accounts: each client signs up once, from its own address, then logs out.
  const signups = [...clients];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let client = signups.shift(); client; client = signups.shift()) {
        await signUp(client, `soak-${runId}-${client.index}@soak.test`);
        client.token = null;
        client.user = null;
      }
    }),
  );
  if (errors.size > 0) {
    console.error('soak: making the accounts failed:', [...errors.keys()].join('; '));
    await stopServer();
    return 2;
  }
  console.log(`soak: ${clientCount} accounts made`);

  phase = 'warmup';
  const running = clients.map(run);
  await pause(warmupSeconds * 1000);
  if (interrupted) return 130;
  const rssStart = residentKb(pid);
  const rssSamples = [rssStart];
  phase = 'measure';
  const loadAtStart = os.loadavg()[0];
  const cpuAtStart = cpuSeconds(pid);
  // The clients share this one process: its own event-loop delay is part of every latency measured.
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  const measuredFrom = performance.now();
  const sampler = setInterval(() => {
    try {
      rssSamples.push(residentKb(pid));
    } catch {
      // the server ended: the run reports it
    }
  }, 10_000);
  console.log(`soak: warmed up, resident memory ${mb(rssStart)}; measuring…`);
  const progress = setInterval(() => {
    const elapsed = (performance.now() - measuredFrom) / 1000;
    console.log(`  ${elapsed.toFixed(0)} s: ${counts.measure} requests, ${[...errors.values()].reduce((a, b) => a + b, 0)} errors, RSS ${mb(rssSamples.at(-1))}`);
  }, 60_000);
  await pause(durationSeconds * 1000);
  const measuredSeconds = (performance.now() - measuredFrom) / 1000;
  phase = 'stopping';
  clearInterval(progress);
  clearInterval(sampler);
  if (interrupted) return 130;
  const rssEnd = residentKb(pid);
  clientDelay.disable();
  const load = {
    start: loadAtStart,
    end: os.loadavg()[0],
    clientDelayP99: clientDelay.percentile(99) / 1e6,
    serverCpu: cpuSeconds(pid) - cpuAtStart,
  };
  stop.abort();
  await Promise.all(running);

  const exit = await stopServer();
  return report({ measuredSeconds, rssStart, rssEnd, rssSamples, exit, load });
}

function report({ measuredSeconds, rssStart, rssEnd, rssSamples, exit, load }) {
  const lines = [];
  const total = counts.measure;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0) + serverLog.errors.length;
  lines.push('', `Soak: ${clientCount} clients, ${measuredSeconds.toFixed(0)} s measured after a ${warmupSeconds} s warm-up`, '');
  lines.push(`requests: ${total} measured (${counts.warmup} in warm-up, ${counts.setup} making accounts), ${(total / measuredSeconds).toFixed(1)} requests/s`);
  lines.push(
    `machine: ${os.availableParallelism()} cores, load average ${load.start.toFixed(1)} at the start and ${load.end.toFixed(1)} at the end; ` +
      `the clients' own event-loop delay p99 ${load.clientDelayP99.toFixed(1)} ms`,
  );
  lines.push(
    `server CPU: ${load.serverCpu.toFixed(1)} s in ${measuredSeconds.toFixed(0)} s (${((100 * load.serverCpu) / measuredSeconds).toFixed(0)}% of one core), ` +
      `${((1000 * load.serverCpu) / total).toFixed(2)} ms per request`,
  );
  lines.push('');
  lines.push('| kind | requests | p50 ms | p99 ms | max ms | p99 ≤ 100 ms |');
  lines.push('|---|---:|---:|---:|---:|---|');
  let slowKinds = 0;
  for (const [kind, values] of [...latencies.entries()].sort((a, b) => b[1].length - a[1].length)) {
    values.sort((a, b) => a - b);
    const p99 = percentile(values, 99);
    if (p99 > goals.p99Ms) slowKinds += 1;
    lines.push(
      `| ${kind} | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${p99.toFixed(1)} | ${values.at(-1).toFixed(1)} | ${p99 <= goals.p99Ms ? 'PASS' : 'FAIL'} |`,
    );
  }
  lines.push('');
  const refusalCount = [...refusals.values()].reduce((a, b) => a + b, 0);
  lines.push(`expected refusals: ${refusalCount}`);
  for (const [key, n] of [...refusals.entries()].sort((a, b) => b[1] - a[1])) lines.push(`  ${n} × ${key}`);
  lines.push(`errors: ${errorCount}`);
  for (const [key, n] of [...errors.entries()].sort((a, b) => b[1] - a[1])) lines.push(`  ${n} × ${key}`);
  const serverErrors = new Map();
  for (const message of serverLog.errors) tally(serverErrors, message.slice(0, 160));
  for (const [key, n] of serverErrors) lines.push(`  ${n} × server log error: ${key}`);
  if (serverLog.warnings.size > 0) {
    lines.push('server warnings:');
    for (const [key, n] of [...serverLog.warnings.entries()].sort((a, b) => b[1] - a[1])) lines.push(`  ${n} × ${key.slice(0, 160)}`);
  }
  const growth = (rssEnd - rssStart) / rssStart;
  lines.push('');
  lines.push(
    `server resident memory (VmRSS): ${mb(rssStart)} after warm-up, ${mb(rssEnd)} at the end (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), ` +
      `peak ${mb(Math.max(...rssSamples, rssEnd))}`,
  );
  lines.push(`  every 10 s: ${rssSamples.map((kb) => (kb / 1024).toFixed(0)).join(' ')} MB`);
  // Garbage collection makes it a sawtooth: a leak shows as a rising floor.
  const firstMinute = rssSamples.slice(0, 6);
  const lastMinute = rssSamples.slice(-6);
  lines.push(`  lowest in the first minute ${mb(Math.min(...firstMinute))}, in the last minute ${mb(Math.min(...lastMinute))}`);
  lines.push(`server stopped ${exit === 0 ? 'cleanly (exit 0)' : `with ${exit}`} ${(stopping.ms / 1000).toFixed(1)} s after SIGTERM; data folder removed`);
  if (exit !== 0) {
    lines.push('  what it logged meanwhile:');
    for (const event of serverLog.events.filter((e) => e.at >= stopping.at)) lines.push(`    +${((event.at - stopping.at) / 1000).toFixed(1)} s ${event.msg.slice(0, 160)}`);
  }
  lines.push('');
  const verdicts = [
    [`errors ${errorCount} (goal ${goals.errors})`, errorCount <= goals.errors],
    [`p99 ≤ ${goals.p99Ms} ms for every kind (${slowKinds} over)`, slowKinds === 0],
    [`memory growth ${(growth * 100).toFixed(1)}% (goal ≤ ${goals.rssGrowth * 100}%)`, growth <= goals.rssGrowth],
    [`server stopped cleanly`, exit === 0],
  ];
  for (const [label, pass] of verdicts) lines.push(`${pass ? 'PASS' : 'FAIL'}  ${label}`);
  console.log(lines.join('\n'));
  return verdicts.every(([, pass]) => pass) ? 0 : 1;
}

let code;
try {
  code = await main();
} catch (error) {
  console.error('soak:', error);
  code = 2;
}
if (!interrupted) {
  await stopServer();
  process.exit(code);
}
