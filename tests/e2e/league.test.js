// Leagues on a fixed day (--clock-start 2026-11-29T12:00:00Z), two browsers: the secretary
// creates a league (handicap) and joins it, the member is refused a wrong invite code in words
// and joins with the right one, the secretary starts the season; the member sees the schedule
// (opponent highlighted), the standings, no secretary buttons, plays game 1 of the open round
// on the game screen; the secretary ends the round and both see its results.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { launchBrowser, screenshot } from './lib/browser.js';
import { playToEnd } from './lib/play.js';
import { startServer } from './lib/server.js';
import { go, openFresh, registerAs, shownError, waitIdle } from './lib/ui.js';

const DAY = '2026-11-29';
let server;
let secBrowser;
let memBrowser;
let sec;
let mem;
const errors = [];
const shared = {};

before(async () => {
    server = await startServer({ clockStart: `${DAY}T12:00:00Z` });
    secBrowser = await launchBrowser({ reducedMotion: 'reduce' });
    memBrowser = await launchBrowser({ reducedMotion: 'reduce', viewport: { width: 1100, height: 900 } });
    sec = await secBrowser.context.newPage();
    mem = await memBrowser.context.newPage();
    for (const page of [sec, mem]) {
        page.on('pageerror', (err) => errors.push(err.message));
        page.on('dialog', (d) => d.accept());
    }
});

after(async () => {
    await secBrowser?.close();
    await memBrowser?.close();
    await server?.stop();
});

async function register(page, name) {
    await openFresh(page, server.url);
    await registerAs(page, name);
}

test('the secretary creates a league; starting it alone is refused in words', async () => {
    await register(sec, 'Sam Secretary');
    await register(mem, 'Mia Member');
    await sec.click('a[data-nav="leagues"]');
    await sec.waitForSelector('#league-create-form');
    await waitIdle(sec);
    assert.match(await sec.textContent('#my-leagues'), /None yet/);
    assert.equal(await sec.inputValue('#lg-start'), DAY, 'the start date defaults to the server\'s today');
    await sec.fill('#lg-name', 'Tuesday Night');
    await sec.fill('#lg-rounds', '2');
    await sec.fill('#lg-games', '1');
    await sec.fill('#lg-days', '1');
    await sec.check('input[name="scoring"][value="handicap"]');
    await sec.fill('#lg-percent', '80');
    await sec.uncheck('#lg-bowls');  // joins below with "Bowl in it too" instead
    await sec.click('#league-create');
    await sec.waitForSelector('#league-name');
    await waitIdle(sec);
    assert.equal(await sec.textContent('#league-name'), 'Tuesday Night');
    assert.equal(await sec.getAttribute('#league-status', 'data-status'), 'forming');
    assert.match(await sec.textContent('.league-head'), /handicap 80% of 190/);
    shared.code = await sec.textContent('#league-code-shown');
    assert.match(shared.code, /^[A-Z0-9]{6,16}$/);
    shared.hash = await sec.evaluate(() => location.hash);
    assert.match(shared.hash, /^#\/league\/\d+$/);

    await sec.click('#secretary-actions button[data-action="start_season"]');
    await waitIdle(sec);
    const err = await shownError(sec);
    assert.equal(err?.code, 'too_few_members');
    assert.match(err.text, /at least two members/);

    await sec.click('#league-self-join');
    await sec.waitForSelector('#league-you');
    await waitIdle(sec);
    assert.equal(await shownError(sec), null);
    assert.equal(await sec.$$eval('#league-members li', (els) => els.length), 1);
});

test('the member: a wrong code refused with a message, the right one joins', async () => {
    await go(mem, '#/leagues');
    await mem.waitForSelector('#league-join-form');
    await mem.fill('#league-code', 'WRONGCODE');
    await mem.click('#league-join');
    await waitIdle(mem);
    const err = await shownError(mem);
    assert.equal(err?.code, 'bad_invite');
    assert.match(err.text, /No league has that invite code/);
    assert.ok(await mem.isVisible('#message'));
    await screenshot(mem, '60-league-bad-code');

    await mem.fill('#league-code', shared.code.toLowerCase());
    await mem.click('#league-join');
    await mem.waitForSelector('#league-you');
    await waitIdle(mem);
    assert.equal(await shownError(mem), null, 'the old error is gone');
    assert.equal(await mem.evaluate(() => location.hash), shared.hash);
    assert.equal(await mem.$$eval('#league-members li', (els) => els.length), 2);
    assert.equal(await mem.$('#secretary-actions'), null, 'a member is not offered the secretary\'s actions');
    assert.equal(await mem.$('[data-remove]'), null);
    await go(mem, '#/leagues');
    assert.equal(await mem.textContent('#my-leagues a'), 'Tuesday Night', 'listed by the server');
});

test('the season starts; the member sees the schedule, the opponent and the standings', async () => {
    await go(sec, '#/leagues');
    await sec.click('#my-leagues a');
    await sec.waitForSelector('#league-name');
    await waitIdle(sec);
    await sec.click('#secretary-actions button[data-action="start_season"]');
    await sec.waitForSelector('#league-status[data-status="running"]');
    await waitIdle(sec);
    assert.equal(await shownError(sec), null);
    assert.ok(await sec.isVisible('button[data-action="end_round"]'));
    assert.equal(await sec.$('button[data-action="start_season"]'), null);

    await mem.click('#my-leagues a');
    await mem.waitForSelector('#league-schedule tbody tr');
    await waitIdle(mem);
    const rounds = await mem.$$eval('#league-schedule tbody tr', (rows) => rows.map((r) => r.dataset.status));
    assert.deepEqual(rounds, ['open', 'upcoming']);
    assert.equal(await mem.textContent('#league-schedule tr[data-round="1"] .your-match .opponent'), 'Sam Secretary');
    assert.match(await mem.textContent('#league-schedule tr[data-round="1"]'), /29 Nov(?: 2026)?, 00:00 \(00:00 UTC\)/);
    assert.equal(await mem.$$eval('#league-schedule tr[data-round="1"] button[data-game]', (b) => b.length), 1);
    assert.equal(await mem.$('#league-schedule tr[data-round="2"] button[data-game]'), null, 'an upcoming round is not played');
    const standings = await mem.$$eval('#league-standings tbody tr', (rows) => rows.map((r) => r.cells[1].textContent));
    assert.deepEqual([...standings].sort(), ['Mia Member', 'Sam Secretary']);
    assert.equal(await mem.$('#secretary-actions'), null);
    await screenshot(mem, '61-league-member');
    await screenshot(sec, '62-league-secretary');
});

test('the member plays game 1; the secretary ends the round; its results are shown', { timeout: 300000 }, async () => {
    await mem.click('#league-schedule button[data-round="1"][data-game="1"]');
    await mem.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(mem);
    assert.match(await mem.textContent('#ruleset-label'), /^League game · sackson rules · game \d+$/);
    await playToEnd(mem);
    const score = Number(await mem.textContent('#final-score'));
    assert.equal(await mem.textContent('#new-game'), 'Back to the league');
    await mem.click('#new-game');
    await mem.waitForSelector('#league-standings tbody tr');
    await waitIdle(mem);
    assert.equal(await mem.evaluate(() => location.hash), shared.hash);

    await sec.reload();
    await sec.waitForSelector('button[data-action="end_round"]');
    await waitIdle(sec);
    await sec.click('button[data-action="end_round"]');
    await sec.waitForSelector('#league-schedule tr[data-round="1"][data-status="closed"]');
    await sec.waitForSelector('.round-results[data-round="1"]');
    await waitIdle(sec);
    assert.equal(await shownError(sec), null);
    const result = await sec.$$eval('.round-results[data-round="1"] tbody tr', (rows) => rows.map((r) => r.cells[0].textContent));
    assert.deepEqual(result, ['Sam Secretary', 'Mia Member']);
    const mia = await sec.$$eval('.round-results[data-round="1"] tbody tr:nth-child(2) td', (tds) => tds.map((td) => td.textContent));
    assert.match(mia[2], new RegExp(`^${score}( \\(\\d+\\))?$`), 'the member\'s game, scratch (with handicap)');
    assert.match(await sec.textContent('.round-results[data-round="1"] tbody tr:first-child'), /blind/);
    await screenshot(sec, '63-league-round-results');

    // The standings count a round once it is closed.
    await mem.reload();
    await mem.waitForSelector('.round-results[data-round="1"]');
    await waitIdle(mem);
    const line = await mem.$eval('#league-standings tr.me', (tr) => [...tr.cells].map((c) => c.textContent));
    assert.equal(line[1], 'Mia Member');
    assert.equal(line[2], '1');
    assert.equal(line[4], String(score), 'the high game');
    assert.equal(await mem.$('#league-schedule button[data-game]'), null, 'no game to play in a closed round');
    assert.deepEqual(errors, []);
});
