// Correctness check of the same-work peers, run by bench/server.sh before it measures them:
// the Colyseus room and the boardgame.io game must play exactly as pinfall-server (the engine)
// and the team's reference vectors say, each driven through its own client library
// (clients.mjs). Fails loudly: exit status 1 and the first mismatches on stderr.
//
// Usage: node bench/peers/check.mjs --pinfall-port N [--colyseus-port N] [--bgio-port N]
//        [--games N]
// pinfall-server must be running on 127.0.0.1:N (with no per-address budget: the check plays
// about 300 games). The peers run as given, or, without a port, are started here (port 0) and
// stopped at the end.
//
// Checks, on every target (pinfall, colyseus, bgio) unless said otherwise:
//  1. docs/protocol.md's example game on the all-zero seed (sackson; the record of its last
//     update): the legal plays of the snapshot and of the updates the document shows (read
//     from the document, not copied), the final sheet (rolls, score 8) and the revealed deals.
//  2. tests/vectors/first-plays.txt: every legal first play of 40 fresh racks under both
//     rulesets, the legal plays of a new game on that seed.
//  3. tests/vectors/deals.txt: one whole game on each of its 50 seeds (rulesets alternating,
//     --games to change the count), the same actions sent to the three: random legal plays
//     from a seeded generator, stops now and then, a resignation in every fifth game, and in
//     each game two refused requests (a pile out of range; a group legal on one pile sent to
//     another) that must change nothing. After every action the three must give the same legal
//     plays; at the end the same rolls and score, and revealed deals equal to deals.txt's.
//     On the peers, no reply before the game is over may name a face-down card of the rack on
//     the table (the reveal tells which they were) or carry the seed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { TARGETS, connect } from './clients.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PILE_SIZES = [5, 3, 2];
const CARD = /\b(?:A|10|[2-9])[HS]\b/g;

function parseArgs(argv) {
    const o = { games: 50 };
    for (let i = 0; i < argv.length; i += 2) {
        const k = argv[i].replace(/^--/, '');
        const v = Number(argv[i + 1]);
        if (!Number.isInteger(v)) throw new Error(`bad value for ${argv[i]}`);
        if (k === 'pinfall-port') o.pinfall = v;
        else if (k === 'colyseus-port') o.colyseus = v;
        else if (k === 'bgio-port') o.bgio = v;
        else if (k === 'games') o.games = v;
        else throw new Error(`unknown option ${argv[i]}`);
    }
    if (!o.pinfall) throw new Error('--pinfall-port is required');
    return o;
}

const peerLog = [];  // the last lines the started peers wrote on stderr, shown on failure

/** Starts a peer server script on port 0; resolves to {port, child}. */
function startPeer(script) {
    return new Promise((resolve, reject) => {
        // stderr kept apart: boardgame.io logs every INVALID_MOVE (the check sends some).
        const child = spawn(process.execPath, [path.join(here, script), '0'],
                            { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stderr.on('data', (d) => { peerLog.push(`${script}: ${d}`); peerLog.splice(0, peerLog.length - 20); });
        let out = '';
        child.stdout.on('data', (d) => {
            out += d;
            const m = /listening on port (\d+)/.exec(out);
            if (m) resolve({ port: Number(m[1]), child });
        });
        child.on('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
    });
}

// mulberry32: the check's choices, the same on every run.
function rng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const failures = [];
function fail(what) {
    failures.push(what);
    if (failures.length <= 20) process.stderr.write(`check: MISMATCH ${what}\n`);
}

const normLegal = (legal) => JSON.stringify((legal ?? []).map((p) => p.map((g) => g.join(',')).sort()));
const flatLegal = (legal) => legal.flatMap((groups, i) => groups.map((g) => `${i + 1}:${g.join(',')}`)).sort();

function vectorLines(name) {
    return fs.readFileSync(path.join(root, 'tests/vectors', name), 'utf8').split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

/** The peers' replies before game over must not show a face-down card nor the seed. */
function checkHidden(target, label, steps, deals, seed) {
    for (const { raw, state } of steps) {
        if (!state || state.over) continue;
        const deal = deals[state.deal];
        if (!deal) {
            fail(`${target} ${label}: state names deal ${state.deal}, not revealed`);
            return;
        }
        const piles = deal.split(' | ')[1].split(' / ').map((p) => p.split(' '));
        const hidden = new Set();
        piles.forEach((cards, p) => {
            const down = state.piles[p].down;
            for (const c of cards.slice(PILE_SIZES[p] - down)) hidden.add(c);
        });
        const shown = (raw.match(CARD) ?? []).filter((c) => hidden.has(c));
        if (shown.length > 0) fail(`${target} ${label}: a reply shows face-down ${shown.join(' ')}`);
        if (raw.toLowerCase().includes(seed)) fail(`${target} ${label}: a reply before the end carries the seed`);
    }
}

// 1. The example game of docs/protocol.md.
async function docsExample(sessions) {
    const doc = fs.readFileSync(path.join(root, 'docs/protocol.md'), 'utf8');
    const msgs = doc.split('\n').filter((l) => l.startsWith('{"type":"game","re":7,') ||
                                               l.startsWith('{"type":"update","re":'))
        .map((l) => JSON.parse(l));
    const snapshot = msgs.find((m) => m.type === 'game');
    const byRe = new Map(msgs.filter((m) => m.type === 'update').map((m) => [m.re, m]));
    const last = byRe.get(13);
    if (!snapshot || !last) throw new Error('docs/protocol.md: the example game was not found');
    const [, ruleset, seed, ...tokens] = last.reveal.record.split(' ');
    // The document's requests have ids 8, 9, 10, ...: action i answers with re 8 + i.
    const actions = tokens.map((t) => (t === 's' ? { type: 'stop' } : t === 'r' ? { type: 'resign' }
        : { type: 'play', pile: Number(t[0]), pins: t.slice(2).split(',').map(Number) }));
    for (const [target, s] of Object.entries(sessions)) {
        let r = await s.start({ seed, ruleset });
        if (normLegal(r.legal) !== normLegal(snapshot.legal)) fail(`${target} docs example: first legal plays`);
        for (let i = 0; i < actions.length; i++) {
            r = await s.act(actions[i]);
            if (!r.ok) { fail(`${target} docs example: ${tokens[i]} refused: ${r.error}`); break; }
            const want = byRe.get(8 + i);
            if (want && normLegal(r.legal) !== normLegal(want.legal)) {
                fail(`${target} docs example: legal plays after ${tokens.slice(0, i + 1).join(' ')}`);
            }
        }
        if (!r.over || r.score !== last.sheet.score || JSON.stringify(r.rolls) !== JSON.stringify(last.sheet.rolls)) {
            fail(`${target} docs example: final sheet ${JSON.stringify(r.rolls)} score ${r.score}`);
        }
        if (JSON.stringify(r.deals) !== JSON.stringify(last.reveal.deals)) fail(`${target} docs example: revealed deals`);
    }
    return actions.length;
}

// 2. tests/vectors/first-plays.txt.
async function firstPlays(sessions) {
    const lines = vectorLines('first-plays.txt');
    for (const line of lines) {
        const [head, plays] = line.split(' | ');
        const [seed, ruleset] = head.split(' ');
        // (none): ball 1 ends at once with 0 and ball 2 begins (the burn): the game's first
        // legal plays are ball 2's, which must agree with pinfall-server's.
        const none = plays.trim() === '(none)';
        const want = none ? null : plays.trim().split(' ').sort();
        let ref = null;
        for (const [target, s] of Object.entries(sessions)) {
            const label = `${target} first plays ${seed.slice(0, 8)} ${ruleset}`;
            const r = await s.start({ seed, ruleset });
            if (!r.ok) { fail(`${label}: ${r.error}`); continue; }
            ref ??= r;
            const got = flatLegal(r.legal);
            if (JSON.stringify(r.rolls) !== (none ? '[0]' : '[]')) fail(`${label}: rolls ${JSON.stringify(r.rolls)}`);
            if (none ? JSON.stringify(got) !== JSON.stringify(flatLegal(ref.legal))
                     : JSON.stringify(got) !== JSON.stringify(want)) {
                fail(`${label}: ${got.join(' ')} != ${(want ?? flatLegal(ref.legal)).join(' ')}`);
            }
        }
    }
    return lines.length;
}

// 3. Whole games on the seeds of tests/vectors/deals.txt, in lockstep.
async function wholeGames(sessions, count) {
    const vectors = new Map();
    for (const line of vectorLines('deals.txt')) {
        const [head, ...rest] = line.split(' | ');
        const [seed, k] = head.split(' ');
        if (!vectors.has(seed)) vectors.set(seed, []);
        vectors.get(seed)[Number(k)] = rest.join(' | ');
    }
    const seeds = [...vectors.keys()];
    const targets = Object.keys(sessions);
    let actions = 0;
    for (let g = 0; g < count; g++) {
        const seed = seeds[g % seeds.length];
        const ruleset = g % 2 === 0 ? 'sackson' : 'strict';
        const label = `game ${g} (${seed.slice(0, 8)} ${ruleset})`;
        const random = rng(1000 + g);
        const steps = Object.fromEntries(targets.map((t) => [t, []]));
        const send = async (req) => {
            const out = {};
            for (const t of targets) {
                out[t] = await (req ? sessions[t].act(req) : sessions[t].start({ seed, ruleset }));
                if (out[t].ok) steps[t].push({ raw: out[t].raw, state: out[t].state });
            }
            return out;
        };
        let r = await send(null);
        let n = 0;
        for (;;) {
            const ref = r.pinfall;
            if (!ref.ok) { fail(`pinfall ${label}: ${ref.error}`); break; }
            for (const t of targets) {
                if (!r[t].ok) fail(`${t} ${label} step ${n}: refused: ${r[t].error}`);
                else if (normLegal(r[t].legal) !== normLegal(ref.legal) || r[t].over !== ref.over) {
                    fail(`${t} ${label} step ${n}: legal ${normLegal(r[t].legal)} != pinfall's ${normLegal(ref.legal)}`);
                }
            }
            if (ref.over || failures.length > 20) break;
            const plays = ref.legal.flatMap((groups, i) => groups.map((pins) => ({ type: 'play', pile: i + 1, pins })));
            if (n === 2 || n === 5) {
                // Two refused requests: a pile out of range, then a group legal on one pile
                // sent to a pile where it is not legal. Nothing may change.
                let bad = { type: 'play', pile: 4, pins: plays[0]?.pins ?? [1] };
                if (n === 5) {
                    for (const p of plays) {
                        for (let other = 1; other <= 3; other++) {
                            if (!plays.some((q) => q.pile === other && q.pins.join() === p.pins.join())) {
                                bad = { type: 'play', pile: other, pins: p.pins };
                            }
                        }
                    }
                }
                const refused = await send(bad);
                for (const t of targets) if (refused[t].ok) fail(`${t} ${label}: accepted ${JSON.stringify(bad)}`);
            }
            let req;
            const x = random();
            if (g % 5 === 4 && n === 12) req = { type: 'resign' };
            else if (x < 0.08 || plays.length === 0) req = { type: 'stop' };
            else req = plays[Math.floor(random() * plays.length)];
            r = await send(req);
            n++;
            actions++;
        }
        const ref = r.pinfall;
        const want = vectors.get(seed);
        if (ref.deals && JSON.stringify(ref.deals) !== JSON.stringify(want.slice(0, ref.deals.length))) {
            fail(`pinfall ${label}: revealed deals differ from deals.txt`);
        }
        for (const t of targets) {
            if (!r[t].ok) continue;
            if (r[t].score !== ref.score || JSON.stringify(r[t].rolls) !== JSON.stringify(ref.rolls)) {
                fail(`${t} ${label}: final rolls ${JSON.stringify(r[t].rolls)} score ${r[t].score}, pinfall ${JSON.stringify(ref.rolls)} ${ref.score}`);
            }
            if (JSON.stringify(r[t].deals) !== JSON.stringify(ref.deals)) fail(`${t} ${label}: revealed deals`);
            if (t !== 'pinfall') checkHidden(t, label, steps[t], want, seed);
        }
    }
    return actions;
}

const opt = parseArgs(process.argv.slice(2));
const started = [];
try {
    for (const [name, script] of [['colyseus', 'colyseus/server.mjs'], ['bgio', 'bgio/server.mjs']]) {
        if (!opt[name]) {
            const peer = await startPeer(script);
            started.push(peer.child);
            opt[name] = peer.port;
        }
    }
    const sessions = {};
    for (const t of TARGETS) sessions[t] = await connect(t, opt[t]);
    const docs = await docsExample(sessions);
    const first = await firstPlays(sessions);
    const actions = await wholeGames(sessions, opt.games);
    for (const s of Object.values(sessions)) s.close();
    if (failures.length > 0) {
        process.stderr.write(peerLog.join(''));
        process.stderr.write(`check: FAILED, ${failures.length} mismatches\n`);
        process.exitCode = 1;
    } else {
        process.stdout.write(`check: ok: pinfall, colyseus and bgio agree on docs/protocol.md's example ` +
            `(${docs} actions), the ${first} racks of first-plays.txt and ${opt.games} whole games on ` +
            `deals.txt's seeds (${actions} actions each, legal plays after every one, final sheets, ` +
            `revealed deals equal to deals.txt); no face-down card or seed in the peers' replies\n`);
    }
} catch (e) {
    process.stderr.write(`check: FAILED: ${e.stack ?? e}\n`);
    process.exitCode = 1;
} finally {
    for (const c of started) c.kill('SIGTERM');
    setTimeout(() => process.exit(), 500).unref();
}
