// Load generator of bench/arena.sh (`bench/run arena`, issue 28 "Measure"): N scripted players
// in one live arena of pinfall-server (one node, or several on one PostgreSQL), each playing
// whole games back to back until the arena ends, over loopback.
//
// Usage: node bench/arena/load.mjs --ports P[,P2..] --server-pids PID[,PID2..] [-n 1000]
//        [--warmup 10] [-d 60] [--label L] [--pg-pid PID] [--rng-seed 1]
//        [--connect-concurrency 50] [--setup-timeout 120]
//
// What it does:
// 1. Reads each server's RSS (VmRSS of /proc/PID/status), then opens N connections, player i on
//    node i mod (number of ports); each says hello, registers (`register`, no password: the
//    server must run with --guests-per-ip 0, --max-connections-per-ip >= N) and joins the live
//    arena (the first of `arena_list`'s live ones, waited for: bench/arena.sh starts the server
//    with --clock-start and --arena-schedule so that the current slot's arena is live). Once all
//    have joined, the servers' RSS again: the memory per participant is the growth over N.
// 2. Every player then plays: `arena_play` answers the next game's snapshot, then one request
//    in flight at a time, each a legal play picked at random from the last reply's `legal`
//    (`stop` when there is none), until the update carrying `game_over`; then the next game,
//    until the arena ends (its `arena_ended` push, or `arena_not_live` answering `arena_play` at
//    or after the arena's end by that node's clock; a game in play then is finished).
// 3. The measured window is [start of play + warmup, + duration): games finished (the reply
//    to the last action received) and standings pushes received in it count, and the CPU of the
//    servers (user + system from /proc/PID/stat, every thread; the SCHED_IDLE threads'
//    share, the integrity analysis and par of the background pool, apart), of PostgreSQL's
//    processes (--pg-pid, the postmaster: it and its children, with the children it reaped),
//    of this generator and of the machine are sampled at its edges, with each server thread's
//    CPU and each node's /metrics (the integrity analysis's games analysed and pending).
// 4. Latency from a game's finish to the other participants' standings: for each game finished
//    in the window by player F (its n-th game) at tf (the reply to its last action received),
//    and each other participant p:
//    - exact: the first push p received whose top 10 shows F's line with n games or more, when
//      the push p received just before it showed F with fewer (so F is in the top 10 on both
//      sides of the finish and that push is the first to reflect it); latency = its arrival - tf.
//      Only finishes by top-10 players are seen this way, but every (finish, participant) pair
//      of them counts, on F's node and on the other nodes alike.
//    - first push after: the first push p received after tf, for every pair (the rule of
//      thumb: it can be a push built just before the finish reached the standings, so it reads
//      low by up to a second for a few pairs).
// 5. Counts errors: an error reply (but `arena_not_live` at the end), a connection that closes
//    or fails, a request unanswered for 30 s, a participant that never got a standings push in
//    the window, an arena not found. The participants that got `arena_ended` within 15 s of the
//    end are counted apart (a defect there does not make the figures wrong). Prints progress on
//    stderr and one RESULT line (key=value) on stdout; exits 1 when any error was counted, 2 on
//    bad options.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

import WebSocket from 'ws';

function parseArgs(argv) {
    const o = {
        ports: [], pids: [], players: 1000, warmup: 10, duration: 60, label: '-', pgPid: 0,
        rngSeed: 1, connectConcurrency: 50, setupTimeout: 120,
    };
    const num = (v, name) => {
        const n = Number(v);
        if (!Number.isFinite(n) || n < 0) throw new Error(`bad ${name}: ${v}`);
        return n;
    };
    const list = (v, name) => v.split(',').map((x) => num(x, name));
    for (let i = 0; i < argv.length; i += 2) {
        const [k, v] = [argv[i], argv[i + 1]];
        if (v === undefined) throw new Error(`${k} needs a value`);
        switch (k) {
            case '--ports': o.ports = list(v, k); break;
            case '--server-pids': o.pids = list(v, k); break;
            case '-n': case '--players': o.players = num(v, k); break;
            case '--warmup': o.warmup = num(v, k); break;
            case '-d': case '--duration': o.duration = num(v, k); break;
            case '--label': o.label = v; break;
            case '--pg-pid': o.pgPid = num(v, k); break;
            case '--rng-seed': o.rngSeed = num(v, k); break;
            case '--connect-concurrency': o.connectConcurrency = Math.max(1, num(v, k)); break;
            case '--setup-timeout': o.setupTimeout = num(v, k); break;
            default: throw new Error(`unknown option ${k}`);
        }
    }
    if (o.ports.length === 0) throw new Error('--ports is required');
    if (o.pids.length !== o.ports.length) throw new Error('--server-pids needs one pid per port');
    if (o.players < 2) throw new Error('-n is at least 2');
    if (o.duration <= 0) throw new Error('-d must be positive');
    return o;
}

let opt;
try {
    opt = parseArgs(process.argv.slice(2));
} catch (e) {
    process.stderr.write(`load.mjs: ${e.message}\n`);
    process.exit(2);
}
const log = (m) => process.stderr.write(`load.mjs: ${m}\n`);
const now = () => performance.now();  // ms
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const nodes = opt.ports.length;
const hz = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

// ---------------------------------------------------------------------------------------------
// /proc readings

/** Fields of /proc/.../stat after the command name: f[0] is field 3 (state). */
function statFields(path) {
    try {
        const line = fs.readFileSync(path, 'utf8');
        return line.slice(line.lastIndexOf(')') + 2).split(' ');
    } catch {
        return null;
    }
}

/** {cpu, idle, threads} of a process: CPU seconds of every thread, of its SCHED_IDLE threads
 *  (policy 5), and per thread (tid -> {cpu, idle}). */
function procCpu(pid) {
    const f = statFields(`/proc/${pid}/stat`);
    if (!f) return null;
    const cpu = (Number(f[11]) + Number(f[12])) / hz;
    let idle = 0;
    const threads = new Map();
    let tasks = [];
    try {
        tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch { /* gone */ }
    for (const t of tasks) {
        const g = statFields(`/proc/${pid}/task/${t}/stat`);
        if (!g) continue;
        const c = (Number(g[11]) + Number(g[12])) / hz;
        const isIdle = Number(g[38]) === 5;
        if (isIdle) idle += c;
        threads.set(t, { cpu: c, idle: isIdle });
    }
    return { cpu, idle, threads };
}

/** CPU seconds of a process tree's root, its live children and the children it reaped. */
function treeCpu(root) {
    const r = statFields(`/proc/${root}/stat`);
    if (!r) return null;
    let s = (Number(r[11]) + Number(r[12]) + Number(r[13]) + Number(r[14])) / hz;
    for (const d of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(d) || Number(d) === root) continue;
        const f = statFields(`/proc/${d}/stat`);
        if (f && Number(f[1]) === root) s += (Number(f[11]) + Number(f[12])) / hz;
    }
    return s;
}

function rssKib(pid) {
    try {
        const m = /^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
        return m ? Number(m[1]) : null;
    } catch {
        return null;
    }
}

/** Seconds every CPU spent busy (user, nice, system, irq, softirq, steal). */
function machineBusy() {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return (f[1] + f[2] + f[3] + f[6] + f[7] + f[8]) / hz;
}

function selfCpu() {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
}

/** Counters of a node's /metrics: integrity_pending, integrity_analysed (the lag histogram's
 *  count), actions (pinfall_actions_accepted_total). */
async function metrics(port) {
    const out = { pending: NaN, analysed: NaN, actions: NaN };
    try {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        const get = (name) => {
            const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
            return m ? Number(m[1]) : NaN;
        };
        out.pending = get('pinfall_integrity_pending');
        out.analysed = get('pinfall_integrity_lag_seconds_count');
        out.actions = get('pinfall_actions_accepted_total');
    } catch (e) {
        noteError(`GET /metrics: ${e.message}`);
    }
    return out;
}

async function sample() {
    const s = {
        t: now(), servers: opt.pids.map(procCpu), pg: opt.pgPid ? treeCpu(opt.pgPid) : null,
        self: selfCpu(), busy: machineBusy(),
    };
    s.metrics = await Promise.all(opt.ports.map(metrics));
    return s;
}

// ---------------------------------------------------------------------------------------------
// Counters

const stats = { errors: 0, firstError: '', lateRefusals: 0, pushBytes: 0 };
function noteError(what) {
    stats.errors++;
    if (!stats.firstError) {
        stats.firstError = String(what).slice(0, 300);
        log(`first error: ${stats.firstError}`);
    }
}

/** Counts of values in buckets of `res` ms up to `max` ms (beyond: the last bucket). */
class Histogram {
    constructor(res, max) {
        this.res = res;
        this.counts = new Float64Array(Math.ceil(max / res) + 1);
        this.n = 0;
        this.max = -Infinity;
        this.sum = 0;
    }

    add(ms) {
        const v = Math.max(0, ms);
        this.counts[Math.min(this.counts.length - 1, Math.floor(v / this.res))]++;
        this.n++;
        this.sum += v;
        if (v > this.max) this.max = v;
    }

    /** The upper edge of the bucket holding the p-th percentile (ms). */
    pct(p) {
        if (!this.n) return NaN;
        const want = Math.ceil((p / 100) * this.n);
        let seen = 0;
        for (let i = 0; i < this.counts.length; i++) {
            seen += this.counts[i];
            if (seen >= want) return Math.min((i + 1) * this.res, this.max);
        }
        return this.max;
    }
}

function rng(seed) {  // mulberry32
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// ---------------------------------------------------------------------------------------------
// Players

const win = { start: Infinity, end: Infinity };
const actLatency = new Histogram(0.05, 30_000);
let arenaId = 0;
let actions = 0;
const finishes = [];  // {t, player, n} of games finished in the window

class Player {
    constructor(i) {
        this.i = i;
        this.node = i % nodes;
        this.port = opt.ports[this.node];
        this.random = rng(opt.rngSeed * 1000003 + i);
        this.nextId = 1;
        this.waiting = null;  // {id, resolve, reject, sent}
        this.id = 0;
        this.offsetMs = 0;  // the node's clock minus ours (from welcome.time)
        this.done = 0;  // games finished
        this.ended = false;  // arena_ended received
        this.pushTimes = [];  // arrival times of arena_standings pushes, from the start of play
        this.pushTops = [];  // per push: [player id, games, ...] of its top 10
        this.recording = false;
        this.closed = false;
    }

    open() {
        return new Promise((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${this.port}/ws`, { perMessageDeflate: false });
            this.ws = ws;
            ws.on('open', resolve);
            ws.on('error', (e) => {
                if (!this.closed) noteError(`player ${this.i}: ${e.message}`);
                this.closed = true;
                e.noted = true;
                reject(e);
                this.fail(e);
            });
            ws.on('close', (code) => {
                if (!this.closed) {
                    noteError(`player ${this.i}: connection closed (${code})`);
                    this.closed = true;
                }
                const e = new Error(`closed (${code})`);
                e.noted = true;
                this.fail(e);
            });
            ws.on('message', (data) => this.onMessage(data));
        });
    }

    fail(e) {
        const w = this.waiting;
        this.waiting = null;
        if (w) w.reject(e);
    }

    request(body) {
        const id = this.nextId++;
        const sent = now();
        return new Promise((resolve, reject) => {
            this.waiting = { id, resolve, reject, sent };
            this.ws.send(JSON.stringify({ ...body, id }));
        });
    }

    onMessage(data) {
        const t = now();
        let m;
        try {
            m = JSON.parse(data);
        } catch (e) {
            noteError(`player ${this.i}: not JSON: ${e.message}`);
            return;
        }
        if (m.re === undefined) return this.onPush(m, t, data.length);
        const w = this.waiting;
        if (!w || (m.re !== w.id && m.re !== null)) {
            noteError(`player ${this.i}: unexpected reply ${String(data).slice(0, 200)}`);
            return;
        }
        this.waiting = null;
        w.resolve({ m, t, sent: w.sent });
    }

    onPush(m, t, bytes) {
        if (m.type === 'arena_standings') {
            if (!this.recording) return;
            this.pushTimes.push(t);
            const top = new Int32Array(m.top.length * 2);
            m.top.forEach((l, k) => {
                top[2 * k] = l.player.id;
                top[2 * k + 1] = l.games;
            });
            this.pushTops.push(top);
            if (t >= win.start && t < win.end) stats.pushBytes += bytes;
        } else if (m.type === 'arena_ended') {
            this.ended = true;
        }
        // arena_points, arena_started: nothing to check here.
    }

    async setup() {
        await this.open();
        const hello = (await this.request({ type: 'hello', version: 1 })).m;
        if (hello.type !== 'welcome') throw new Error(`hello: ${JSON.stringify(hello)}`);
        this.offsetMs = Date.parse(hello.time) - Date.now();
        const name = `arena-bench-${String(this.i).padStart(5, '0')}`;
        const reg = (await this.request({ type: 'register', name })).m;
        if (reg.type !== 'registered') throw new Error(`register: ${JSON.stringify(reg)}`);
        this.id = reg.player.id;
    }

    async join() {
        const j = (await this.request({ type: 'arena_join', arena: arenaId })).m;
        if (j.type !== 'arena' || j.joined !== true) throw new Error(`arena_join: ${JSON.stringify(j)}`);
        this.endsAt = Date.parse(j.arena.ends_at);
    }

    /** The node's clock has reached the arena's end (a margin for our reading of its clock). */
    pastEnd() {
        return this.ended || Date.now() + this.offsetMs >= this.endsAt - 1000;
    }

    async play() {
        while (!this.pastEnd()) {
            const start = await this.request({ type: 'arena_play', arena: arenaId });
            if (start.m.type === 'error') {
                if (start.m.code === 'arena_not_live' && this.pastEnd()) {
                    stats.lateRefusals++;
                    return;
                }
                throw new Error(`arena_play: ${JSON.stringify(start.m)}`);
            }
            if (start.m.type !== 'game' || start.m.mode !== 'arena') {
                throw new Error(`arena_play: ${JSON.stringify(start.m).slice(0, 200)}`);
            }
            const game = start.m.game;
            let legal = start.m.legal;
            let over = start.m.state.over;
            while (!over) {
                const plays = [];
                legal.forEach((lists, p) => lists.forEach((pins) => plays.push([p + 1, pins])));
                let req;
                if (plays.length === 0) {
                    req = { type: 'stop', game };
                } else {
                    const [pile, pins] = plays[Math.floor(this.random() * plays.length)];
                    req = { type: 'play', game, pile, pins };
                }
                const { m, t, sent } = await this.request(req);
                if (m.type !== 'update') throw new Error(`${req.type}: ${JSON.stringify(m)}`);
                const inWin = t >= win.start && t < win.end;
                if (inWin) {
                    actions++;
                    actLatency.add(t - sent);
                }
                legal = m.legal;
                over = m.events.some((e) => e.e === 'game_over');
                if (over) {
                    this.done++;
                    if (inWin) finishes.push({ t, player: this.i, n: this.done });
                }
            }
        }
    }

    close() {
        this.closed = true;
        try {
            this.ws.close();
        } catch { /* closed */ }
    }
}

// A watchdog: a request unanswered for 30 s is an error (its player stops).
const watchdog = setInterval(() => {
    const t = now();
    for (const p of players) {
        if (p.waiting && t - p.waiting.sent > 30_000) {
            const e = new Error(`player ${p.i}: no reply in 30 s`);
            noteError(e.message);
            e.noted = true;
            p.fail(e);
        }
    }
}, 1000);

// ---------------------------------------------------------------------------------------------
// 1. Setup

const players = Array.from({ length: opt.players }, (_, i) => new Player(i));
const rss0 = opt.pids.map(rssKib);
const setupBegin = now();
log(`${opt.players} players on ${nodes} node(s) (ports ${opt.ports.join(', ')})`);
const setupTimer = setTimeout(() => {
    log(`setup not done in ${opt.setupTimeout} s`);
    process.exit(1);
}, opt.setupTimeout * 1000);

async function eachPlayer(fn) {
    let next = 0;
    const worker = async () => {
        while (next < players.length) {
            const p = players[next++];
            try {
                await fn(p);
            } catch (e) {
                if (!e.noted) noteError(`player ${p.i}: ${e.message ?? e}`);
            }
        }
    };
    await Promise.all(Array.from({ length: opt.connectConcurrency }, worker));
}

await eachPlayer((p) => p.setup());
const registeredS = (now() - setupBegin) / 1000;
log(`${players.length} registered in ${registeredS.toFixed(1)} s`);

// The live arena: the same id on every node (one slot, one arena).
for (let node = 0; node < nodes && !stats.errors; node++) {
    const p = players[node];
    let id = 0;
    const until = now() + 15_000;
    while (!id && now() < until) {
        const r = (await p.request({ type: 'arena_list', phase: 'live' })).m;
        if (r.type !== 'arena_list') throw new Error(`arena_list: ${JSON.stringify(r)}`);
        if (r.live.length) id = r.live[0].id;
        else await sleep(200);
    }
    if (!id) noteError(`node ${node}: no live arena in 15 s (--arena-schedule, --clock-start?)`);
    else if (!arenaId) arenaId = id;
    else if (id !== arenaId) noteError(`node ${node} lists arena ${id}, node 0 arena ${arenaId}`);
}
if (stats.errors) {
    log(`setup failed: ${stats.firstError}`);
    process.exit(1);
}
await eachPlayer((p) => p.join());
clearTimeout(setupTimer);
const setupS = (now() - setupBegin) / 1000;
const rss1 = opt.pids.map(rssKib);
const joinedS = setupS - registeredS;
log(`arena ${arenaId}: ${players.length} joined in ${joinedS.toFixed(1)} s (setup ${setupS.toFixed(1)} s)`);
if (stats.errors) {
    log(`setup failed: ${stats.firstError}`);
    process.exit(1);
}
const idByIndex = players.map((p) => p.id);
const leftS = (players[0].endsAt - (Date.now() + players[0].offsetMs)) / 1000;
if (leftS < opt.warmup + opt.duration + 5) {
    log(`the arena ends in ${leftS.toFixed(1)} s: too soon for ${opt.warmup} s of warmup and a` +
        ` ${opt.duration} s window (bench/arena.sh: raise PINFALL_BENCH_ARENA_SETUP)`);
    process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// 2. Play, 3. the window

const playBegin = now();
for (const p of players) p.recording = true;
const loops = players.map((p) => p.play().catch((e) => {
    if (!e.noted) noteError(`player ${p.i}: ${e.message ?? e}`);
}));
log(`playing; the arena ends in ${leftS.toFixed(0)} s`);
await sleep(opt.warmup * 1000);
win.start = now();
const a = await sample();
await sleep(Math.max(0, opt.duration * 1000 - (now() - win.start)));
win.end = now();
const b = await sample();
log(`window over: ${finishes.length} games, ${actions} actions; playing on until the arena ends`);
await Promise.all(loops);
const endWait = now() + 15_000;
while (players.some((p) => !p.ended) && now() < endWait) await sleep(100);
// Counted and shown, not an error: the figures stand without it.
const endedCount = players.filter((p) => p.ended).length;
const endedByNode = opt.ports.map((_, n) => players.filter((p) => p.node === n && p.ended).length);
if (endedCount !== players.length) {
    log(`${players.length - endedCount} participants got no arena_ended in 15 s (by node: ` +
        `${endedByNode.join(', ')} of ${opt.ports.map((_, n) => players.filter((p) => p.node === n).length).join(', ')} got it)`);
}
clearInterval(watchdog);
for (const p of players) p.close();

// ---------------------------------------------------------------------------------------------
// 4. Latency from a finish to the other participants' pushes

const exactAll = new Histogram(1, 60_000);
const exactSame = new Histogram(1, 60_000);
const exactCross = new Histogram(1, 60_000);
const firstAll = new Histogram(1, 60_000);
const firstSame = new Histogram(1, 60_000);
const firstCross = new Histogram(1, 60_000);
let firstUnresolved = 0;
let exactFinishes = 0;
let pushesInWindow = 0;
let pushGapMin = Infinity;
const pushGaps = new Histogram(1, 60_000);
let silent = 0;
finishes.sort((x, y) => x.t - y.t);
const exactSeen = new Uint8Array(finishes.length);
for (const p of players) {
    const times = p.pushTimes;
    let inWin = 0;
    for (let k = 0; k < times.length; k++) {
        if (times[k] >= win.start && times[k] < win.end) {
            inWin++;
            if (k > 0) {
                const gap = times[k] - times[k - 1];
                pushGaps.add(gap);
                if (gap < pushGapMin) pushGapMin = gap;
            }
        }
    }
    pushesInWindow += inWin;
    if (inWin === 0) silent++;
    // First push after: one pass over the finishes in time order.
    let k = 0;
    // Exact: where each player's line appears in p's pushes, in order: [push index, games].
    const lines = new Map();
    p.pushTops.forEach((top, idx) => {
        for (let j = 0; j < top.length; j += 2) {
            let l = lines.get(top[j]);
            if (!l) lines.set(top[j], (l = []));
            l.push(idx, top[j + 1]);
        }
    });
    for (let fi = 0; fi < finishes.length; fi++) {
        const f = finishes[fi];
        if (f.player === p.i) continue;
        const same = players[f.player].node === p.node;
        while (k < times.length && times[k] <= f.t) k++;
        if (k < times.length) {
            const d = times[k] - f.t;
            firstAll.add(d);
            (same ? firstSame : firstCross).add(d);
        } else {
            firstUnresolved++;
        }
        const l = lines.get(idByIndex[f.player]);
        if (!l) continue;
        // The first entry with games >= n (games never go down along p's pushes).
        let lo = 0;
        let hi = l.length / 2;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (l[2 * mid + 1] >= f.n) hi = mid;
            else lo = mid + 1;
        }
        if (lo === 0 || lo === l.length / 2) continue;
        // p's push before it must show F too (with fewer than n games, by the search).
        const idx = l[2 * lo];
        if (l[2 * lo - 2] !== idx - 1) continue;
        const d = times[idx] - f.t;
        exactAll.add(d);
        (same ? exactSame : exactCross).add(d);
        exactSeen[fi] = 1;
    }
}
for (const s of exactSeen) exactFinishes += s;
if (silent) noteError(`${silent} participants got no standings push in the window`);

// ---------------------------------------------------------------------------------------------
// Report

const span = (win.end - win.start) / 1000;
const sum = (xs) => xs.reduce((s, x) => s + x, 0);
const cpu = (i) => (a.servers[i] && b.servers[i] ? b.servers[i].cpu - a.servers[i].cpu : NaN);
const idle = (i) => (a.servers[i] && b.servers[i] ? b.servers[i].idle - a.servers[i].idle : NaN);
const serverCpu = opt.pids.reduce((s, _, i) => s + cpu(i), 0);
const serverIdle = opt.pids.reduce((s, _, i) => s + idle(i), 0);
const pgCpu = a.pg !== null && b.pg !== null ? b.pg - a.pg : NaN;
const selfS = b.self - a.self;
const otherCpu = b.busy - a.busy - serverCpu - (Number.isNaN(pgCpu) ? 0 : pgCpu) - selfS;
// Each node's threads that used at least 1% of a core in the window, busiest first: percent of
// a core, "i" for a SCHED_IDLE thread.
const threadShares = opt.pids.map((_, i) => {
    if (!a.servers[i] || !b.servers[i]) return 'nan';
    const shares = [];
    for (const [tid, t] of b.servers[i].threads) {
        const before = a.servers[i].threads.get(tid);
        const pct = ((t.cpu - (before ? before.cpu : 0)) / span) * 100;
        if (pct >= 1) shares.push([pct, t.idle]);
    }
    shares.sort((x, y) => y[0] - x[0]);
    return shares.map(([pct, isIdle]) => `${pct.toFixed(0)}${isIdle ? 'i' : ''}`).join(',') || '0';
});
const metricDelta = (k) => sum(b.metrics.map((m, i) => m[k] - a.metrics[i][k]));
const analysed = metricDelta('analysed');
const games = finishes.length;
const ms = (h, p) => h.pct(p).toFixed(0);
const r = [
    ['label', opt.label], ['players', players.length], ['nodes', nodes], ['arena', arenaId],
    ['setup_s', setupS.toFixed(1)], ['register_s', registeredS.toFixed(1)], ['join_s', joinedS.toFixed(1)],
    ['warmup_s', opt.warmup], ['window_s', span.toFixed(2)],
    ['games', games], ['games_per_s', (games / span).toFixed(1)],
    ['actions', actions], ['actions_per_s', (actions / span).toFixed(0)],
    ['actions_per_game', games ? (actions / games).toFixed(1) : 'nan'],
    ['act_p50_ms', actLatency.pct(50).toFixed(2)], ['act_p99_ms', actLatency.pct(99).toFixed(2)],
    ['pushes', pushesInWindow], ['pushes_per_s', (pushesInWindow / span).toFixed(0)],
    ['push_bytes_mean', pushesInWindow ? (stats.pushBytes / pushesInWindow).toFixed(0) : 'nan'],
    ['push_gap_min_ms', pushGapMin.toFixed(0)], ['push_gap_p50_ms', ms(pushGaps, 50)],
    ['push_gap_max_ms', pushGaps.max.toFixed(0)],
    ['server_cpu_s', serverCpu.toFixed(2)], ['server_cpu_pct', ((serverCpu / span) * 100).toFixed(0)],
    ['server_idle_cpu_s', serverIdle.toFixed(2)],
    ['server_cpu_us_per_game', ((serverCpu / games) * 1e6).toFixed(0)],
    ['server_fg_cpu_us_per_game', (((serverCpu - serverIdle) / games) * 1e6).toFixed(0)],
    ['server_idle_us_per_game', ((serverIdle / games) * 1e6).toFixed(0)],
    ...opt.pids.map((_, i) => [`server${i}_cpu_pct`, ((cpu(i) / span) * 100).toFixed(0)]),
    ['pg_cpu_s', pgCpu.toFixed(2)], ['pg_cpu_pct', ((pgCpu / span) * 100).toFixed(0)],
    ['pg_cpu_us_per_game', ((pgCpu / games) * 1e6).toFixed(0)],
    ...opt.pids.map((_, i) => [`server${i}_threads`, threadShares[i]]),
    ['integrity_analysed_per_s', (analysed / span).toFixed(1)],
    ['integrity_us_per_analysed', ((serverIdle / analysed) * 1e6).toFixed(0)],
    ['integrity_pending_end', sum(b.metrics.map((m) => m.pending))],
    ['gen_cpu_s', selfS.toFixed(2)], ['gen_cpu_pct', ((selfS / span) * 100).toFixed(0)],
    ['other_cpu_pct', ((otherCpu / span) * 100).toFixed(0)],
    ['machine_busy_pct', (((b.busy - a.busy) / span) * 100).toFixed(0)],
    ['rss0_kib', sum(rss0)], ['rss1_kib', sum(rss1)],
    ['rss_per_player_bytes', (((sum(rss1) - sum(rss0)) * 1024) / players.length).toFixed(0)],
    ['exact_finishes', exactFinishes], ['exact_pairs', exactAll.n],
    ['exact_p50_ms', ms(exactAll, 50)], ['exact_p99_ms', ms(exactAll, 99)],
    ['exact_max_ms', exactAll.max.toFixed(0)],
    ['exact_same_pairs', exactSame.n], ['exact_same_p50_ms', ms(exactSame, 50)],
    ['exact_same_p99_ms', ms(exactSame, 99)],
    ['exact_cross_pairs', exactCross.n], ['exact_cross_p50_ms', ms(exactCross, 50)],
    ['exact_cross_p99_ms', ms(exactCross, 99)],
    ['first_pairs', firstAll.n], ['first_p50_ms', ms(firstAll, 50)], ['first_p99_ms', ms(firstAll, 99)],
    ['first_max_ms', firstAll.max.toFixed(0)], ['first_unresolved', firstUnresolved],
    ['first_same_p99_ms', ms(firstSame, 99)], ['first_cross_p99_ms', ms(firstCross, 99)],
    ['ended', endedCount], ['ended_by_node', endedByNode.join(',')],
    ['late_refusals', stats.lateRefusals], ['errors', stats.errors],
];
for (const [k, v] of r) process.stderr.write(`  ${k} = ${v}\n`);
process.stdout.write('RESULT ' + r.map(([k, v]) => `${k}=${v}`).join(' ') + '\n');
process.exit(stats.errors ? 1 : 0);
