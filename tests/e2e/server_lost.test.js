// Never a silent hang (issue 17): the server stopped under a game in progress shows a banner
// counting down to the next attempt, locks the board, and "Retry now" brings the same game back
// by snapshot; a request the server never answers fails in words within seconds, then the game
// resyncs; a first load that cannot reach the server shows a page that says so.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { launchBrowser, screenshot } from './lib/browser.js';
import { PHONE, docShots } from './lib/phone.js';
import { startServer } from './lib/server.js';
import { ZERO_SEED, knock, openFresh, readTable, shownError, startGame, waitIdle } from './lib/ui.js';

let server;
let browser;

before(async () => {
    server = await startServer();
    browser = await launchBrowser({ viewport: PHONE });
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

// The page adds ?key= (the routing key, docs/scaling.md) to the address.
const WS = /\/ws(\?|$)/;

async function until(what, predicate, timeoutMs = 10000) {
    const end = Date.now() + timeoutMs;
    while (!predicate()) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
    }
}

test('the server lost: a banner counts down, the board is locked, "Retry now" resyncs by snapshot', { timeout: 60000 }, async () => {
    // A server of its own on a fixed port and folder, so it can die and come back at the same
    // address with the same games (the page's origin, and so its storage, stays the same).
    const first = await startServer();
    const { port, dir } = first;
    const page = await browser.context.newPage();
    await openFresh(page, first.url);
    await startGame(page, { seed: ZERO_SEED });
    await knock(page, 1, [1, 3, 6]);
    const before = await readTable(page);

    await first.stop({ keep: true });
    await page.waitForSelector('#conn-banner:not([hidden])');
    assert.match(await page.textContent('#conn-banner-text'), /^Connection to the server lost\. Reconnecting/);
    // Both at one moment (read apart, a loaded machine could see the first retry start between).
    await page.waitForFunction(() => /Reconnecting in \d+ s\./.test(document.getElementById('conn-banner-text').textContent)
                                     && document.body.dataset.conn === 'offline');
    // Locked: the pins, piles and buttons are disabled, and the board takes no pointer input.
    assert.equal(await page.isDisabled('.pin[data-pin="2"]'), true);
    assert.equal(await page.isDisabled('.pile[data-pile="2"]'), true);
    assert.equal(await page.isDisabled('#knock'), true);
    assert.equal(await page.isDisabled('#stop'), true);
    assert.equal(await page.$eval('#rack', (el) => getComputedStyle(el).pointerEvents), 'none');
    // The banner is at the top of the phone's screen, full width, a real target to tap.
    const banner = await page.locator('#conn-banner').boundingBox();
    assert.ok(banner.y >= 0 && banner.y < 80 && banner.width >= 380, JSON.stringify(banner));
    const retry = await page.locator('#conn-retry').boundingBox();
    assert.ok(retry.height >= 44 && retry.y + retry.height <= 844, JSON.stringify(retry));
    await screenshot(page, '23-phone-server-lost');
    await docShots(page, 'server-lost');

    // Wait for a long backoff (4 s or 8 s), so that the reconnect below is "Retry now"'s.
    await page.waitForFunction(() => Number(document.getElementById('conn-banner').dataset.seconds) >= 3,
                               null, { timeout: 20000 });
    const second = await startServer({ dir, port });
    try {
        const clicked = Date.now();
        await page.click('#conn-retry');
        await page.waitForFunction(() => document.getElementById('conn').dataset.status === 'online');
        assert.ok(Date.now() - clicked < 2500, 'back at once, not at the end of the backoff');
        await page.waitForSelector('#conn-banner', { state: 'hidden' });
        await waitIdle(page);
        assert.deepEqual(await readTable(page), before, 'the same game after the reconnect');
        assert.equal(await page.isDisabled('.pile[data-pile="2"]'), false, 'unlocked');
        await knock(page, 2, [4, 5, 9]);  // the game goes on: 6H takes 4-5-9 (AS + 4S + AH)
        assert.equal(await shownError(page), null);
    } finally {
        await page.close();
        await second.stop();
    }
});

test('a request with no answer fails within seconds in words, then the game resyncs', { timeout: 60000 }, async () => {
    const page = await browser.context.newPage();
    const snapshots = [];
    let swallow = false;
    await page.routeWebSocket(WS, (ws) => {
        const srv = ws.connectToServer();
        ws.onMessage((text) => {
            const msg = JSON.parse(text);
            if (msg.type === 'snapshot') snapshots.push(msg);
            if (swallow && msg.type === 'play') return;  // the server never hears of it
            srv.send(text);
        });
    });
    await openFresh(page, server.url);
    await startGame(page, { seed: ZERO_SEED });
    const before = await readTable(page);
    const opened = snapshots.length;
    swallow = true;
    await page.click('.pile[data-pile="1"]');
    for (const pin of [1, 3, 6]) await page.click(`.pin[data-pin="${pin}"]`);
    const sent = Date.now();
    await page.click('#knock');
    await page.waitForSelector('#message:not([hidden])', { timeout: 10000 });
    const waited = Date.now() - sent;
    assert.ok(waited >= 5000 && waited < 9000, `the refusal came after ${waited} ms`);
    const err = await shownError(page);
    assert.equal(err.code, 'timeout');
    assert.equal(err.text, 'The server did not answer within 6 seconds; reconnecting.');
    swallow = false;
    // The silent connection is dropped, and the new one resyncs the game by snapshot.
    await until('a resync snapshot', () => snapshots.length > opened);
    await page.waitForFunction(() => document.getElementById('conn').dataset.status === 'online');
    await waitIdle(page);
    assert.deepEqual((await readTable(page)).pins, before.pins, 'nothing was played');
    // The pick survives the resync: one tap sends it again.
    assert.equal(await page.textContent('#selection'), 'Pile 1 (5♠) on pins 1-3-6: a legal play.');
    await page.click('#knock');
    await waitIdle(page);
    assert.equal(await page.isHidden('#message'), true, 'the new answer cleared the old refusal');
    assert.equal((await readTable(page)).pins.filter((p) => p.endsWith(':-')).length, 3);
    await page.close();
});

test('a first load with the server unreachable shows a page that says so, and recovers', { timeout: 60000 }, async () => {
    const page = await browser.context.newPage();
    let refuse = true;
    await page.routeWebSocket(WS, (ws) => {
        if (refuse) ws.close({ code: 1011, reason: 'test: unreachable' });
        else ws.connectToServer();
    });
    await page.goto(`${server.url}#/`);  // the landing page (this origin kept a game from above)
    await page.waitForSelector('#offline-screen:not([hidden])');
    assert.equal(await page.textContent('#offline-title'), 'The Pinfall server cannot be reached');
    assert.equal(await page.evaluate(() => document.title), 'Server unreachable · Pinfall');
    assert.match(await page.textContent('#offline-detail'), /^(Trying again in \d+ s\.|Trying to connect…)$/);
    assert.equal(await page.isVisible('#conn-banner'), false, 'the page says it, not a banner over nothing');
    const retry = await page.locator('#offline-retry').boundingBox();
    assert.ok(retry.height >= 44 && retry.y + retry.height <= 844, JSON.stringify(retry));
    await screenshot(page, '24-phone-first-load-unreachable');
    await docShots(page, 'first-load-unreachable');
    await page.waitForFunction(() => /Trying again in ([3-9]|\d\d) s/.test(document.getElementById('offline-detail').textContent),
                               null, { timeout: 20000 });
    refuse = false;
    const clicked = Date.now();
    await page.click('#offline-retry');
    await page.waitForFunction(() => document.body.dataset.screen === 'start');
    assert.ok(Date.now() - clicked < 2500, 'back at once, not at the end of the backoff');
    await waitIdle(page);
    assert.equal(await page.isVisible('#play-daily'), true);
    await page.close();
});

test('a page whose request died with the connection is read again once reconnected', { timeout: 60000 }, async () => {
    const page = await browser.context.newPage();
    let cut = false;
    await page.routeWebSocket(WS, (ws) => {
        const srv = ws.connectToServer();
        ws.onMessage((text) => {
            if (cut && JSON.parse(text).type === 'leaderboard') {
                cut = false;
                ws.close({ code: 4000, reason: 'test: the connection dies under the request' });
                return;
            }
            srv.send(text);
        });
    });
    await openFresh(page, server.url);
    cut = true;
    await page.evaluate(() => { location.hash = '#/leaders/best_game'; });
    // The request fails with the connection; the reconnect reads the board again.
    await page.waitForSelector('#board-info');
    await waitIdle(page);
    assert.equal(cut, false, 'the first leaderboard request was cut');
    assert.equal(await page.textContent('#board-info'), '0 in all');
    assert.equal(await shownError(page), null, 'the fresh page replaced the "connection lost" error');
    assert.equal(await page.evaluate(() => document.title), 'Leaderboards · Pinfall');
    await page.close();
});
