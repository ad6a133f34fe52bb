// Phone first (issue 17), at 390x844 on a fixed day (--clock-start 2026-11-29T12:00:00Z): the
// top bar on one row with its menu; the play screen's rack, piles, pick, "Knock down", "Stop"
// and sheet inside one screen on both balls, every control at least 44 px; the result card on
// top after the game; the daily, leaderboard, profile, replay, league and lane pages never
// wider than the screen (a ten-pin lane of eight sides with 24-character names, in play and
// complete), the standings' main columns with the rest one tap away; dates in the player's time
// zone with UTC beside them; axe-core on each page.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { botsLeague, botsPlayDaily } from './lib/bots.js';
import { axeViolations } from './lib/axe.js';
import { launchBrowser } from './lib/browser.js';
import { PHONE, assertInScreen, assertNoSideways, docShots, smallTargets } from './lib/phone.js';
import { startServer } from './lib/server.js';
import { ZERO_SEED, go as goTo, knock, openFresh, startGame, stopBall, waitIdle } from './lib/ui.js';

const DAY = '2026-11-29';
let server;
let browser;
let page;
const errors = [];
const shared = {};

before(async () => {
    server = await startServer({ clockStart: `${DAY}T12:00:00Z` });
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: PHONE });
    page = await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

async function go(hash) {
    await goTo(page, hash);
    await page.evaluate(() => window.scrollTo(0, 0));
}

const PLAY = ['.pin[data-pin="7"]', '.pin[data-pin="10"]', '.pin[data-pin="1"]', '.pile[data-pile="1"]',
              '.pile[data-pile="3"]', '#selection', '#knock', '#stop', '#sheet .frame.current',
              '#sheet .frame[data-frame="10"]', '#help-button', '#menu-button'];

test('the top bar is one row with a menu; its links are thumb-sized', async () => {
    await openFresh(page, server.url);
    const bar = await page.locator('header.topbar').boundingBox();
    assert.ok(bar.height <= 60, `the top bar is ${bar.height}px high`);
    for (const sel of ['#nav-toggle', 'header .brand', '#account-chip', '#conn']) {
        const box = await page.locator(sel).boundingBox();
        assert.ok(box.y >= bar.y && box.y + box.height <= bar.y + bar.height + 0.5 && box.x + box.width <= 390,
                  `${sel} sits in the one row: ${JSON.stringify(box)}`);
    }
    assert.equal(await page.isVisible('#nav'), false, 'the links are folded away');
    await page.click('#nav-toggle');
    assert.equal(await page.getAttribute('#nav-toggle', 'aria-expanded'), 'true');
    const links = await page.$$eval('#nav a', (as) => as.map((a) => {
        const r = a.getBoundingClientRect();
        return { text: a.textContent, w: r.width, h: r.height, bottom: r.bottom };
    }));
    assert.deepEqual(links.map((l) => l.text), ['Play', 'Daily', 'Leaderboards', 'Profile', 'Friends', 'Lanes', 'Leagues', 'Arenas',
                                                'Settings']);
    for (const l of links) assert.ok(l.h >= 44 && l.w >= 44 && l.bottom <= 844, JSON.stringify(l));
    await docShots(page, 'phone-menu');
    await page.click('#nav a[data-nav="daily"]');
    await page.waitForFunction(() => document.body.dataset.screen === 'daily');
    assert.equal(await page.isVisible('#nav'), false, 'the menu closes on navigation');
    assert.equal(await page.evaluate(() => document.title), 'Daily challenge · Pinfall');
    assert.deepEqual(await smallTargets(page, 'header'), []);
});

test('the play screen fits one phone screen on ball 1 and ball 2', async () => {
    await go('#/');
    await startGame(page, { seed: ZERO_SEED });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('.pile[data-pile="1"]');
    await page.click('.pin[data-pin="3"]');
    assert.equal(await page.textContent('#selection'), 'Pile 1 (5♠) on pin 3: not a legal play yet. ' +
                 'The 5♠ (pile 1) takes a single pin of its own rank; pin 3 is the 10♥.');
    assert.equal(await page.isDisabled('#knock'), true);
    await page.click('.pin[data-pin="1"]');
    await page.click('.pin[data-pin="6"]');
    assert.equal(await page.textContent('#selection'), 'Pile 1 (5♠) on pins 1-3-6: a legal play.');
    await assertInScreen(page, PLAY);
    await assertNoSideways(page, 'play, ball 1');
    assert.deepEqual(await smallTargets(page, '#play-screen'), [], 'every control is at least 44x44');
    await docShots(page, 'play');

    await page.click('#knock');
    await waitIdle(page);
    await stopBall(page);
    assert.equal(await page.textContent('#frame-label'), 'Frame 1 · Ball 2');
    assert.equal(await page.isVisible('#burn'), true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await assertInScreen(page, [...PLAY, '#burn']);
    await docShots(page, 'play-ball-2');
});

test('game over: the result card on top, the deals behind "Verify", a card never split', async () => {
    await knock(page, 1, [2, 4, 5]);  // 2S takes 2-4-5 (7S + AS + 4S = 12)
    await page.click('#resign');
    await page.click('#resign');
    await waitIdle(page);
    await page.waitForSelector('#game-over:not([hidden])');
    await page.evaluate(() => window.scrollTo(0, 0));
    await assertInScreen(page, ['#over-kind', '#final-score', '#final-verdict', '#over-next', '#share-line',
                                '#copy-share', '#new-game']);
    assert.equal(await page.textContent('#over-kind'), 'Practice game');
    assert.equal(await page.textContent('#final-score'), '6');
    assert.equal(await page.textContent('#final-verdict'), 'Resigned: frames not bowled score 0. 0 strikes, 0 spares.');
    // The server's clock says 12:00 UTC: twelve hours to the next daily.
    assert.match(await page.textContent('#over-next'), /^Next daily in 1[12]:\d\d:\d\d, at 00:00 UTC\.$/);
    assert.match(await page.textContent('#share-line'), /^Pinfall practice \d{4}-\d\d-\d\d sackson: 33 \(resigned\) = 6$/);
    assert.equal(await page.evaluate(() => document.getElementById('reveal-box').open), false, 'closed at first');
    assert.equal(await page.textContent('#reveal-box summary'), 'Verify: seed, record and deals');
    shared.practiceGame = Number((await page.getAttribute('#over-replay', 'href')).split('/').pop());
    assert.deepEqual(await axeViolations(page), [], 'axe: result card');
    await docShots(page, 'result-card');
    await page.click('#reveal-box summary');
    await page.locator('#reveal-deals li').first().scrollIntoViewIfNeeded();
    // No card is broken across two lines: each "10H" lies on one line box.
    const split = await page.$$eval('#reveal-deals code', (codes) => codes.flatMap((code) => {
        const text = code.firstChild;
        const out = [];
        for (const m of text.textContent.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(text, m.index);
            range.setEnd(text, m.index + m[0].length);
            if (range.getClientRects().length !== 1) out.push(m[0]);
        }
        return out;
    }));
    assert.deepEqual(split, []);
    assert.equal((await page.$$('#reveal-deals li')).length, 1, 'one deal dealt before resigning');
    await assertNoSideways(page, 'game over with the deals open');
});

test('daily, leaderboards, profile and replay never scroll sideways', async () => {
    const bots = await botsPlayDaily(page, ['Ann Phone', 'Bo Phone', 'Cy Phone']);
    shared.bots = bots;
    await go('#/daily');
    await assertNoSideways(page, 'daily');
    // The day's close and reveal: local time (UTC in this browser) with UTC beside it.
    assert.match(await page.textContent('#daily-status'), /30 Nov, 00:00 \(00:00 UTC\).*30 Nov, 01:00 \(01:00 UTC\)/);
    assert.deepEqual(await axeViolations(page), [], 'axe: daily');
    await docShots(page, 'daily');
    await go(`#/leaders/daily/${DAY}`);
    await assertNoSideways(page, 'daily leaderboard');
    const heads = () => page.$$eval('#leaders-screen table.board th', (ths) => ths.filter((th) => th.offsetParent !== null)
        .map((th) => th.textContent));
    assert.deepEqual(await heads(), ['Rank', 'Player', 'Score']);
    assert.deepEqual(await axeViolations(page), [], 'axe: leaderboard');
    await docShots(page, 'leaderboard');
    const profile = await page.$eval('#leaders-screen table.board a[href^="#/profile/"]', (a) => a.getAttribute('href'));
    await page.click('#leaders-screen .columns-toggle');
    assert.deepEqual(await heads(), ['Rank', 'Player', 'Score', 'X', '/', 'Finished']);
    await assertNoSideways(page, 'daily leaderboard, all columns');
    for (const board of ['best_game', 'best_average']) {
        await go(`#/leaders/${board}`);
        await assertNoSideways(page, board);
    }
    await go(profile);
    await page.waitForSelector('#profile-stats');
    await assertNoSideways(page, 'profile');
    assert.match(await page.evaluate(() => document.title), / Phone: profile · Pinfall$/);
    assert.deepEqual(await axeViolations(page), [], 'axe: profile');
    await docShots(page, 'profile');
    await go(`#/game/${shared.practiceGame}`);
    await page.waitForSelector('#replay-slider');
    await assertNoSideways(page, 'replay');
    assert.equal(await page.evaluate(() => document.title), `Replay of game ${shared.practiceGame} · Pinfall`);
    assert.equal(await page.$$eval('[data-nav][aria-current="page"]', (els) => els.length), 0, 'no page link marked');
    assert.deepEqual(await axeViolations(page), [], 'axe: replay');
    await docShots(page, 'replay');
});

test('a league on a phone: standings show rank, name, average and points; the rest one tap away', async () => {
    const { league, tokens } = await botsLeague(page, ['Sec Phone', 'Dee Phone', 'Eve Phone'], DAY);
    await page.evaluate((t) => localStorage.setItem('pinfall.token', t), tokens['Sec Phone']);
    await page.reload();
    await waitIdle(page);
    await go(`#/league/${league}`);
    await page.waitForSelector('#league-standings tbody tr');
    await assertNoSideways(page, 'league');
    const heads = () => page.$$eval('#league-standings th', (ths) => ths.filter((th) => th.offsetParent !== null)
        .map((th) => th.textContent));
    assert.deepEqual(await heads(), ['Rank', 'Player', 'Avg', 'Won']);
    assert.equal(await page.evaluate(() => document.title), 'Phone League · Pinfall');
    // Round 1 opens on the day at 00:00 UTC and closes three... days later: local and UTC.
    assert.match(await page.textContent('#league-schedule tr[data-round="1"]'), /29 Nov, 00:00 \(00:00 UTC\)/);
    assert.deepEqual(await axeViolations(page), [], 'axe: league');
    await docShots(page, 'league');
    await page.click('#standings-panel .columns-toggle');
    assert.equal((await heads()).length, 10);
    await assertNoSideways(page, 'league, all columns');
    // The other pages a member reaches from here: the list of leagues and the account page.
    await go('#/leagues');
    await assertNoSideways(page, 'leagues');
    assert.deepEqual(await axeViolations(page), [], 'axe: leagues');
    await go('#/account');
    await assertNoSideways(page, 'account');
    assert.deepEqual(await axeViolations(page), [], 'axe: account');
    assert.deepEqual(errors, []);
});

/**
 * Over the page's own identity (its guest, and its player when logged in, so the page owns the
 * lane): opens a ten-pin lane of eight sides with the longest names, settles the roll-off and
 * reports `reports` rolls (a strike or the spare, whatever stands), or all of them when null.
 * Resolves with the lane's code and its phase.
 */
function laneOfEight(code, reports) {
    return page.evaluate(async ({ code, reports }) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((resolve) => { ws.onopen = resolve; });
        let id = 0;
        const waiting = new Map();
        ws.onmessage = (ev) => {
            const msg = JSON.parse(ev.data);
            waiting.get(msg.re)?.(msg);
            waiting.delete(msg.re);
        };
        const request = (type, fields = {}) => new Promise((resolve, reject) => {
            waiting.set(++id, (msg) => (msg.type === 'error' ? reject(new Error(`${msg.code}: ${msg.message}`)) : resolve(msg)));
            ws.send(JSON.stringify({ type, id, ...fields }));
        });
        await request('hello', { version: 1, guest: localStorage.getItem('pinfall.guest') });
        const token = localStorage.getItem('pinfall.token');
        if (token) await request('login', { token });
        let lane;
        if (code === null) {
            const sides = Array.from({ length: 8 }, (_, i) => `Wolfeschlegelsteinhause${i}`);  // 24 characters
            lane = await request('lane_open', { ruleset: 'tenpin', sides, join: 0 });
            for (let side = 0; side < 8; side++) lane = await request('lane_report', { lane: lane.lane, side, pins: side + 1 });
        } else {
            lane = await request('lane_watch', { lane: code });
        }
        for (let n = 0; (reports === null || n < reports) && lane.phase === 'play'; n++) {
            lane = await request('lane_report', { lane: lane.lane, side: lane.next.side, pins: lane.next.standing });
        }
        ws.close();
        return { code: lane.lane, phase: lane.phase };
    }, { code, reports });
}

test('lane pages never scroll sideways: the lanes page, eight ten-pin sides in play and complete', async () => {
    await go('#/lanes');
    await page.waitForSelector('#join-code');
    await assertNoSideways(page, 'lanes');
    assert.deepEqual(await axeViolations(page), [], 'axe: lanes');
    const { code, phase } = await laneOfEight(null, 9);
    assert.equal(phase, 'play');
    await go(`#/lane/${code}`);
    await page.waitForSelector('#lane-sheets [data-side="7"]');
    await page.waitForSelector('#report-pad');
    await assertNoSideways(page, 'lane in play, eight sides, the report pad shown');
    assert.deepEqual(await axeViolations(page), [], 'axe: a lane in play');
    assert.deepEqual(await smallTargets(page, '#report-pad'), [], 'the pad\'s buttons are thumb-sized');
    await page.$eval('#lane-sheets', (el) => el.scrollIntoView({ block: 'start' }));  // the sheets, for the picture
    await docShots(page, 'lane-eight-sides');
    await page.evaluate(() => window.scrollTo(0, 0));
    // The rest of the game from another connection: the page follows live to the end.
    assert.equal((await laneOfEight(code, null)).phase, 'complete');
    await page.waitForFunction(() => document.querySelectorAll('#lane-sheets .frame[data-frame="10"]')
        .length === 8 && [...document.querySelectorAll('#lane-sheets .frame[data-frame="10"]')]
        .every((f) => f.dataset.marks === 'XXX'));
    await page.evaluate(() => window.scrollTo(0, 0));
    const scores = await page.$$eval('#lane-sheets [data-side]', (els) => els.map((el) => el.dataset.score));
    assert.deepEqual(scores, Array(8).fill('300'), 'every side bowled a perfect game');
    await assertNoSideways(page, 'lane complete, eight sides of 300');
    for (const sel of ['#lane-sheets', '#lane-sheets [data-side="7"] .frame[data-frame="10"]']) {
        const box = await page.locator(sel).first().boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 0.5, `${sel} fits the width: ${JSON.stringify(box)}`);
    }
    assert.deepEqual(errors, []);
});

test('dates follow the player\'s time zone, UTC beside them where it matters', async () => {
    const tokyo = await launchBrowser({ reducedMotion: 'reduce', viewport: PHONE, timezoneId: 'Asia/Tokyo' });
    try {
        const p = await tokyo.context.newPage();
        await p.goto(`${server.url}#/daily`);
        await p.waitForSelector('#daily-status');
        await waitIdle(p);
        // The day ends at 00:00 UTC: 09:00 in Tokyo.
        assert.match(await p.textContent('#daily-status'), /30 Nov, 09:00 \(00:00 UTC\).*30 Nov, 10:00 \(01:00 UTC\)/);
    } finally {
        await tokyo.close();
    }
});
