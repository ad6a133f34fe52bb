// A whole practice game in the browser, played only by clicking what the page highlights.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { launchBrowser, screenshot } from './lib/browser.js';
import { playTurn } from './lib/play.js';
import { startServer } from './lib/server.js';
import { openFresh, readTable, startGame } from './lib/ui.js';

let server;
let browser;

before(async () => {
    server = await startServer();
    // Reduced motion keeps the game quick; the animations are exercised in play_screen.test.js.
    browser = await launchBrowser({ reducedMotion: 'reduce' });
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

test('plays a whole practice game to game over by clicking only', { timeout: 300000 }, async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await openFresh(page, server.url);
    await screenshot(page, '01-start-screen');
    await startGame(page);
    if (!(await page.isChecked('#hints'))) await page.click('#hints');
    await screenshot(page, '02-first-rack');

    const shots = new Set();
    let actions = 0;
    for (let turn = 0; turn < 400; turn++) {
        if (await page.evaluate(() => document.body.dataset.over === 'true')) break;
        assert.equal(await page.isHidden('#message'), true, 'no error is shown during play');
        if (turn === 0) {
            const pile = await page.$eval('.pile.hint', (el) => el.dataset.pile);
            await page.click(`.pile[data-pile="${pile}"]`);
            await screenshot(page, '03-pile-chosen-hints');
            await page.click(`.pile[data-pile="${pile}"]`);
        }
        await playTurn(page);
        actions++;
        const table = await readTable(page);
        const shoot = async (name, when) => {
            if (when && !shots.has(name)) {
                shots.add(name);
                await screenshot(page, name);
            }
        };
        await shoot('04-ball-2-burn', await page.isVisible('#burn'));
        await shoot('05-strike-or-spare', await page.isVisible('.announce.strike, .announce.spare'));
        await shoot('06-frame-10', table.frame.startsWith('Frame 10') &&
                                   table.pins.some((p) => p.endsWith(':-')));
    }
    assert.equal(await page.evaluate(() => document.body.dataset.over), 'true', 'the game ended');
    await screenshot(page, '07-game-over');

    const table = await readTable(page);
    const finalScore = await page.textContent('#final-score');
    assert.equal(finalScore, table.totals[9], 'final score equals the sheet\'s tenth-frame total');
    assert.equal(finalScore, table.score, 'final score equals the sheet\'s score');
    assert.ok(table.marks.every((m) => m !== ''), 'all ten frames are marked');

    const share = await page.textContent('#share-line');
    assert.match(share, /^Pinfall practice \d{4}-\d{2}-\d{2} sackson: /);
    assert.equal(share, `${share.split(':')[0]}: ${table.marks.join(' ')} = ${finalScore}`);

    const seed = await page.textContent('#reveal-seed');
    assert.match(seed, /^[0-9a-f]{64}$/);
    const record = (await page.textContent('#reveal-record')).split(' ');
    assert.deepEqual(record.slice(0, 3), ['pinfall/1', 'sackson', seed]);
    assert.equal(record.length - 3, actions, 'the record holds exactly the actions clicked');
    assert.ok((await page.$$('#reveal-deals li')).length >= 10, 'every deal is revealed');
    assert.deepEqual(errors, [], 'no script errors');
    await page.close();
});
