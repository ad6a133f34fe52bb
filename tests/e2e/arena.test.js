// Arenas in the browser (issue 28), against the real server with a live arena from the
// operator's schedule (--arena-schedule "every 10m sackson 10m clock 300s", --clock-start just
// after a slot's start: arena 1 live, arena 2 coming at 12:10). Two browsers that never reload,
// Pat at 390x844 and Dee at 1280x800, and scripted players from Node over their own WebSockets
// (lib/ws_node.js) who play plain greedy games (a game at par would be clairvoyant: the
// integrity analysis holds such results off the standings). The test knows the server's
// secret, so it derives each arena game's seed (HMAC-SHA256, docs/rules.md "Arenas"), checks it
// against the game's commitment, gets par from `pinfall par`, and ranks the players itself from
// the scores (the points table, average % of par, who got there first). Checked: the menu's
// Arenas link; the list's next start and live arena with their countdowns against the server's
// clock and player counts; creating an arena; joining; a game played in the browser whose
// result card shows the points, par and % of par the rules give; standings that move on both
// pages when a Node player finishes (ranks, names, points, games, % of par, the moves marked)
// and the player's own line pinned below the top ten; a Node player's game watched from the
// page ("Watch" on her line, "Watch the leader") following her plays; then, on a second server started near a
// slot's end, the end pushed to the page: the podium, the final standings, each game's seed
// checked against the commitment the browser was sent, and its replay verified by the browser
// and the server.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';

import { axeViolations } from './lib/axe.js';
import { docScreen, launchBrowser } from './lib/browser.js';
import { DESKTOP, PHONE, assertNoSideways, smallTargets } from './lib/phone.js';
import { playToEnd, playTurn } from './lib/play.js';
import { startServer } from './lib/server.js';
import { go, openFresh, registerAs, waitIdle } from './lib/ui.js';
import { NodeSocket } from './lib/ws_node.js';

const run = promisify(execFile);
const DAY = '2026-11-29';
const SECRET = 'e2e-secret';  // lib/server.js writes it
const SCHEDULE = ['--arena-schedule', 'every 10m sackson 10m clock 300s'];

let server;
let phoneBrowser;
let deskBrowser;
let pat;  // 390x844
let dee;  // 1280x800
const errors = [];
const sockets = [];
const ids = {};  // name -> player id

/** The terminal client, for `pinfall par` (ctest sets PINFALL_BIN; by hand it sits beside the server's build). */
function pinfallBin() {
    return process.env.PINFALL_BIN ??
        path.join(path.dirname(path.dirname(process.env.PINFALL_SERVER_BIN)), 'client', 'pinfall');
}

/** Game n of a player in an arena: its seed (hex), as the server derives it. */
function arenaSeed(arena, player, n) {
    return crypto.createHmac('sha256', SECRET).update(`pinfall/arena/${arena}/${player}/${n}`).digest('hex');
}

const sha256 = (hex) => crypto.createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** {par, actions} of a seed from `pinfall par` (par, and the best line's actions in record notation). */
async function parOf(seed) {
    const { stdout } = await run(pinfallBin(), ['par', seed, '--ruleset', 'sackson']);
    const [first, record] = stdout.trim().split('\n');
    return { par: Number(/^par (\d+)$/.exec(first)[1]), actions: record.split(' ').slice(3) };
}

/** The points of one game without a streak or berserk (docs/rules.md "Arenas", the table). */
function tablePoints(score, par) {
    const pct = par > 0 ? 100 * score / par : 100;
    return [[100, 6], [95, 5], [90, 4], [80, 3], [70, 2], [50, 1]].find(([min]) => pct >= min)?.[1] ?? 0;
}

const pctText = (score, par) => (par > 0 ? 100 * score / par : 100).toFixed(1);

/** A scripted player from Node: hello, register. */
async function nodePlayer(port, name) {
    const ws = await NodeSocket.open(port);
    sockets.push(ws);
    const welcome = await ws.call('hello', { version: 1 });
    const reg = await ws.call('register', { name });
    ids[name] = reg.player.id;
    return { ws, id: reg.player.id, name, welcome, at: Date.now() };
}

/**
 * A player's next game of the arena, played as a plain player would: the largest group on the
 * first pile that has a play (never the best line: a game at par would be clairvoyant, and the
 * integrity analysis holds such results off the standings). startGreedy checks the commitment
 * against the seed derived here; stepGreedy makes k actions; finishGreedy plays to the end and
 * resolves with {game, n, par, score, points: the arena_points push}.
 */
async function startGreedy(p, arena) {
    const snap = await p.ws.call('arena_play', { arena });
    const { n } = snap.arena;
    const seed = arenaSeed(arena, p.id, n);
    assert.equal(sha256(seed), snap.arena.commitment, `${p.name}'s game ${n}: the commitment is SHA-256 of the seed`);
    return { p, snap, seed, n, last: snap };
}

const isOver = (msg) => msg.state?.over === true || msg.events?.at(-1)?.e === 'game_over';

async function stepGreedy(run, k = 1) {
    for (let i = 0; i < k && !isOver(run.last); i++) {
        const pile = run.last.legal.findIndex((groups) => groups.length > 0);
        if (pile < 0) run.last = await run.p.ws.call('stop', { game: run.snap.game });
        else {
            const pins = run.last.legal[pile].reduce((best, g) => (g.length > best.length ? g : best));
            run.last = await run.p.ws.call('play', { game: run.snap.game, pile: pile + 1, pins });
        }
    }
    return run.last;
}

async function finishGreedy(run) {
    await stepGreedy(run, 400);
    const over = run.last.events.at(-1);
    assert.equal(over.e, 'game_over');
    const { par } = await parOf(run.seed);
    const points = await run.p.ws.waitPush((m) => m.type === 'arena_points' && m.game.game === run.snap.game);
    return { game: run.snap.game, n: run.n, par, score: over.score, points };
}

const playGreedy = async (p, arena) => finishGreedy(await startGreedy(p, arena));

/**
 * The test's own account of an arena (docs/rules.md "Arenas"): each player's finished games,
 * ranked by points, average % of par, who reached their points first, then player id.
 */
class Tally {
    constructor() {
        this.players = new Map();
        this.finished = 0;
    }

    join(name, id) {
        if (!this.players.has(name)) this.players.set(name, { name, id, points: 0, pcts: [], reached: 0 });
    }

    finish(name, score, par) {
        const t = this.players.get(name);
        const points = tablePoints(score, par);  // one game each here: no streak
        this.finished++;
        t.points += points;
        t.pcts.push(par > 0 ? 100 * score / par : 100);
        if (points > 0) t.reached = this.finished;
        return points;
    }

    /** [[rank, name, points, games, pct text]] best first. */
    ranked() {
        const avg = (t) => (t.pcts.length ? t.pcts.reduce((a, b) => a + b, 0) / t.pcts.length : 0);
        return [...this.players.values()]
            .sort((a, b) => b.points - a.points || avg(b) - avg(a) || a.reached - b.reached || a.id - b.id)
            .map((t, i) => [i + 1, t.name, t.points, t.pcts.length, t.pcts.length ? avg(t).toFixed(1) : '\u2013']);
    }
}

/** The live arena of the schedule (made just after the server starts): its summary. */
async function liveArena(p) {
    for (let i = 0; i < 50; i++) {
        const list = await p.ws.call('arena_list', { phase: 'live' });
        if (list.live.length) return list.live[0];
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the schedule made no live arena');
}

/** The standings rows a page shows: [{rank, name, points, games, pct, me, pinned, moved}]. */
function standings(page) {
    return page.$$eval('#arena-standings tbody tr:not(.gap)', (trs) => trs.map((tr) => ({
        rank: Number(tr.dataset.rank),
        name: tr.querySelector('td:nth-child(2) a').textContent,
        points: Number(tr.querySelector('.points').textContent),
        games: Number(tr.querySelector('.games').textContent),
        pct: tr.querySelector('.pct').textContent,
        me: tr.classList.contains('me'),
        pinned: tr.classList.contains('pinned'),
        moved: tr.classList.contains('moved-up') ? 'up' : tr.classList.contains('moved-down') ? 'down' : '',
    })));
}

/** "Ends in 9:41" -> 581 (seconds). */
function countdownSeconds(text) {
    const m = /in (?:(\d+):)?(\d+):(\d\d)$/.exec(text);
    assert.ok(m, `a countdown: ${text}`);
    return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** The server's clock now, from a player's welcome (its `time` and when it came). */
const serverNow = (p) => Date.parse(p.welcome.time) + (Date.now() - p.at);

const navigations = (page) => page.evaluate(() => performance.getEntriesByType('navigation').length);

before(async () => {
    server = await startServer({ clockStart: `${DAY}T12:00:05Z`, extraArgs: SCHEDULE });
    phoneBrowser = await launchBrowser({ reducedMotion: 'reduce', viewport: PHONE });
    deskBrowser = await launchBrowser({ reducedMotion: 'reduce', viewport: DESKTOP });
    pat = await phoneBrowser.context.newPage();
    dee = await deskBrowser.context.newPage();
    for (const page of [pat, dee]) page.on('pageerror', (err) => errors.push(err.message));
});

after(async () => {
    for (const ws of sockets) ws.close();
    await phoneBrowser?.close();
    await deskBrowser?.close();
    await server?.stop();
});

const shared = {};

test('the Arenas page from the menu: the next start and the live arena, with countdowns and players', { timeout: 120000 }, async () => {
    await openFresh(pat, server.url);
    await registerAs(pat, 'Pat Phone');
    await openFresh(dee, server.url);
    await registerAs(dee, 'Dee Desktop');
    const nia = await nodePlayer(server.port, 'Nia Node');
    shared.nia = nia;
    assert.equal((await liveArena(nia)).id, 1);
    const joined = await nia.ws.call('arena_join', { arena: 1 });
    assert.equal(joined.arena.status, 'live');
    assert.equal(joined.arena.name, 'Arena sackson 12:00 UTC');

    // The phone's menu has the link.
    await pat.click('#nav-toggle');
    await pat.click('#nav a[data-nav="arenas"]');
    await pat.waitForSelector('#arenas-title');
    await waitIdle(pat);
    assert.equal(await pat.evaluate(() => document.title), 'Arenas \u00b7 Pinfall');
    assert.equal(await pat.getAttribute('#nav a[data-nav="arenas"]', 'aria-current'), 'page');
    // Next start: arena 2 at 12:10, counting down on the server's clock.
    assert.equal(await pat.textContent('#arena-next h3'), 'Arena sackson 12:10 UTC');
    const startsIn = countdownSeconds(await pat.textContent('#arena-next-countdown'));
    const expectStart = (Date.parse(`${DAY}T12:10:00Z`) - serverNow(nia)) / 1000;
    assert.ok(Math.abs(startsIn - expectStart) <= 3, `starts in ${startsIn} s, the server says ${expectStart}`);
    assert.match(await pat.textContent('#arena-next'), /sackson rules · 10 minutes · clock 5:00 a game · open to everyone ranked/);
    // Live now: arena 1 with Nia in it.
    const live = await pat.$$eval('#arenas-live li', (lis) => lis.map((li) => ({
        id: Number(li.dataset.arena), name: li.querySelector('.arena-name').textContent,
        players: li.querySelector('.players').textContent, countdown: li.querySelector('.countdown').textContent })));
    assert.equal(live.length, 1);
    assert.deepEqual([live[0].id, live[0].name, live[0].players], [1, 'Arena sackson 12:00 UTC', '1 player']);
    const endsIn = countdownSeconds(live[0].countdown);
    const expectEnd = (Date.parse(`${DAY}T12:10:00Z`) - serverNow(nia)) / 1000;
    assert.ok(Math.abs(endsIn - expectEnd) <= 3, `ends in ${endsIn} s, the server says ${expectEnd}`);
    // It ticks.
    await pat.waitForFunction((was) => document.querySelector('#arenas-live .countdown').textContent !== was, live[0].countdown);
    assert.equal(await pat.textContent('#arenas-finished'), 'Recently finishedNo arena has finished yet.');
    await assertNoSideways(pat, 'the arenas page');
    assert.deepEqual(await smallTargets(pat, '#arenas-screen'), []);
    assert.deepEqual(await axeViolations(pat), [], 'axe: the arenas page');

    // Dee creates one for later (a registered player's form).
    await go(dee, '#/arenas');
    await dee.fill('#ar-name', 'Desk Arena');
    await dee.fill('#ar-start', `${DAY}T12:20`);  // the browser's zone is UTC
    await dee.fill('#ar-duration', '15');
    await dee.fill('#ar-clock', '120');
    await dee.click('#arena-create');
    await dee.waitForSelector('#arena-name');
    await waitIdle(dee);
    shared.deskArena = Number(/#\/arena\/(\d+)$/.exec(await dee.evaluate(() => location.hash))[1]);
    assert.equal(await dee.textContent('#arena-name'), 'Desk Arena');
    assert.equal(await dee.getAttribute('#arena-status', 'data-status'), 'upcoming');
    assert.match(await dee.textContent('#arena-countdown'), /^Starts in 19:\d\d$/);
    assert.equal(await dee.textContent('#arena-settings'),
                 'sackson rules · 15 minutes · clock 2:00 a game · open to everyone ranked · 0 players · created by Dee Desktop');
    await go(dee, '#/arenas');
    assert.deepEqual(await dee.$$eval('#arenas-upcoming li .arena-name', (as) => as.map((a) => a.textContent)), ['Desk Arena']);
    assert.equal(await dee.textContent('#arena-next h3'), 'Arena sackson 12:10 UTC', 'the soonest start first');
    await docScreen(pat, 'arenas-list-phone');
    await docScreen(dee, 'arenas-list-desktop');
});

test('join, play a game in the browser: the result card\'s points, par and % of par', { timeout: 240000 }, async () => {
    for (const page of [pat, dee]) {
        await page.click('#arenas-live a.arena-name');
        await page.waitForSelector('#arena-join');
        await waitIdle(page);
        assert.equal(await page.textContent('#arena-name'), 'Arena sackson 12:00 UTC');
        assert.equal(await page.getAttribute('#arena-status', 'data-status'), 'live');
    }
    assert.equal(await pat.textContent('#arena-players'), '1 player');
    await pat.click('#arena-join');
    await pat.waitForSelector('#arena-play');
    await waitIdle(pat);
    await dee.click('#arena-join');
    await dee.waitForSelector('#arena-play');
    await waitIdle(dee);
    // Three players, none with a game: ranked by player id (Pat, Dee, Nia registered in that order).
    await pat.waitForFunction(() => document.querySelectorAll('#arena-standings tbody tr').length === 3);
    const three = await standings(pat);
    assert.deepEqual(three.map((r) => [r.rank, r.name, r.points, r.games, r.pct, r.me]),
                     [[1, 'Pat Phone', 0, 0, '\u2013', true], [2, 'Dee Desktop', 0, 0, '\u2013', false],
                      [3, 'Nia Node', 0, 0, '\u2013', false]]);
    assert.equal(await pat.textContent('#arena-standings-title'), 'Standings (3 players)');
    assert.equal(await pat.textContent('#arena-me'), 'You: 1 of 3, 0 points');
    assert.match(await pat.textContent('label.berserk-toggle'), /Berserk \(150 s clock, \+1 point at 80% or more\)/);
    assert.equal(await pat.isChecked('#arena-berserk'), false);
    ids['Pat Phone'] = await pat.$eval('#arena-standings tr.me', (tr) => Number(tr.dataset.player));
    ids['Dee Desktop'] = await dee.$eval('#arena-standings tr.me', (tr) => Number(tr.dataset.player));
    await assertNoSideways(pat, 'the arena page');
    assert.deepEqual(await smallTargets(pat, '#arena-screen'), []);
    assert.deepEqual(await axeViolations(pat), [], 'axe: the arena page');

    await pat.click('#arena-play');
    await pat.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(pat);
    assert.match(await pat.textContent('#ruleset-label'), /^Arena game 1 · sackson rules · game \d+$/);
    const left = Number(await pat.getAttribute('#arena-clock', 'data-left'));
    assert.ok(left > 250 && left <= 300, `the game's clock: ${left} s of 300`);
    assert.match(await pat.textContent('#arena-clock'), /^[45]:\d\d left$/);
    // The commitment this browser was sent is SHA-256 of the seed the server derives.
    const seed = arenaSeed(1, ids['Pat Phone'], 1);
    const seen = await pat.evaluate(() => JSON.parse(localStorage.getItem('pinfall.arena_commitments'))['1/1']);
    assert.equal(seen, sha256(seed));
    await playToEnd(pat);
    await pat.waitForSelector('#over-points[data-par]');
    await pat.waitForFunction(() => / from 1 game$/.test(document.getElementById('over-arena-rank')?.textContent ?? ''));
    await waitIdle(pat);
    const score = Number(await pat.textContent('#final-score'));
    const { par } = await parOf(seed);
    const points = tablePoints(score, par);
    shared.pat = { score, par, points };
    assert.equal(await pat.textContent('#over-kind'), 'Arena game 1');
    assert.equal(await pat.textContent('#over-points'),
                 `${points > 0 ? '+' : ''}${points} point${points === 1 ? '' : 's'} · ${score} is ${pctText(score, par)}% of par ${par}`);
    assert.equal(Number(await pat.getAttribute('#over-points', 'data-par')), par);
    assert.match(await pat.textContent('#over-arena-rank'), new RegExp(`^1st of 3 in the arena · ${points} points? from 1 game$`));
    assert.match(await pat.textContent('#over-arena-countdown'), /^Ends in \d:\d\d$/);
    assert.equal(await pat.textContent('#over-next-game'), 'Next game');
    assert.equal(await pat.textContent('#new-game'), 'Back to the arena');
    assert.equal(await pat.isVisible('#over-board'), false);
    assert.match(await pat.textContent('#ranked-note'), /seed is revealed when the arena ends/);
    assert.deepEqual(errors, []);
    await docScreen(pat, 'arena-game-over-phone', '#game-over');
    await pat.setViewportSize(DESKTOP);
    await docScreen(pat, 'arena-game-over-desktop', '#game-over');
    await pat.setViewportSize(PHONE);

    // Back on the arena page: the game with its points.
    await pat.click('#new-game');
    await pat.waitForSelector('#arena-games tbody tr');
    await waitIdle(pat);
    const row = await pat.$eval('#arena-games tbody tr', (tr) => [...tr.children].map((c) => c.textContent));
    assert.deepEqual(row, ['Game 1', String(score), String(par), `${pctText(score, par)}%`, `${points} point${points === 1 ? '' : 's'}`]);
    assert.equal(await pat.textContent('#arena-play'), 'Play next game');
});

test('the standings move on both pages when a Node player finishes, without a reload', { timeout: 180000 }, async () => {
    const { score, par } = shared.pat;
    const tally = new Tally();
    for (const name of ['Pat Phone', 'Dee Desktop', 'Nia Node']) tally.join(name, ids[name]);
    tally.finish('Pat Phone', score, par);
    const loads = [await navigations(pat), await navigations(dee)];
    // Before: Pat is first (one game scored above 0% of par), Dee and Nia have no game.
    const before = tally.ranked();
    assert.deepEqual(before.map((r) => r[1]), ['Pat Phone', 'Dee Desktop', 'Nia Node']);
    await dee.waitForFunction(() => document.querySelector('#arena-standings tr[data-rank="1"] a')?.textContent === 'Pat Phone');
    assert.deepEqual((await standings(dee)).map((r) => [r.rank, r.name, r.points, r.games, r.pct]), before);

    const nia = shared.nia;
    const game = await playGreedy(nia, 1);
    const niaPoints = tally.finish('Nia Node', game.score, game.par);
    assert.deepEqual([game.points.game.score, game.points.game.par, game.points.game.points, game.points.game.doubled,
                      game.points.game.berserk_bonus], [game.score, game.par, niaPoints, false, false],
                     'the push gives the points of the table for the score against par');
    const expected = tally.ranked();
    const rankOf = (rows, name) => rows.find((r) => r[1] === name)[0];
    assert.equal(rankOf(expected, 'Dee Desktop'), 3, 'Nia, with a game, passes Dee');
    const moved = expected.map((r) => {
        const was = rankOf(before, r[1]);
        return was > r[0] ? 'up' : was < r[0] ? 'down' : '';
    });
    for (const page of [pat, dee]) {
        await page.waitForFunction(() => document.querySelector('#arena-standings tr[data-rank="3"] a')?.textContent === 'Dee Desktop');
        const rows = await standings(page);
        assert.deepEqual(rows.map((r) => [r.rank, r.name, r.points, r.games, r.pct]), expected);
        assert.deepEqual(rows.map((r) => r.moved), moved, 'the moves since the last draw are marked');
        assert.match(await page.textContent('#arena-live'), /^Standings updated at \d\d:\d\d:\d\d\.$/);
    }
    const patLine = expected.find((r) => r[1] === 'Pat Phone');
    const pts = (n) => `${n} point${n === 1 ? '' : 's'}`;
    assert.equal(await pat.textContent('#arena-me'), `You: ${patLine[0]} of 3, ${pts(patLine[2])}`);
    assert.equal(await dee.textContent('#arena-me'), 'You: 3 of 3, 0 points');
    assert.deepEqual((await standings(pat)).map((r) => r.me), expected.map((r) => r[1] === 'Pat Phone'));

    // Nia starts her second game: her line offers "Watch"; the game shows on Pat's page as she
    // sees it, and follows her plays.
    const run = await startGreedy(nia, 1);
    await stepGreedy(run, 2);
    const watchButton = `#arena-standings tr[data-player="${nia.id}"] button.watch[data-watch="${run.snap.game}"]`;
    await pat.waitForSelector(watchButton);
    await pat.click(watchButton);
    await pat.waitForSelector('#arena-watch:not([hidden])');
    const seen = async (page) => {
        const own = await nia.ws.call('snapshot', { game: run.snap.game });
        await page.waitForFunction((v) => document.getElementById('arena-watch').dataset.version === String(v), own.version);
        assert.equal(await page.textContent('#arena-watch-title'), 'Watching Nia Node, game 2');
        const st = own.state;
        assert.equal(await page.textContent('#arena-watch-status'),
                     `Frame ${st.frame}, ball ${st.ball} \u00b7 ${st.pins_this_ball} pin${st.pins_this_ball === 1 ? '' : 's'} down this ball \u00b7 score ${own.sheet.score}`);
        const down = await page.$$eval('#arena-watch .pin', (els) => els.sort((a, b) => a.dataset.pin - b.dataset.pin)
            .map((el) => el.classList.contains('down')));
        assert.deepEqual(down, st.pins.map((c) => c === null), 'the pins standing as Nia sees them');
    };
    await seen(pat);
    await stepGreedy(run, 1);
    await seen(pat);
    // "Watch the leader" on Dee's page: the first line's game in play, when it has one.
    const leader = (await standings(dee))[0];
    assert.equal(await dee.isDisabled('#arena-watch-leader'), leader.name !== 'Nia Node');
    if (leader.name === 'Nia Node') {
        await dee.click('#arena-watch-leader');
        await seen(dee);
    } else {
        assert.equal(await dee.getAttribute('#arena-watch-leader', 'title'), 'The leader has no game in play');
    }
    const second = await finishGreedy(run);
    assert.equal(second.points.game.points, tally.finish('Nia Node', second.score, second.par));
    await pat.waitForFunction(() => document.getElementById('arena-watch').dataset.over === 'true');
    assert.equal(await pat.textContent('#arena-watch-status'), `Game over: ${second.score}.`);
    await docScreen(pat, 'arena-watch-phone', '#arena-watch');
    await pat.click('#arena-watch-stop');
    assert.equal(await pat.isHidden('#arena-watch'), true);

    // Ten more Node players, each with a game: the top ten is ten of the twelve who played; Dee,
    // who has not, is pinned below it on her page (and Pat on his, when out of it).
    for (let i = 1; i <= 10; i++) {
        const name = `Crowd ${String(i).padStart(2, '0')}`;
        const p = await nodePlayer(server.port, name);
        await p.ws.call('arena_join', { arena: 1 });
        tally.join(name, p.id);
        const g = await playGreedy(p, 1);
        assert.equal(g.points.game.points, tally.finish(name, g.score, g.par));
    }
    const all = tally.ranked();
    assert.deepEqual(all.at(-1), [13, 'Dee Desktop', 0, 0, '\u2013']);
    assert.equal(all.find((r) => r[1] === 'Nia Node')[3], 2, 'Nia has two games');
    await dee.waitForSelector('#arena-standings tr.pinned[data-rank="13"]');
    const deeRows = await standings(dee);
    assert.equal(deeRows.length, 11, 'the top ten and Dee\'s own line');
    assert.deepEqual(deeRows.map((r) => [r.rank, r.name, r.points, r.games, r.pct]), [...all.slice(0, 10), all[12]]);
    assert.deepEqual(deeRows[10], { rank: 13, name: 'Dee Desktop', points: 0, games: 0, pct: '\u2013', me: true, pinned: true, moved: 'down' });
    assert.equal(await dee.textContent('#arena-standings-title'), 'Standings (13 players)');
    assert.equal(await dee.textContent('#arena-me'), 'You: 13 of 13, 0 points');
    const patRank = rankOf(all, 'Pat Phone');
    await pat.waitForFunction((top) => JSON.stringify([...document.querySelectorAll('#arena-standings tbody tr[data-rank]')]
        .slice(0, 10).map((tr) => tr.querySelector('td:nth-child(2) a').textContent)) === top, JSON.stringify(all.slice(0, 10).map((r) => r[1])));
    const patRows = await standings(pat);
    const patRow = patRows.find((r) => r.me);
    assert.deepEqual([patRow.rank, patRow.name, patRow.points, patRow.games, patRow.pct], all[patRank - 1]);
    assert.equal(patRow.pinned, patRank > 10, 'Pat\'s line is pinned below the top ten when out of it');
    assert.equal(patRows.length, patRank > 10 ? 11 : 10);
    assert.equal(await pat.textContent('#arena-me'), `You: ${patRank} of 13, ${pts(all[patRank - 1][2])}`);
    assert.equal(await pat.textContent('#arena-players'), '13 players');
    assert.deepEqual([await navigations(pat), await navigations(dee)], loads, 'neither page was reloaded');
    await assertNoSideways(pat, 'the arena page with 13 players');
    await docScreen(pat, 'arena-live-phone', '#arena-standings-panel');
    await docScreen(dee, 'arena-live-desktop', '#arena-standings-panel');
    assert.deepEqual(errors, []);
});

test('the end: pushed to the page, the podium, every game\'s seed checked and its replay verified', { timeout: 240000 }, async () => {
    // A second server 40 s before its arena's end.
    const late = await startServer({ clockStart: `${DAY}T12:09:20Z`, extraArgs: ['--arena-schedule', 'every 10m sackson 10m'] });
    try {
        const mo = await nodePlayer(late.port, 'Mo Node');
        assert.equal((await liveArena(mo)).id, 1);
        await mo.ws.call('arena_join', { arena: 1 });
        const moGame = await playGreedy(mo, 1);
        const page = await phoneBrowser.context.newPage();
        page.on('pageerror', (err) => errors.push(err.message));
        await openFresh(page, late.url);
        await registerAs(page, 'Pat Late');
        await go(page, '#/arena/1');
        await page.click('#arena-join');
        await page.waitForSelector('#arena-play');
        await waitIdle(page);
        const me = await page.$eval('#arena-standings tr.me', (tr) => Number(tr.dataset.player));
        await page.click('#arena-play');
        await page.waitForSelector('#play-screen:not([hidden])');
        await waitIdle(page);
        if (!(await page.isChecked('#hints'))) await page.click('#hints');
        for (let i = 0; i < 3; i++) await playTurn(page);
        await page.click('#resign');
        await page.click('#resign');
        await page.waitForSelector('#over-points[data-par]');
        await waitIdle(page);
        const score = Number(await page.textContent('#final-score'));
        await page.click('#new-game');
        await page.waitForSelector('#arena-games tbody tr');
        await waitIdle(page);
        const loads = await navigations(page);
        // The end comes by itself (arena_ended), no reload.
        await page.waitForSelector('#arena-status[data-status="finished"]', { timeout: 90000 });
        await page.waitForSelector('#arena-verify .check:not([data-check="pending"])');
        await waitIdle(page);
        assert.equal(await navigations(page), loads);
        await page.waitForFunction(() => document.getElementById('arena-live').textContent === 'The arena has ended.');
        const seed = arenaSeed(1, me, 1);
        const { par } = await parOf(seed);
        const pct = pctText(score, par);
        const tally = new Tally();
        tally.join('Mo Node', mo.id);
        tally.join('Pat Late', me);
        tally.finish('Mo Node', moGame.score, moGame.par);
        tally.finish('Pat Late', score, par);
        const podium = await page.$$eval('#arena-podium li', (lis) => lis.map((li) => [Number(li.dataset.rank),
            li.querySelector('.place').textContent, li.querySelector('.name').textContent, li.querySelector('.what').textContent]));
        assert.deepEqual(podium, tally.ranked().map(([rank, name, points, games, pctShown]) =>
            [rank, ['1st', '2nd'][rank - 1], name, `${points} point${points === 1 ? '' : 's'} · ${games} game · ${pctShown}% of par`]));
        assert.equal(await page.textContent('#arena-standings-title'), 'Final standings (2 players)');
        assert.equal(await page.$('#arena-play'), null, 'no more games');
        // Each game's seed, revealed, checked against the commitment this browser was sent.
        const verify = await page.$$eval('#arena-verify li', (lis) => lis.map((li) => ({
            seed: li.querySelector('code.seed').textContent, check: li.querySelector('.check').dataset.check,
            href: li.querySelector('a.verify-link').getAttribute('href') })));
        const game = await page.$eval('#arena-games tbody tr', (tr) => Number(tr.dataset.game));
        assert.deepEqual(verify, [{ seed, check: 'ok', href: `#/game/${game}` }]);
        assert.match(await page.textContent('#arena-verify .check'), /matches the commitment sent with the game/);
        await assertNoSideways(page, 'the ended arena');
        await docScreen(page, 'arena-ended-phone', '#arena-podium');
        await page.setViewportSize(DESKTOP);
        await docScreen(page, 'arena-ended-desktop', '#arena-podium');
        await page.setViewportSize(PHONE);

        // The verification link: the replay, re-derived from the seed here and replayed by the server.
        await page.click('#arena-verify a.verify-link');
        await page.waitForSelector('#replay-check');
        await waitIdle(page);
        assert.match(await page.textContent('#replay-title + .intro'), /^An arena game, sackson rules, by Pat Late: /);
        assert.equal(await page.getAttribute('#replay-check', 'data-ok'), 'true');
        assert.equal(await page.textContent('#replay-par'), `Par on these deals: ${par} · ${pct}% of par.`);
        assert.match(await page.textContent('#replay-record'), new RegExp(`^pinfall/1 sackson ${seed} .* r$`));
        await page.click('#verify');
        await page.waitForSelector('#verify-result[data-ok]');
        assert.equal(await page.textContent('#verify-result'), `\u2713 The server replayed the record: ${score}.`);

        // The list: finished, with its players.
        await go(page, '#/arenas');
        const finished = await page.$$eval('#arenas-finished li', (lis) => lis.map((li) => [li.querySelector('.arena-name').textContent,
            li.querySelector('.players').textContent]));
        assert.deepEqual(finished[0], ['Arena sackson 12:00 UTC', '2 players']);
        await page.close();
        assert.deepEqual(errors, []);
    } finally {
        await late.stop();
    }
});
