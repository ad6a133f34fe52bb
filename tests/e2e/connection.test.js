// The connection: a dropped WebSocket reconnects (hello with the kept guest token, then a
// snapshot) and a missed update is noticed by its version gap and repaired with a snapshot.
// Playwright's routeWebSocket sits between the page and the real server to cut or drop.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { launchBrowser, screenshot } from './lib/browser.js';
import { startServer } from './lib/server.js';
import { ZERO_SEED, knock, openFresh, readTable, shownError, startGame, waitIdle } from './lib/ui.js';

let server;
let browser;

before(async () => {
    server = await startServer();
    browser = await launchBrowser();
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

test('a dropped connection reconnects and resumes the game on screen', async () => {
    const page = await browser.context.newPage();
    const sockets = [];
    const hellos = [];
    await page.routeWebSocket(WS, (ws) => {
        const srv = ws.connectToServer();
        ws.onMessage((text) => {
            const msg = JSON.parse(text);
            if (msg.type === 'hello') hellos.push(msg);
            srv.send(text);
        });
        sockets.push(ws);
    });
    await openFresh(page, server.url);
    await startGame(page, { seed: ZERO_SEED });
    await knock(page, 1, [1, 3, 6]);
    const before = await readTable(page);
    const guest = await page.evaluate(() => localStorage.getItem('pinfall.guest'));

    const count = sockets.length;
    await sockets.at(-1).close({ code: 4000, reason: 'test cut' });
    await until('a new connection', () => sockets.length > count);
    await page.waitForFunction(() => document.getElementById('conn').dataset.status === 'online');
    await waitIdle(page);
    assert.equal(hellos.at(-1).guest, guest, 'the reconnect says hello as the same guest');
    assert.deepEqual(await readTable(page), before);
    await screenshot(page, '30-after-reconnect');
    await knock(page, 2, [4, 5, 9]);  // 6H: AS + 4S + AH = 6
    assert.equal(await shownError(page), null);
    await page.close();
});

test('a missed update is noticed by its version and repaired by a snapshot', async () => {
    const player = await browser.context.newPage();
    await openFresh(player, server.url);
    await startGame(player, { seed: ZERO_SEED });

    // A second tab of the same guest, whose connection loses the first update pushed to it.
    const watcher = await browser.context.newPage();
    const sent = [];
    let dropped = null;
    await watcher.routeWebSocket(WS, (ws) => {
        const srv = ws.connectToServer();
        ws.onMessage((text) => {
            sent.push(JSON.parse(text));
            srv.send(text);
        });
        srv.onMessage((text) => {
            const msg = JSON.parse(text);
            if (!dropped && msg.type === 'update' && msg.re === undefined) {
                dropped = msg;
                return;
            }
            ws.send(text);
        });
    });
    await watcher.goto(server.url);
    await watcher.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(watcher);

    await player.bringToFront();
    await knock(player, 1, [1, 3, 6]);
    await until('the dropped update', () => dropped !== null);
    await knock(player, 2, [4, 5, 9]);
    const want = await readTable(player);
    await watcher.waitForFunction((v) => document.body.dataset.version === v, want.version);
    await waitIdle(watcher);
    assert.deepEqual(await readTable(watcher), want);
    assert.equal(sent.filter((m) => m.type === 'snapshot').length, 2,
                 'one snapshot to open the game, one to repair the gap');
    await watcher.close();
    await player.close();
});
