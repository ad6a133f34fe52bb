// Take-backs in the browser (issue 17; docs/rules.md "Take-backs"). In a practice game on the
// zero seed: "Undo" is shown but off at the start; after a play it brings back exactly the
// position before it (pins, piles, sheet) at a higher version; the key U takes back a stop with
// its burn; the finished game's record keeps each take-back as `u`, and the browser's own
// replay of that record gives the server's score. In the daily the button is absent, U does
// nothing, and an `undo` sent by hand is refused with ranked_game.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { replaySteps } from '../../web/js/solitaire/replay.js';
import { DOC_SCREEN_DIR, launchBrowser } from './lib/browser.js';
import { startServer } from './lib/server.js';
import {
    ZERO_SEED, knock, openFresh, readTable, registerAs, startGame, stopBall, waitIdle,
} from './lib/ui.js';

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

async function newPage(viewport = { width: 1280, height: 800 }) {
    const b = await launchBrowser({ reducedMotion: 'reduce', viewport });
    browsers.push(b);
    const page = await b.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    return page;
}

/**
 * Over a second connection as the page's guest (and player): the shown game's snapshot, its
 * first legal play {pile, pins} and version, and the reply to an `undo` sent by hand.
 */
const probeGame = (page) => page.evaluate(async () => {
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
    const token = localStorage.getItem('pinfall.token');
    if (token) await ask({ type: 'login', id: 2, token });
    const snap = await ask({ type: 'snapshot', id: 3, game: Number(localStorage.getItem('pinfall.game')) });
    const undo = await ask({ type: 'undo', id: 4, game: snap.game });
    ws.close();
    const pile = snap.legal.findIndex((g) => g.length > 0);
    return { pile: pile + 1, pins: snap.legal[pile][0], version: snap.version, undo };
});

test('practice: Undo takes back a play and a stop; the record keeps them as u', { timeout: 120000 }, async () => {
    const page = await newPage();
    await openFresh(page, server.url);
    await startGame(page, { ruleset: 'sackson', seed: ZERO_SEED });
    assert.equal(await page.isVisible('#undo-button'), true, 'a practice game has the Undo button');
    assert.equal(await page.isDisabled('#undo-button'), true, 'nothing to take back at the start');

    // The probe's own undo at the start is refused in words (nothing in effect), changing nothing.
    const start = await readTable(page);
    const probe = await probeGame(page);
    assert.equal(probe.undo.type, 'error');
    assert.equal(probe.undo.code, 'nothing_to_undo');

    await knock(page, probe.pile, probe.pins);
    const afterPlay = await readTable(page);
    assert.notDeepEqual(afterPlay.pins, start.pins, 'the play knocked pins down');
    assert.equal(await page.isDisabled('#undo-button'), false);
    await page.click('#undo-button');
    await waitIdle(page);
    const undone = await readTable(page);
    assert.deepEqual(undone.pins, start.pins, 'the pins stand again');
    assert.deepEqual(undone.piles, start.piles, 'the pile\'s card is back on top');
    assert.deepEqual(undone.marks, start.marks);
    assert.equal(undone.frame, 'Frame 1 \u00b7 Ball 1');
    assert.ok(Number(undone.version) > Number(afterPlay.version), 'a take-back raises the version');
    assert.match(await page.textContent('#announce'), /Taken back/);
    assert.equal(await page.isHidden('#message'), true, 'no error');

    // Play again, stop (ball 2 with its burn), then U takes the stop back with the burn.
    await knock(page, probe.pile, probe.pins);
    const beforeStop = await readTable(page);
    await stopBall(page);
    assert.equal((await readTable(page)).frame, 'Frame 1 \u00b7 Ball 2');
    await page.keyboard.press('u');
    await waitIdle(page);
    const stopUndone = await readTable(page);
    assert.equal(stopUndone.frame, 'Frame 1 \u00b7 Ball 1');
    assert.deepEqual(stopUndone.pins, beforeStop.pins);
    assert.deepEqual(stopUndone.piles, beforeStop.piles);
    assert.deepEqual(stopUndone.marks, beforeStop.marks);
    fs.mkdirSync(DOC_SCREEN_DIR, { recursive: true });
    await page.screenshot({ path: path.join(DOC_SCREEN_DIR, 'undo-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(DOC_SCREEN_DIR, 'undo-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Resign: the record keeps play, u, play, stop, u, resign; the browser replays it.
    await page.click('#resign');
    await page.click('#resign');
    await waitIdle(page);
    await page.waitForSelector('#game-over:not([hidden])');
    const record = (await page.textContent('#reveal-record')).trim();
    const play = `${probe.pile}:${probe.pins.join(',')}`;
    assert.equal(record.split(' ').slice(3).join(' '), `${play} u ${play} s u r`);
    const score = Number(await page.textContent('#final-score'));
    const { steps, final } = await replaySteps(record);
    assert.equal(steps.every((s) => s.error === null), true);
    assert.equal(final.over, true);
    assert.equal(steps.at(-1).state.score, score, 'the browser\'s replay with take-backs gives the server\'s score');
    assert.equal(score, probe.pins.length, 'the score is the final line\'s: one play, resigned');
    assert.deepEqual(steps[2].state.pins, steps[0].state.pins, 'u restores the opening rack');
    await page.click('#over-replay');
    await page.waitForSelector('#replay-check');
    assert.equal(await page.getAttribute('#replay-check', 'data-ok'), 'true');
    assert.deepEqual(errors, []);
});

test('daily: no Undo button, U does nothing, a hand-made undo is refused (ranked_game)', { timeout: 60000 }, async () => {
    const page = await newPage();
    await openFresh(page, server.url);
    await registerAs(page, 'Undo Ursula');
    await page.evaluate(() => { location.hash = '#/daily'; });
    await waitIdle(page);
    await page.click('#daily-start');
    await page.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(page);
    assert.equal(await page.isVisible('#undo-button'), false, 'the daily has no take-backs');
    const probe = await probeGame(page);
    assert.equal(probe.undo.type, 'error');
    assert.equal(probe.undo.code, 'ranked_game');
    await knock(page, probe.pile, probe.pins);
    const before = await readTable(page);
    await page.keyboard.press('u');
    await waitIdle(page);
    assert.deepEqual(await readTable(page), before, 'U changes nothing in a ranked game');
    const again = await probeGame(page);
    assert.equal(again.undo.code, 'ranked_game', 'refused after a play too');
    assert.equal(again.version, Number(before.version), 'the refusal changed nothing');
    assert.deepEqual(errors, []);
});
