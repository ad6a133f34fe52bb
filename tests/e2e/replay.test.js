// The browser's replay engine (web/js/solitaire/replay.js) against the server: 80 practice
// games on fixed seeds, played over a raw WebSocket with seeded-random or greedy legal plays,
// stops and resignations (both rulesets); replaying each revealed record in node must give the
// server's deals, legal plays after every action, sheets and final score. 24 more games take
// back actions at random (`undo`, record token `u`): the browser's replay must agree with the
// server's snapshot after every take-back too. Then one game is replayed step by step in the
// page (#/game/{id}) with the buttons, the slider and the arrows, its steps told in words
// ("7 of spades knocks down 4-8-9", "Stops the ball", "ball 2 burns ...") and listed by frame and
// ball, each a button to that step; a game with take-backs tells them too.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { dealText } from '../../web/js/solitaire/deal.js';
import { replaySteps } from '../../web/js/solitaire/replay.js';
import { runningTotals } from '../../web/js/solitaire/score.js';
import { launchBrowser, screenshot } from './lib/browser.js';
import { startServer } from './lib/server.js';
import { waitIdle } from './lib/ui.js';

let server;
let browser;
let page;
let games;
let undoGames;

/** "7S" -> "7 of spades", "AH" -> "ace of hearts" (the words the replay uses). */
const spoken = (card) => `${card.startsWith('A') ? 'ace' : card.slice(0, -1)} of ${card.endsWith('H') ? 'hearts' : 'spades'}`;
const shownStep = async () => ({ step: await page.textContent('#replay-step'), text: await page.textContent('#replay-action') });

before(async () => {
    server = await startServer();
    browser = await launchBrowser({ reducedMotion: 'reduce' });
    page = await browser.context.newPage();
    await page.goto(server.url);
    await waitIdle(page);
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

/**
 * Plays `count` games in the page over its own WebSocket; returns their traces. Seeds and
 * choices are fixed (a seeded generator), so the games are the same on every run: odd games
 * pick random plays and stop at random, even ones always take the largest group (more strikes
 * and spares, so frame 10's bonus deals come up).
 */
function playRandomGames(count, { undoRate = 0, first = 0 } = {}) {
    return page.evaluate(async ({ count, undoRate, first }) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((resolve) => { ws.onopen = resolve; });
        let id = 0;
        const waiting = new Map();
        ws.onmessage = (ev) => {
            const msg = JSON.parse(ev.data);
            waiting.get(msg.re)?.(msg);
            waiting.delete(msg.re);
        };
        const request = (type, fields = {}) => new Promise((resolve) => {
            waiting.set(++id, resolve);
            ws.send(JSON.stringify({ type, id, ...fields }));
        });
        await request('hello', { version: 1 });
        let state = 0x9e3779b9;
        const random = () => {  // mulberry32
            state = (state + 0x6d2b79f5) >>> 0;
            let t = state;
            t = Math.imul(t ^ (t >>> 15), t | 1);
            t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
            return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        };
        const out = [];
        for (let g = first; g < first + count; g++) {
            const ruleset = g % 4 < 2 ? 'sackson' : 'strict';
            const greedy = g % 2 === 0;
            const seed = (0x5eed0000 + g).toString(16).padStart(64, 'a');
            let msg = await request('practice_start', { ruleset, seed });
            const game = msg.game;
            const trace = [{ legal: msg.legal, sheet: msg.sheet }];
            let inEffect = 0;  // actions not taken back: an undo needs one
            while (!msg.reveal) {
                // Drawn only in take-back games, so the other games' choices stay as they were.
                if (undoRate > 0 && inEffect > 0 && random() < undoRate) {
                    msg = await request('undo', { game });
                    if (msg.type !== 'game') throw new Error(`undo: ${msg.code}: ${msg.message}`);
                    inEffect--;
                    trace.push({ legal: msg.legal, sheet: msg.sheet });
                    continue;
                }
                const piles = msg.legal.map((groups, i) => [i + 1, groups]).filter(([, gs]) => gs.length > 0);
                const r = random();
                if (r < 0.004 * (g % 5)) msg = await request('resign', { game });
                else if (piles.length === 0 || (!greedy && r < 0.15)) msg = await request('stop', { game });
                else if (greedy) {
                    const [pile, pins] = piles.flatMap(([p, gs]) => gs.map((pins) => [p, pins]))
                        .reduce((best, x) => (x[1].length > best[1].length ? x : best));
                    msg = await request('play', { game, pile, pins });
                } else {
                    const [pile, groups] = piles[Math.floor(random() * piles.length)];
                    const pins = groups[Math.floor(random() * groups.length)];
                    msg = await request('play', { game, pile, pins: [...pins].reverse() });
                }
                if (msg.type === 'error') throw new Error(`${msg.code}: ${msg.message}`);
                inEffect++;
                trace.push({ legal: msg.legal, sheet: msg.sheet ?? null });
            }
            out.push({ game, trace, reveal: msg.reveal, score: msg.events.at(-1).score });
        }
        ws.close();
        return out;
    }, { count, undoRate, first });
}

/** Replays each game's record in node and compares every step with the server's trace. */
async function compareReplays(list) {
    let actions = 0;
    for (const g of list) {
        const { steps, final } = await replaySteps(g.reveal.record);
        assert.equal(steps.length, g.trace.length, `game ${g.game}: one step per action`);
        g.reveal.deals.forEach((deal, k) => assert.equal(dealText(final.deals[k]), deal, `game ${g.game} deal ${k}`));
        let sheet = g.trace[0].sheet;
        steps.forEach((step, i) => {
            assert.equal(step.error, null, `game ${g.game} action ${i}`);
            assert.deepEqual(step.state.legal, g.trace[i].legal, `game ${g.game}: legal plays after action ${i}`);
            sheet = g.trace[i].sheet ?? sheet;
            assert.deepEqual(step.state.sheet, sheet, `game ${g.game}: sheet after action ${i}`);
        });
        assert.equal(final.over, true);
        assert.equal(steps.at(-1).state.score, g.score, `game ${g.game}: final score`);
        // The sheet view's totals for an ended game: the last one is the score (resigned too).
        const totals = runningTotals(sheet.rolls);
        assert.equal(totals.filter((t) => t !== null).at(-1) ?? 0, g.score, `game ${g.game}: last total is the score`);
        sheet.frames.forEach((f, k) => {
            if (f.total !== null) assert.equal(totals[k], f.total, `game ${g.game}: a known total is kept (frame ${k + 1})`);
        });
        actions += steps.length - 1;
    }
    return actions;
}

test('80 games replayed in node give the server\'s deals, legal plays, sheets and scores', { timeout: 120000 }, async () => {
    games = await playRandomGames(80);
    const actions = await compareReplays(games);
    assert.ok(actions > 1000, `${actions} actions compared`);
    assert.ok(games.some((g) => g.reveal.deals.length > 10), 'some game reached the bonus deals');
    assert.ok(games.some((g) => g.reveal.record.endsWith(' r')), 'some game was resigned');
});

test('24 games with random take-backs replayed in node agree with the server after every undo', { timeout: 120000 }, async () => {
    undoGames = await playRandomGames(24, { undoRate: 0.2, first: 80 });
    const actions = await compareReplays(undoGames);
    const undos = undoGames.reduce((n, g) => n + g.reveal.record.split(' ').filter((t) => t === 'u').length, 0);
    assert.ok(undos > 50, `${undos} take-backs compared (of ${actions} actions)`);
    assert.ok(undoGames.some((g) => / s u /.test(g.reveal.record)), 'some stop was taken back');
});

test('a finished game replayed step by step in the page', async () => {
    const g = games.find((x) => x.reveal.deals.length === 11) ?? games[0];
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.evaluate((id) => { location.hash = `#/game/${id}`; }, g.game);
    await page.waitForSelector('#replay-slider');
    await waitIdle(page);
    const last = g.trace.length - 1;
    assert.equal(await page.textContent('#replay-step'), `Step 0 of ${last}`);
    assert.equal(await page.textContent('#replay-action'), 'The opening deal: frame 1, ball 1.');
    assert.equal(await page.getAttribute('#replay-check', 'data-ok'), 'true');
    const pinsDown = () => page.$$eval('#replay-screen .pin.down', (els) => els.length);
    assert.equal(await pinsDown(), 0);

    // The first action that is a play knocks its pins down on screen.
    const tokens = g.reveal.record.split(' ').slice(3);
    const firstPlay = tokens.findIndex((t) => t.includes(':'));
    for (let i = 0; i <= firstPlay; i++) await page.click('#replay-next');
    assert.equal(await page.textContent('#replay-step'), `Step ${firstPlay + 1} of ${last}`);
    const { steps } = await replaySteps(g.reveal.record);
    const [pile, pinList] = tokens[firstPlay].split(':');
    const ball = steps[firstPlay].state.piles[Number(pile) - 1].up;
    const n = steps[firstPlay + 1].state.pinsThisBall || pinList.split(',').length;
    const sorted = pinList.split(',').map(Number).sort((a, b) => a - b).join('-');
    assert.match(await page.textContent('#replay-action'),
                 new RegExp(`^${spoken(ball)} knocks down ${sorted}: ${n} pins? this ball[.;]`));
    assert.equal(await page.getAttribute('#replay-action', 'data-token'), tokens[firstPlay]);
    await page.waitForTimeout(300);
    await screenshot(page, '50-replay-step');

    // The index: one button a step, under the frame and ball the action was made in.
    const index = await page.$$eval('#replay-index .step-link', (els) => els.map((el) => ({
        step: Number(el.dataset.step), frame: Number(el.closest('[data-frame]').dataset.frame),
        ball: Number(el.closest('[data-ball]').dataset.ball), current: el.getAttribute('aria-current') })));
    assert.deepEqual(index.map((x) => x.step), steps.map((_, i) => i), 'every step is listed once, in order');
    index.slice(1).forEach((x) => {
        const before = steps[x.step - 1].state;
        assert.deepEqual([x.frame, x.ball], [before.frame, before.ball], `step ${x.step} under its frame and ball`);
    });
    assert.deepEqual(index.filter((x) => x.current === 'step').map((x) => x.step), [firstPlay + 1]);
    // Jump to the first step that began a ball 2 on its deal: its words name the burned cards.
    const stop = steps.findIndex((st, i) => i > 0 && st.state.secondBall && !steps[i - 1].state.secondBall &&
                                           !st.state.over && st.state.deal === steps[i - 1].state.deal);
    assert.ok(stop > 0, 'the game has a ball 2');
    const frame = index[stop].frame;
    await page.click(`#replay-index [data-frame="${frame}"] .step-link[data-step="${stop}"]`);
    assert.equal((await shownStep()).step, `Step ${stop} of ${last}`);
    const burned = steps[stop].state.burned.filter(Boolean).map(spoken);
    const burnWords = burned.length === 1 ? burned[0] : `${burned.slice(0, -1).join(', ')} and ${burned.at(-1)}`;
    const text = (await shownStep()).text;
    assert.ok(text.includes(`frame ${frame}, ball 1 ends: `), text);
    assert.ok(text.endsWith(`; ball 2 burns ${burnWords}.`), `${text} / ${burnWords}`);
    assert.equal(await page.getAttribute(`.step-link[data-step="${stop}"]`, 'aria-current'), 'step');
    assert.match(await page.textContent('#replay-screen .frame-label'), new RegExp(`^Frame ${frame} · Ball 2 `));

    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.textContent('#replay-step'), `Step ${stop - 1} of ${last}`);
    await page.click('#replay-last');
    assert.equal(await page.textContent('#replay-screen .sheet-score'), `Score ${g.score}`);
    assert.match(await page.textContent('#replay-screen .frame-label'), new RegExp(`^Game over: ${g.score}$`));
    await page.click('#replay-first');
    assert.equal(await pinsDown(), 0);
    await page.$eval('#replay-slider', (el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }, last);
    assert.equal(await page.textContent('#replay-step'), `Step ${last} of ${last}`);
    await page.click('#verify');
    await page.waitForSelector('#verify-result[data-ok="true"]');
    assert.deepEqual(await page.$$eval('#replay-deals code', (els) => els.map((e) => e.textContent)),
                     g.reveal.deals, 'the deals derived in the page are the ones the server revealed');
    await screenshot(page, '51-replay-end');
    assert.deepEqual(errors, []);
});

test('a replay with take-backs tells each one and where it went back to', async () => {
    const g = undoGames.find((x) => / s u /.test(x.reveal.record));
    await page.evaluate((id) => { location.hash = `#/game/${id}`; }, g.game);
    await page.waitForSelector('#replay-slider');
    await waitIdle(page);
    assert.equal(await page.getAttribute('#replay-check', 'data-ok'), 'true', 'the record with u replays to the stored score');
    const { steps } = await replaySteps(g.reveal.record);
    const u = steps.findIndex((st, i) => i > 1 && st.action.kind === 'undo' && steps[i - 1].action.kind === 'stop');
    await page.click(`.step-link[data-step="${u - 1}"]`);
    const ballPins = steps[u - 2].state.pinsThisBall;
    assert.match((await shownStep()).text, new RegExp(`^Stops the ball: frame ${steps[u - 2].state.frame}, ` +
                                                      `ball ${steps[u - 2].state.ball} ends: ${ballPins} pins?`));
    await page.click(`.step-link[data-step="${u}"]`);
    const back = steps[u].state;
    assert.equal((await shownStep()).text, `Takes back the last action: back to frame ${back.frame}, ball ${back.ball}.`);
    assert.equal(await page.textContent(`.step-link[data-step="${u}"] .step-short`), 'undo');
    assert.equal(await page.textContent(`.step-link[data-step="${u}"] .sr-only`),
                 ` (step ${u}: Takes back the last action)`);
    assert.deepEqual(back.pins, steps[u - 2].state.pins, 'the stop\'s take-back restores the pins');
});
