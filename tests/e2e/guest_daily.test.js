// The daily as a guest, and the day's standing after it (issue 17), on a fixed day. Four bots
// finish the day first. A visitor who is not signed in gets "Play today's daily as a guest" on
// the daily page, plays under a guest-xxxx name shown on the top bar's chip, and finishes; the
// result card and the daily page then show the percentile and the day's distribution exactly as
// the server's `daily` reply gives them (bars' counts, the player's bin marked). Registering
// afterwards keeps the attempt: the board shows the new name with the same score, the profile
// has the game, and the daily page says the day is done.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { botsPlayDaily } from './lib/bots.js';
import { launchBrowser } from './lib/browser.js';
import { DESKTOP, docShots } from './lib/phone.js';
import { playTurn } from './lib/play.js';
import { startServer } from './lib/server.js';
import { go, openFresh, waitIdle } from './lib/ui.js';

let server;
let browser;

before(async () => {
    server = await startServer({ clockStart: '2026-11-29T12:00:00Z' });
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

/** The server's `daily` reply for the page's guest, over a connection of its own. */
const serverDaily = (page) => page.evaluate(async () => {
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
    const daily = await ask({ type: 'daily', id: 2 });
    ws.close();
    return daily;
});

/** docs/screens pictures at both sizes with `focus` scrolled into view. */
async function docScreens(page, name, focus) {
    await page.$eval(focus, (el) => el.scrollIntoView({ block: 'center' }));
    await docShots(page, name, DESKTOP);
}

/** What a standing panel shows: its numbers and each bar's bin, count and mark. */
const readStanding = (page, id) => page.evaluate((id) => {
    const el = document.getElementById(id);
    if (!el) return null;
    return {
        percentile: Number(el.dataset.percentile), rank: Number(el.dataset.rank), total: Number(el.dataset.total),
        text: el.querySelector('.day-percentile').textContent,
        bars: [...el.querySelectorAll('rect.bar')].map((r) => ({
            bin: Number(r.dataset.bin), count: Number(r.dataset.count), mine: r.classList.contains('mine') })),
    };
}, id);

function checkStanding(shown, today, score, where) {
    assert.ok(shown, `${where}: the standing is shown`);
    assert.equal(shown.percentile, today.percentile, where);
    assert.equal(shown.rank, today.rank, where);
    assert.equal(shown.total, today.total, where);
    assert.equal(shown.text, `${today.percentile.toFixed(1)}% of today's ${today.total} finished attempts ` +
                             `scored the same as you or less (rank ${today.rank}).`);
    for (const bar of shown.bars) assert.equal(bar.count, today.distribution.counts[bar.bin], `${where}: bin ${bar.bin}`);
    const shownTotal = shown.bars.reduce((n, b) => n + b.count, 0);
    assert.equal(shownTotal, today.total, `${where}: every finished attempt is in a shown bar`);
    const mine = shown.bars.filter((b) => b.mine);
    assert.deepEqual(mine.map((b) => b.bin), [Math.min(29, Math.floor(score / 10))], `${where}: the player's bin`);
}

test('a guest plays the daily, sees its standing, then registers and keeps it', { timeout: 120000 }, async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await openFresh(page, server.url);
    const bots = await botsPlayDaily(page, ['Bot Ann', 'Bot Ben', 'Bot Cal', 'Bot Dee']);

    await page.evaluate(() => { location.hash = '#/daily'; });
    await page.waitForSelector('#daily-guest');
    await waitIdle(page);
    assert.equal(await page.textContent('#daily-guest'), 'Play today\'s daily as a guest');
    assert.equal(await page.isVisible('#daily-register'), true, 'registering is still offered');
    assert.equal(await page.textContent('#account-chip'), 'Register');
    await docScreens(page, 'guest-daily', '#daily-status');
    await page.click('#daily-guest');
    await page.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(page);
    assert.match(await page.textContent('#ruleset-label'), /^Daily challenge/);
    await page.waitForSelector('#account-chip[data-guest^="guest-"]');
    const guestName = await page.textContent('#account-chip');
    assert.match(guestName, /^guest-[0-9a-f]{4,}$/);

    // Two turns clicking what the page highlights, then resign.
    if (!(await page.isChecked('#hints'))) await page.click('#hints');
    for (let i = 0; i < 2; i++) await playTurn(page);
    await page.click('#resign');
    await page.click('#resign');
    await waitIdle(page);
    await page.waitForSelector('#game-over:not([hidden])');
    const score = Number(await page.textContent('#final-score'));

    // The result card: rank, percentile and distribution as the server's daily reply has them.
    await page.waitForSelector('#over-standing');
    const daily = await serverDaily(page);
    assert.equal(daily.status, 'finished');
    assert.equal(daily.score, score);
    assert.equal(daily.today.total, bots.length + 1);
    const higher = bots.filter((b) => b.score > score).length;
    assert.equal(daily.today.rank, higher + 1, 'rank = 1 + attempts scoring more');
    const atOrBelow = bots.filter((b) => b.score <= score).length + 1;
    assert.equal(daily.today.percentile, Math.round((1000 * atOrBelow) / (bots.length + 1)) / 10);
    checkStanding(await readStanding(page, 'over-standing'), daily.today, score, 'result card');
    assert.equal(await page.getAttribute('#over-rank', 'data-rank'), String(daily.today.rank));
    await docScreens(page, 'day-standing-card', '#over-standing');

    // The daily page: the guest's name, the score and the same standing.
    await page.click('#new-game');
    await page.waitForSelector('#daily-standing');
    await waitIdle(page);
    assert.equal(await page.textContent('#daily-score'), String(score));
    assert.match(await page.textContent('#daily-guest-name'), new RegExp(`You play as the guest ${guestName}\\.`));
    checkStanding(await readStanding(page, 'daily-standing'), daily.today, score, 'daily page');
    assert.equal(await page.textContent('#daily-streak'), 'Daily streak: 1 day (best 1). 1 daily played.');
    await docScreens(page, 'day-standing-daily', '#daily-status');
    const board = await page.$$eval('#daily-screen table.board tbody tr', (trs) => trs.map((tr) => tr.textContent));
    assert.ok(board.some((row) => row.includes(guestName)), 'the guest is on today\'s board by its name');

    // Registering keeps the attempt: the same score under the new name, in the profile too.
    await go(page, '#/account');
    assert.match(await page.textContent('#account-status'), new RegExp(`guest ${guestName}\\. Registering keeps`));
    await page.fill('#register-name', 'Guest Gina');
    await page.click('#register-button');
    await page.waitForSelector('#account-name');
    assert.equal(await page.textContent('#account-chip'), 'Guest Gina');
    await page.evaluate(() => { location.hash = '#/daily'; });
    await page.waitForSelector('#daily-score');
    await waitIdle(page);
    assert.equal(await page.textContent('#daily-score'), String(score), 'the attempt is the account\'s');
    assert.equal(await page.isVisible('#daily-guest-name'), false);
    const rows = await page.$$eval('#daily-screen table.board tbody tr', (trs) => trs.map((tr) => tr.textContent));
    assert.ok(rows.some((row) => row.includes('Guest Gina') && row.includes(String(score))));
    assert.ok(!rows.some((row) => row.includes(guestName)), 'the guest name is gone from the board');
    await page.evaluate(() => { location.hash = '#/profile'; });
    await page.waitForSelector('#profile-stats');
    await waitIdle(page);
    assert.equal(await page.textContent('[data-stat="games"] .stat-value'), '1');
    assert.deepEqual(errors, []);
});
