// The profile's charts (issue 17), on a fixed day. A player plays three practice games, the
// daily and a league game (over raw WebSockets, so the scores are known): the histogram's bars
// are fitted to the scores and split by kind (each kind's count in the bin of each of its
// games), and the scores-over-time chart has one dot a game, oldest first, with its kind. A
// second player with twelve games (more than the ten the profile lists) gets the server's bins
// with the two unlisted games counted as "earlier", and a chart of the last ten.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { launchBrowser } from './lib/browser.js';
import { DESKTOP, docShots } from './lib/phone.js';
import { startServer } from './lib/server.js';
import { openFresh, waitIdle } from './lib/ui.js';

let server;
let browser;
let page;
const errors = [];

before(async () => {
    server = await startServer({ clockStart: '2026-11-29T12:00:00Z' });
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: DESKTOP });
    page = await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await openFresh(page, server.url);
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

/**
 * Registers `name` on a connection of its own and plays `plan` in order: [{mode, plays}] where
 * mode is practice, daily or league, plays the number of first-listed legal plays before
 * resigning. A league needs a second member: "<name> Bot" joins it. Resolves with
 * {token, player, games: [{game, mode, score}]}.
 */
function playPlan(name, plan) {
    return page.evaluate(async ({ name, plan }) => {
        const connect = () => new Promise((resolve) => {
            const ws = new WebSocket(`ws://${location.host}/ws`);
            let id = 0;
            const waiting = new Map();
            ws.onmessage = (ev) => {
                const msg = JSON.parse(ev.data);
                const w = waiting.get(msg.re);
                if (!w) return;
                waiting.delete(msg.re);
                if (msg.type === 'error') w.reject(new Error(`${msg.code}: ${msg.message}`));
                else w.resolve(msg);
            };
            const request = (type, fields = {}) => new Promise((res, rej) => {
                waiting.set(++id, { resolve: res, reject: rej });
                ws.send(JSON.stringify({ type, id, ...fields }));
            });
            ws.onopen = async () => {
                await request('hello', { version: 1 });
                resolve({ ws, request });
            };
        });
        const me = await connect();
        const reg = await me.request('register', { name });
        const games = [];
        for (const [i, step] of plan.entries()) {
            let msg;
            if (step.mode === 'practice') {
                msg = await me.request('practice_start', { ruleset: 'sackson', seed: (i + 1).toString(16).padStart(64, '0') });
            } else if (step.mode === 'daily') {
                msg = await me.request('daily_start');
            } else {
                const league = await me.request('league_create', { name: `${name} League`, rounds: 1, start_date: '2026-11-29',
                                                                    secretary_bowls: true });
                const bot = await connect();
                await bot.request('register', { name: `${name} Bot` });
                await bot.request('league_join', { code: league.invite_code });
                await me.request('league_secretary', { league: league.league, action: 'start_season' });
                msg = await me.request('league_play', { league: league.league, round: 1, game: 1 });
                bot.ws.close();
            }
            const game = msg.game;
            for (let k = 0; k < step.plays; k++) {
                const pile = msg.legal.findIndex((g) => g.length > 0);
                if (pile < 0) break;
                msg = await me.request('play', { game, pile: pile + 1, pins: msg.legal[pile][0] });
            }
            const over = await me.request('resign', { game });
            games.push({ game, mode: step.mode, score: over.events.at(-1).score });
            await new Promise((resolve) => setTimeout(resolve, 5));  // distinct finishing times
        }
        me.ws.close();
        return { token: reg.token, player: reg.player, games };
    }, { name, plan });
}

/** What the profile's charts show. */
const readCharts = () => page.evaluate(() => ({
    bars: [...document.querySelectorAll('#histogram rect.bar')].map((r) => ({
        from: Number(r.dataset.from), to: Number(r.dataset.to), count: Number(r.dataset.count) })),
    parts: [...document.querySelectorAll('#histogram rect.part')].map((r) => ({
        from: Number(r.dataset.from), kind: r.dataset.kind, count: Number(r.dataset.count) })),
    legend: [...document.querySelectorAll('#histogram-legend li')].map((li) => li.dataset.kind),
    dots: [...document.querySelectorAll('#score-trend circle.dot')].map((c) => ({
        game: Number(c.dataset.game), mode: c.dataset.mode, score: Number(c.dataset.score) })),
}));

/** Each kind's count in each bar, from the games themselves. */
function expectedParts(bars, games) {
    const out = [];
    for (const b of bars) {
        for (const kind of ['practice', 'daily', 'league']) {
            const n = games.filter((g) => g.mode === kind && g.score >= b.from && g.score <= b.to).length;
            if (n > 0) out.push({ from: b.from, kind, count: n });
        }
    }
    return out;
}

async function openProfile(id) {
    await page.evaluate((id) => { location.hash = `#/profile/${id}`; }, id);
    await page.waitForSelector('#profile-stats');
    await waitIdle(page);
}

test('histogram split by kind and fitted to the scores; scores over time', { timeout: 90000 }, async () => {
    const plan = [{ mode: 'practice', plays: 1 }, { mode: 'daily', plays: 4 }, { mode: 'practice', plays: 6 },
                  { mode: 'league', plays: 3 }, { mode: 'practice', plays: 2 }];
    const { player, games } = await playPlan('Chart Chloe', plan);
    await openProfile(player.id);
    const shown = await readCharts();
    // Bins fitted to the scores: the lowest score's bin first, the highest's last, all five games in.
    assert.equal(shown.bars.reduce((n, b) => n + b.count, 0), games.length);
    const scores = games.map((g) => g.score);
    assert.ok(shown.bars[0].from <= Math.min(...scores) && Math.min(...scores) <= shown.bars[0].to);
    assert.ok(shown.bars.at(-1).from <= Math.max(...scores) && Math.max(...scores) <= shown.bars.at(-1).to);
    for (const b of shown.bars) {
        assert.equal(b.count, scores.filter((s) => s >= b.from && s <= b.to).length, `bin ${b.from}-${b.to}`);
    }
    const order = (xs) => [...xs].sort((a, b) => a.from - b.from || a.kind.localeCompare(b.kind));
    assert.deepEqual(order(shown.parts), order(expectedParts(shown.bars, games)), 'each kind counted in its bins');
    assert.deepEqual(shown.legend, ['practice', 'daily', 'league'], 'every game listed: no "earlier" part');
    // Over time: one dot a game, oldest first, with its kind and score.
    assert.deepEqual(shown.dots, games);
    await page.$eval('#histogram', (el) => el.scrollIntoView({ block: 'start' }));
    await docShots(page, 'profile-charts', DESKTOP);
    assert.deepEqual(errors, []);
});

test('more games than `recent` lists: every game split by kind and on the chart', { timeout: 90000 }, async () => {
    const plan = Array.from({ length: 12 }, (_, i) => ({ mode: 'practice', plays: i % 4 }));
    const { player, games } = await playPlan('Many Max', plan);
    await openProfile(player.id);
    const shown = await readCharts();
    assert.equal(shown.bars.reduce((n, b) => n + b.count, 0), 12, 'the histogram counts all twelve games');
    const scores = games.map((g) => g.score);
    for (const b of shown.bars) {
        assert.equal(b.count, scores.filter((s) => s >= b.from && s <= b.to).length, `bin ${b.from}-${b.to}`);
    }
    const order = (xs) => [...xs].sort((a, b) => a.from - b.from || a.kind.localeCompare(b.kind));
    assert.deepEqual(order(shown.parts), order(expectedParts(shown.bars, games)), 'all twelve split by kind');
    assert.deepEqual(shown.legend, ['practice', 'daily', 'league'], 'no "earlier" part');
    assert.deepEqual(shown.dots, games, 'the chart shows all twelve, oldest first');
    assert.match(await page.textContent('#score-trend'), /Your last 12 finished games/);
    assert.deepEqual(errors, []);
});
