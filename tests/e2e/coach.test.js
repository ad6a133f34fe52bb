// The coach in the browser (issue 16), at 1280x800 and 390x844: Shift+H and the Coach button
// show the best play with its expected final score, the same as the server's `hint` for that
// position; following the coach's play changes the position and clears the hint; game over
// shows par (the zero seed's sackson par is 208, docs/rules.md); the replay page shows the
// review: the summary sentence with the server's figures, an SVG chart of the expected score,
// a mark on the resignation (a blunder: ??) and every decision, which takes the replay to its
// step. A ranked game has no Coach button and no par before its day's reveal; after it (a
// restart an hour past the day) the daily page shows the day's par and line, the day's board a
// "% of par" column, the profile the average % of par, and the game's review opens.
// Screenshots go to docs/screens (the house rule).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { docScreen, launchBrowser } from './lib/browser.js';
import { startServer } from './lib/server.js';
import { ZERO_SEED, go, openFresh, registerAs, startGame, waitIdle } from './lib/ui.js';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
let server;
const browsers = [];
const errors = [];

before(async () => {
    server = await startServer({ clockStart: '2026-11-29T12:00:00Z' });
});

after(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
});

async function newPage(size) {
    const b = await launchBrowser({ reducedMotion: 'reduce', viewport: SIZES[size] });
    browsers.push(b);
    const page = await b.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    return page;
}


/** The server's own hint for the game, asked over a second connection as the same guest. */
function serverHint(page, game) {
    return page.evaluate(async (game) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((resolve) => { ws.onopen = resolve; });
        const replies = [];
        ws.onmessage = (ev) => replies.push(JSON.parse(ev.data));
        const ask = async (msg) => {
            ws.send(JSON.stringify(msg));
            for (let i = 0; i < 200 && !replies.some((r) => r.re === msg.id); i++) {
                await new Promise((resolve) => setTimeout(resolve, 25));
            }
            return replies.find((r) => r.re === msg.id);
        };
        await ask({ type: 'hello', id: 1, version: 1, guest: localStorage.getItem('pinfall.guest') });
        const hint = await ask({ type: 'hint', id: 2, game });
        ws.close();
        return hint;
    }, game);
}

const shownHint = (page) => page.evaluate(() => {
    const best = document.querySelector('#coach-hint:not([hidden]) .coach-best');
    return best ? { action: best.dataset.action, expected: Number(best.dataset.expected), text: best.textContent } : null;
});

/** docScreen at 1280x800 then at 390x844 (the page keeps its state), back to 1280x800. */
async function bothSizes(page, name, focus) {
    await docScreen(page, `${name}-desktop`, focus);
    await page.setViewportSize(SIZES.phone);
    await docScreen(page, `${name}-phone`, focus);
    await page.setViewportSize(SIZES.desktop);
}

const gameId = (page) => page.evaluate(() => Number(localStorage.getItem('pinfall.game')));

/** Plays the coach's best play (a play: its pile and pins; "s": stop) by clicking. */
async function followCoach(page, action) {
    if (action === 's') {
        await page.click('#stop');
    } else {
        const [pile, pins] = action.split(':');
        await page.click(`.pile[data-pile="${pile}"]`);
        for (const pin of pins.split(',')) await page.click(`.pin[data-pin="${pin}"]`);
        await page.click('#knock');
    }
    await waitIdle(page);
}

for (const size of ['desktop', 'phone']) {
    test(`coach hints, par on game over and the review (${size})`, { timeout: 180000 }, async () => {
        const page = await newPage(size);
        await openFresh(page, server.url);
        await startGame(page, { ruleset: 'sackson', seed: ZERO_SEED });
        assert.equal(await page.isVisible('#coach-button'), true, 'a practice game has the Coach button');
        assert.equal(await shownHint(page), null);
        const game = await gameId(page);

        // Shift+H: the best play and its expected score, as the server ranks them.
        const hintsBefore = await page.isChecked('#hints');
        await page.keyboard.press('Shift+H');
        await page.waitForSelector('#coach-hint:not([hidden]) .coach-best');
        let shown = await shownHint(page);
        let want = await serverHint(page, game);
        assert.equal(want.type, 'hint');
        assert.equal(shown.action, want.plays[0].action);
        assert.equal(shown.expected, want.plays[0].expected);
        assert.match(shown.text, new RegExp(`expected final score ${want.plays[0].expected.toFixed(1)}`));
        assert.equal(await page.isChecked('#hints'), hintsBefore, 'Shift+H leaves the hints toggle alone');
        await docScreen(page, `coach-hint-${size}`, '#coach-hint');

        // Following the coach moves the game on and clears the hint; the button asks again.
        for (let turn = 0; turn < 3; turn++) {
            await followCoach(page, shown.action);
            assert.equal(await shownHint(page), null, 'a hint is for one position only');
            await page.click('#coach-button');
            await page.waitForSelector('#coach-hint:not([hidden]) .coach-best');
            shown = await shownHint(page);
            want = await serverHint(page, game);
            assert.equal(shown.action, want.plays[0].action);
        }

        // Resign (a blunder for the review), then game over shows par.
        await page.click('#resign');
        await page.click('#resign');
        await waitIdle(page);
        await page.waitForSelector('#over-par:not([hidden])');
        assert.equal(await page.getAttribute('#over-par', 'data-par'), '208');
        assert.match(await page.textContent('#over-par'), /Par on these deals: 208 · you made [0-9.]+% of par\./);
        await docScreen(page, `coach-game-over-${size}`, '#over-par');

        // The replay page: par, and the review.
        await page.click('#over-replay');
        await page.waitForSelector('#replay-par');
        assert.equal(await page.getAttribute('#replay-par', 'data-par'), '208');
        await page.waitForSelector('#review-summary', { timeout: 60000 });
        const review = await page.evaluate(async (game) => {
            const el = document.getElementById('review-summary');
            return { text: el.textContent, data: { ...el.dataset },
                     moves: [...document.querySelectorAll('#review-moves li')].map((li) => ({ ...li.dataset })),
                     path: document.querySelector('#review-chart .expected-line')?.getAttribute('d') ?? '',
                     dots: document.querySelectorAll('#review-chart circle').length,
                     record: document.getElementById('replay-record').textContent };
        }, game);
        const actions = review.record.split(' ').slice(3);
        assert.equal(review.moves.length, actions.length, 'one line per decision');
        assert.equal(review.data.par, '208');
        assert.match(review.text, /^Your decisions cost \d+ points in expectation; you scored \d+ \(luck: [+-]?\d+\); engine level on these deals: \d+; par 208$/);
        assert.equal(review.moves[review.moves.length - 1].mark, '??', 'resigning in frame 1 is a blunder');
        assert.ok(Number(review.data.cost) >= 10, 'the resignation cost at least 10 points');
        assert.ok(review.dots >= 1, 'costly decisions are marked on the chart');
        assert.equal(review.path.split(/[ML]/).filter(Boolean).length, actions.length + 1, 'the chart has a point a decision');
        // Coach-following decisions cost nothing.
        for (const m of review.moves.slice(0, 3)) assert.equal(Number(m.loss), 0);
        // A decision takes the replay to the step it made.
        await page.click('#review-moves li:nth-child(2)');
        assert.equal(await page.getAttribute('#replay-screen', 'data-step'), '2');
        assert.equal(await page.$$eval('#review-moves li.current', (els) => els.length), 1);
        await docScreen(page, `coach-review-${size}`, '#review-summary');
    });
}

test('a ranked game: no Coach button, no par before the reveal; par on the daily page, board and profile after', { timeout: 180000 }, async () => {
    const page = await newPage('desktop');
    await openFresh(page, server.url);
    await registerAs(page, 'Ranked Rita');
    await go(page, '#/daily');
    await page.click('#daily-start');
    await page.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(page);
    assert.equal(await page.isVisible('#coach-button'), false);
    await page.keyboard.press('Shift+H');
    await waitIdle(page);
    assert.equal(await page.isVisible('#coach-hint'), false);
    await page.click('#resign');
    await page.click('#resign');
    await waitIdle(page);
    await page.waitForSelector('#game-over:not([hidden])');
    await new Promise((resolve) => setTimeout(resolve, 700));  // a par job, if any, is done
    assert.equal(await page.isVisible('#over-par'), false, 'no par for a ranked game before the reveal');
    const game = await gameId(page);

    // Before the reveal: the board and the profile say nothing of par.
    await page.evaluate(() => { location.hash = '#/leaders/daily/2026-11-29'; });
    await page.waitForSelector('#leaders-screen table.board');
    await waitIdle(page);
    assert.equal(await page.$$eval('#leaders-screen table.board th', (ths) => ths.some((th) => /par/.test(th.textContent))), false);
    await page.evaluate(() => { location.hash = '#/profile'; });
    await page.waitForSelector('#profile-stats');
    await waitIdle(page);
    assert.equal(await page.textContent('[data-stat="par"] .stat-value'), '\u2013');

    // After the reveal (a restart on the same data, an hour after the day): par everywhere.
    await server.stop({ keep: true });
    server = await startServer({ clockStart: '2026-11-30T01:00:05Z', dir: server.dir, port: server.port });
    await page.goto(`${server.url}#/daily`);
    await waitIdle(page);
    let par = null;
    for (let i = 0; i < 20 && par === null; i++) {
        par = await page.evaluate(() => document.getElementById('revealed-par')?.dataset.par ?? null);
        if (par === null) {
            await new Promise((resolve) => setTimeout(resolve, 300));
            await page.reload();
            await waitIdle(page);
        }
    }
    assert.ok(Number(par) > 0 && Number(par) <= 300, `the revealed day has a par (${par})`);
    assert.match(await page.textContent('#revealed-par code'), /^pinfall\/1 sackson [0-9a-f]{64} /);
    await page.click('#revealed-par summary');
    await bothSizes(page, 'coach-daily-par', '#revealed-par');
    await page.evaluate(() => { location.hash = '#/leaders/daily/2026-11-29'; });
    await page.waitForSelector('#leaders-screen table.board');
    await waitIdle(page);
    const board = await page.evaluate(() => ({
        head: [...document.querySelectorAll('#leaders-screen table.board th')].map((th) => th.textContent),
        row: [...document.querySelectorAll('#leaders-screen table.board tbody tr:first-child td')].map((td) => td.textContent),
    }));
    assert.equal(board.head[board.head.length - 1], `% of par ${par}`, JSON.stringify(board));
    const score = Number(board.row[2]);
    assert.equal(board.row[board.row.length - 1], `${(100 * score / Number(par)).toFixed(1)}%`);
    await bothSizes(page, 'coach-board-par', '#leaders-screen table.board');
    await page.evaluate(() => { location.hash = '#/profile'; });
    await page.waitForSelector('#profile-stats');
    await waitIdle(page);
    assert.equal(await page.textContent('[data-stat="par"] .stat-value'), `${(100 * score / Number(par)).toFixed(1)}%`);
    await bothSizes(page, 'coach-profile-par', '#profile-stats');
    // Its review is open now.
    await page.evaluate((g) => { location.hash = `#/game/${g}`; }, game);
    await page.waitForSelector('#review-summary', { timeout: 60000 });
    assert.match(await page.textContent('#review-summary'), new RegExp(`par ${par}$`));
    assert.deepEqual(errors, []);
});
