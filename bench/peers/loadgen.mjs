// Load generator of bench/server.sh for the same-work peers (the Colyseus room, the boardgame.io
// game), driving them the way bench/loadgen (pinfall-loadgen) drives pinfall-server in its
// closed loop, through each peer's own client library (clients.mjs).
//
// Usage: node bench/peers/loadgen.mjs --target colyseus|bgio --port N [--server-pid PID]
//        [--label L] [-c 100] [--warmup 2] [-d 10] [--rng-seed 1] [--ruleset sackson]
//        [--connect-concurrency 10]
//
// Contract: opens -c sessions (a room or a match each; the matchmaking is not measured), then
// each plays practice games in a closed loop with one request in flight: a game starts on a
// fixed seed (derived from --rng-seed, the session and the game's number), then every request
// is a legal play picked at random from the last reply's legal plays (`stop` when there is
// none; the engine never leaves a ball with none), and a new game follows game over. As in
// pinfall-loadgen, only the answers to plays and stops count as actions (game starts do not),
// an answer counts when it arrives inside the measured window [start + warmup, + duration),
// its latency runs from the send, and a refused request is an error. The server's CPU time
// (user + system of --server-pid, every thread, from /proc/PID/stat), the generator's own and
// the machine's (/proc/stat) are sampled at the window's edges; rates divide by the window as
// measured. Prints progress on stderr and one RESULT line on stdout, with the keys of
// pinfall-loadgen's (bench/loadgen/report.hpp) that a closed loop has, so bench/server.sh reads
// both alike. Exits 0 when the run happened, 1 when no session could be opened, 2 on bad options.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import { connect } from './clients.mjs';
import { seedFor } from './practice.mjs';

function parseArgs(argv) {
    const o = {
        target: null, port: 0, serverPid: 0, label: '', conns: 100, warmup: 2, duration: 10,
        rngSeed: 1, ruleset: 'sackson', connectConcurrency: 10,
    };
    const num = (v, name) => {
        const n = Number(v);
        if (!Number.isFinite(n) || n < 0) throw new Error(`bad ${name}: ${v}`);
        return n;
    };
    for (let i = 0; i < argv.length; i += 2) {
        const [k, v] = [argv[i], argv[i + 1]];
        if (v === undefined) throw new Error(`${k} needs a value`);
        switch (k) {
            case '--target': o.target = v; break;
            case '--port': o.port = num(v, k); break;
            case '--server-pid': o.serverPid = num(v, k); break;
            case '--label': o.label = v; break;
            case '-c': case '--connections': o.conns = num(v, k); break;
            case '--warmup': o.warmup = num(v, k); break;
            case '-d': case '--duration': o.duration = num(v, k); break;
            case '--rng-seed': o.rngSeed = num(v, k); break;
            case '--ruleset': o.ruleset = v; break;
            case '--connect-concurrency': o.connectConcurrency = Math.max(1, num(v, k)); break;
            default: throw new Error(`unknown option ${k}`);
        }
    }
    if (!['colyseus', 'bgio'].includes(o.target)) throw new Error('--target is colyseus or bgio');
    if (!o.port) throw new Error('--port is required');
    return o;
}

const hz = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** {user, sys} seconds of a process (every thread), or null. */
function procTimes(pid) {
    try {
        const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = line.slice(line.lastIndexOf(')') + 2).split(' ');  // f[0] is field 3
        return { user: Number(f[11]) / hz, sys: Number(f[12]) / hz };
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

const now = () => Number(process.hrtime.bigint()) / 1e9;  // seconds
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

let opt;
try {
    opt = parseArgs(process.argv.slice(2));
} catch (e) {
    process.stderr.write(`loadgen.mjs: ${e.message}\n`);
    process.exit(2);
}
const log = (m) => process.stderr.write(`loadgen.mjs: ${m}\n`);

const stats = {
    requests: 0, actions: 0, games: 0, errors: 0, disconnects: 0, replies: 0,
    firstError: '', latency: [],
};
const win = { start: Infinity, end: Infinity };
const inWindow = (t) => t >= win.start && t < win.end;
let stopping = false;

function noteError(what) {
    stats.errors++;
    if (!stats.firstError) stats.firstError = String(what).slice(0, 300);
}

// Setup: open every session, at most --connect-concurrency at once.
const setupBegin = now();
log(`closed loop against ${opt.target} at 127.0.0.1:${opt.port}, ${opt.conns} connections`);
const sessions = new Array(opt.conns).fill(null);
let failed = 0;
{
    let next = 0;
    const opener = async () => {
        while (next < opt.conns) {
            const i = next++;
            try {
                sessions[i] = await connect(opt.target, opt.port);
            } catch (e) {
                failed++;
                noteError(`connect: ${e.message ?? e}`);
            }
        }
    };
    await Promise.all(Array.from({ length: opt.connectConcurrency }, opener));
}
const ready = sessions.filter(Boolean).length;
const setupS = now() - setupBegin;
log(`${ready} connections ready, ${failed} failed, in ${setupS.toFixed(3)} s`);
if (ready === 0) process.exit(1);

async function play(i) {
    const s = sessions[i];
    const random = rng(opt.rngSeed * 1000003 + i);
    let started = 0;
    let last = null;
    while (!stopping) {
        let reply;
        const sent = now();
        stats.requests++;
        try {
            if (!last || last.over) {
                reply = await s.start({ seed: seedFor(opt.rngSeed, i, started++), ruleset: opt.ruleset });
            } else {
                const plays = last.legal.flatMap((groups, p) => groups.map((pins) => ({ pile: p + 1, pins })));
                const req = plays.length === 0 ? { type: 'stop' }
                    : { type: 'play', ...plays[Math.floor(random() * plays.length)] };
                reply = await s.act(req);
                const t = now();
                if (reply.ok && inWindow(t)) {
                    stats.actions++;
                    stats.latency.push(t - sent);
                    if (reply.over) stats.games++;
                }
            }
        } catch (e) {
            if (stopping) return;
            stats.disconnects++;
            noteError(`connection ended: ${e.message ?? e}`);
            return;
        }
        stats.replies++;
        if (!reply.ok) {
            noteError(reply.error);
            last = null;  // start afresh
            continue;
        }
        last = reply;
    }
}

const pid = opt.serverPid;
const loops = sessions.map((s, i) => (s ? play(i) : null)).filter(Boolean);
const begin = now();
await sleep(opt.warmup);
const a = { server: procTimes(pid), self: selfCpu(), busy: machineBusy() };
win.start = now();
await sleep(Math.max(0, opt.duration - (win.start - begin - opt.warmup)));
const b = { server: procTimes(pid), self: selfCpu(), busy: machineBusy() };
win.end = now();
stopping = true;
await Promise.race([Promise.all(loops), sleep(5)]);
for (const s of sessions) s?.close();

const span = win.end - win.start;
const lat = Float64Array.from(stats.latency).sort();
const pct = (p) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] * 1e6 : 0);
const cpuOk = pid && a.server && b.server && stats.actions > 0;
const user = cpuOk ? b.server.user - a.server.user : -1;
const sys = cpuOk ? b.server.sys - a.server.sys : -1;
const server = cpuOk ? user + sys : -1;
const self = b.self - a.self;
const sentBytes = sessions.reduce((n, s) => n + (s?.sentBytes ?? 0), 0);
const gotBytes = sessions.reduce((n, s) => n + (s?.gotBytes ?? 0), 0);
const r = [
    ['mode', 'closed'], ['target', opt.target], ['label', opt.label || '-'], ['workload', 'play'],
    ['conns', opt.conns], ['conns_ready', ready], ['connect_failures', failed],
    ['setup_s', setupS.toFixed(3)], ['inflight', 1], ['rate', 0], ['warmup_s', opt.warmup.toFixed(3)],
    ['duration_s', span.toFixed(3)], ['requests', stats.requests], ['actions', stats.actions],
    ['actions_per_s', (stats.actions / span).toFixed(0)], ['games', stats.games],
    ['games_per_s', (stats.games / span).toFixed(1)], ['lat_samples', lat.length],
    ['lat_p50_us', pct(50).toFixed(1)], ['lat_p90_us', pct(90).toFixed(1)],
    ['lat_p99_us', pct(99).toFixed(1)], ['lat_p999_us', pct(99.9).toFixed(1)],
    ['lat_max_us', (lat.length ? lat[lat.length - 1] * 1e6 : 0).toFixed(1)],
    ['lat_mean_us', (lat.length ? (lat.reduce((x, y) => x + y, 0) / lat.length) * 1e6 : 0).toFixed(1)],
    ['lost', 0], ['server_cpu_s', server.toFixed(2)], ['server_user_s', user.toFixed(2)],
    ['server_sys_s', sys.toFixed(2)],
    ['server_cpu_s_per_M', (cpuOk ? (server * 1e6) / stats.actions : -1).toFixed(2)],
    ['server_background_s', (cpuOk ? 0 : -1).toFixed(2)],
    ['server_fg_cpu_s_per_M', (cpuOk ? (server * 1e6) / stats.actions : -1).toFixed(2)],
    ['loadgen_cpu_s', self.toFixed(2)],
    ['other_cpu_s', (cpuOk ? b.busy - a.busy - self - server : -1).toFixed(2)],
    ['req_bytes_mean', (stats.requests ? sentBytes / stats.requests : 0).toFixed(0)],
    ['reply_bytes_mean', (stats.replies ? gotBytes / stats.replies : 0).toFixed(0)],
    ['errors', stats.errors], ['disconnects', stats.disconnects],
];
if (stats.firstError) log(`first error: ${stats.firstError}`);
for (const [k, v] of r) process.stderr.write(`  ${k} = ${v}\n`);
process.stdout.write('RESULT ' + r.map(([k, v]) => `${k}=${v}`).join(' ') + '\n');
process.exit(0);
