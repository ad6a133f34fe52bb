// The board's integrity in the browser (issue 27), on a fixed day with the real server (its
// integrity analysis at normal priority, --integrity-idle 0, so each ranked game is analysed at
// once). Players made over side WebSockets play the daily; the operator's command
// `pinfall-server moderator add NAME --db <the server's database>` makes one a moderator. In the
// page: every hello carries this browser's key; the Moderation link shows for the moderator
// only; a case opened through the page and others by a side socket fill the queue (figures
// checked against the server's own `review_queue`, paged); "Report" from another player answers
// "Reported, thank you." (and a visitor with no place on the boards is told why not); the
// player's own daily, profile and result card say "under review" while the result is held, and
// the board leaves it out; the case view shows the decisions that drive the statistic with
// their values and marks, the linked identities, and Clear puts the result back. At 1280x800: a
// ban closing the player's open page with 4003 ("This account is banned.", no reconnect, the
// login refused after a reload), unban, Disqualify after a second click, a reported clean
// result put under review, a stale page's Clear refused (wrong_phase) in words, an unknown game
// refused. A day later (the day revealed) the
// case view replays the game and shows each decision's choices on the rack.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';

import { botsPlayDaily } from './lib/bots.js';
import { DOC_SCREEN_DIR, launchBrowser } from './lib/browser.js';
import { axeViolations } from './lib/axe.js';
import { DESKTOP, PHONE, assertNoSideways, smallTargets } from './lib/phone.js';
import { startServer } from './lib/server.js';
import { go, waitIdle } from './lib/ui.js';
import { REVIEW_WORDS } from '../../web/js/review_note.js';
import { REASON_WORDS, gameEvidenceText, kindText, scoreText, signed, weekEvidenceText } from '../../web/js/moderation/case_text.js';

const run = promisify(execFile);
const DAY = '2026-11-29';
const SERVER_ARGS = ['--integrity-idle', '0'];
const SCOUT_BROWSER = 'scoutBrowserKey-123456789';  // the scout's and Sam's browser

let server;
let browser;
let page;   // the page under test, logged in as whoever the test needs (tokens swapped)
let tools;  // a page of the same origin without the app: side WebSockets live there
const errors = [];
const players = {};  // name -> {id, token, game, score}

before(async () => {
    server = await startServer({ clockStart: `${DAY}T12:00:00Z`, extraArgs: SERVER_ARGS });
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: PHONE });
    page = await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    tools = await browser.context.newPage();
    await installTools();
    // The page under test in front: a tab behind another gets no animation frames, and each
    // click would wait for them (Playwright's "stable" check).
    await page.bringToFront();
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

/** Side WebSockets in the tools page: open(key), req(key, type, fields) -> the reply (errors too). */
async function installTools() {
    await tools.goto(`${server.url}favicon.svg`);
    await tools.evaluate(() => {
        window.sessions = {};
        window.openSession = (key) => new Promise((resolve, reject) => {
            const ws = new WebSocket(`ws://${location.host}/ws`);
            const s = { ws, id: 0, waiting: new Map() };
            ws.onmessage = (ev) => {
                const msg = JSON.parse(ev.data);
                const w = s.waiting.get(msg.re);
                if (!w) return;
                s.waiting.delete(msg.re);
                w(msg);
            };
            ws.onopen = () => {
                window.sessions[key] = s;
                resolve(true);
            };
            ws.onerror = () => reject(new Error('the side socket could not connect'));
        });
        window.req = (key, type, fields = {}) => new Promise((resolve) => {
            const s = window.sessions[key];
            const id = ++s.id;
            s.waiting.set(id, resolve);
            s.ws.send(JSON.stringify({ type, id, ...fields }));
        });
        // Today's daily played to its end (or resigned after `plays` plays): the largest legal
        // group of any pile each time, a stop when there is none. Resolves with {game, score}.
        window.playDaily = async (key, { guest = false, plays = Infinity } = {}) => {
            let msg = await window.req(key, 'daily_start', guest ? { guest: true } : {});
            if (msg.type === 'error') throw new Error(`daily_start: ${msg.code}`);
            const game = msg.game;
            for (let n = 0; n < 400; n++) {
                const over = msg.events?.find((e) => e.e === 'game_over');
                if (over) return { game, score: over.score };
                if (n >= plays) {
                    msg = await window.req(key, 'resign', { game });
                    continue;
                }
                let best = null;
                msg.legal.forEach((groups, i) => groups.forEach((g) => {
                    if (!best || g.length > best.pins.length) best = { pile: i + 1, pins: g };
                }));
                msg = best ? await window.req(key, 'play', { game, ...best }) : await window.req(key, 'stop', { game });
                if (msg.type === 'error') throw new Error(`${best ? 'play' : 'stop'}: ${msg.code} ${msg.message}`);
            }
            throw new Error('the game did not end');
        };
    });
}

const side = (key, type, fields = {}) => tools.evaluate(([k, t, f]) => window.req(k, t, f), [key, type, fields]);

/** A side request that must succeed; resolves with its reply. */
async function sideOk(key, type, fields = {}) {
    const reply = await side(key, type, fields);
    assert.notEqual(reply.type, 'error', `${type}: ${reply.code} ${reply.message}`);
    return reply;
}

/** A side socket that said hello (with `browser` when given) and registered `name`. */
async function sidePlayer(name, browserKey = null) {
    await tools.evaluate((k) => window.openSession(k), name);
    await sideOk(name, 'hello', { version: 1, ...(browserKey ? { browser: browserKey } : {}) });
    const reg = await sideOk(name, 'register', { name });
    players[name] = { id: reg.player.id, token: reg.token };
    return players[name];
}

/** The page as the player of `token` (null: a new guest, with no ranked identity). */
async function loginAs(token, name = null) {
    await page.evaluate((t) => {
        if (t) {
            localStorage.setItem('pinfall.token', t);
        } else {
            localStorage.removeItem('pinfall.token');
            localStorage.removeItem('pinfall.guest');
        }
    }, token);
    await page.reload();
    await waitIdle(page);
    // The Moderation link is known once the page asked the server (moderator_link.js).
    await page.waitForFunction(() => document.body.dataset.moderator !== undefined);
    if (name) assert.equal(await page.textContent('#account-chip'), name);
}

/**
 * docs/screens/<name>-phone.png and -desktop.png: at each size `focus` (a selector) is scrolled
 * to `block` first ('top': the page's top), so both pictures show it; back to the phone's size.
 */
async function shots(name, focus, block = 'center') {
    fs.mkdirSync(DOC_SCREEN_DIR, { recursive: true });
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(150);
        if (focus === 'top') await page.evaluate(() => window.scrollTo(0, 0));
        else if (focus) await page.$eval(focus, (el, b) => el.scrollIntoView({ block: b }), block);
        await page.screenshot({ path: path.join(DOC_SCREEN_DIR, `${name}-${size}.png`) });
    }
    await page.setViewportSize(PHONE);
}

const text = (sel) => page.$eval(sel, (el) => el.textContent.replace(/\s+/g, ' ').trim());

/** The server's queue as the moderator sees it (all of it, a page of 50). */
async function serverQueue() {
    return (await sideOk('Mona Moderator', 'review_queue', { limit: 50 })).cases;
}

test('every hello carries this browser\'s key, made once and kept', async () => {
    const hellos = [];
    page.on('websocket', (ws) => ws.on('framesent', (frame) => {
        const msg = JSON.parse(frame.payload);
        if (msg.type === 'hello') hellos.push(msg);
    }));
    await page.goto(`${server.url}favicon.svg`);  // the origin, without the app: nothing said yet
    await page.evaluate(() => localStorage.clear());
    await page.goto(server.url);
    await waitIdle(page);
    const key = await page.evaluate(() => localStorage.getItem('pinfall.browser'));
    assert.match(key, /^[A-Za-z0-9_-]{24}$/);
    await page.reload();
    await waitIdle(page);
    assert.equal(await page.evaluate(() => localStorage.getItem('pinfall.browser')), key, 'kept, not made again');
    assert.ok(hellos.length >= 2, `two connections said hello (${hellos.length})`);
    for (const hello of hellos) assert.equal(hello.browser, key);
});

test('players play the daily; the operator\'s command makes a moderator', { timeout: 180000 }, async () => {
    // A scout guest turns up the day's cards first, from the browser Sam then plays in.
    await tools.evaluate((k) => window.openSession(k), 'scout');
    await sideOk('scout', 'hello', { version: 1, browser: SCOUT_BROWSER });
    const scouted = await tools.evaluate(() => window.playDaily('scout', { guest: true, plays: 3 }));
    players.scout = { name: (await sideOk('scout', 'profile')).player.name, ...scouted };
    for (const [name, key] of [['Sam Subject', SCOUT_BROWSER], ['Dee Subject', null], ['Tao Third', null]]) {
        await sidePlayer(name, key);
        Object.assign(players[name], await tools.evaluate((k) => window.playDaily(k), name));
    }
    await sidePlayer('Rita Reporter');
    await sidePlayer('Mona Moderator');
    // More finished dailies, for a queue of more than one page.
    players.bots = await botsPlayDaily(tools, Array.from({ length: 18 }, (_, i) => `Bot ${i + 1}`));

    const db = path.join(server.dir, 'db');
    const { stdout } = await run(process.env.PINFALL_SERVER_BIN, ['moderator', 'add', 'Mona Moderator', '--db', db,
                                                                  '--note', 'e2e']);
    assert.equal(stdout, `Mona Moderator (player ${players['Mona Moderator'].id}) is a moderator now\n`);
    // The role holds at once, without a restart.
    const queue = await sideOk('Mona Moderator', 'review_queue', {});
    assert.deepEqual(queue.cases, [], 'nothing is under review yet');
    assert.equal((await side('Rita Reporter', 'review_queue', {})).code, 'forbidden');
});

test('the Moderation link shows for the moderator only; a case opened through the page', { timeout: 180000 }, async () => {
    await loginAs(players['Rita Reporter'].token, 'Rita Reporter');
    assert.equal(await page.getAttribute('body', 'data-moderator'), 'false');
    const navLinks = () => page.$$eval('#nav a', (as) => as.map((a) => a.textContent));
    assert.deepEqual(await navLinks(), ['Play', 'Daily', 'Leaderboards', 'Profile', 'Friends', 'Lanes', 'Leagues', 'Arenas', 'Settings'],
                     'no Moderation link');
    await go(page, '#/moderation');
    assert.match(await text('#moderation-forbidden'), /This page is for moderators/);
    assert.equal(await page.getAttribute('#message', 'data-code'), 'forbidden');

    await loginAs(players['Mona Moderator'].token, 'Mona Moderator');
    assert.equal(await page.getAttribute('body', 'data-moderator'), 'true');
    assert.deepEqual(await navLinks(), ['Play', 'Daily', 'Leaderboards', 'Profile', 'Friends', 'Lanes', 'Leagues', 'Arenas', 'Moderation',
                                        'Settings']);
    await go(page, '#/');
    await page.click('#nav-toggle');  // the phone's menu
    await page.click('#nav-moderation');
    await page.waitForFunction(() => document.body.dataset.routed === '#/moderation');
    await waitIdle(page);
    assert.equal(await page.getAttribute('#nav-moderation', 'aria-current'), 'page');
    assert.equal(await text('#queue-empty'), 'The queue is empty.');

    const sam = players['Sam Subject'];
    await page.fill('#open-game', String(sam.game));
    await page.fill('#open-note', 'Top score with the scout\'s browser');
    await page.click('#open-button');
    await page.waitForFunction((g) => document.body.dataset.routed === `#/moderation/case/${g}`, sam.game);
    await waitIdle(page);
    assert.equal(await page.getAttribute('#case-status', 'data-status'), 'review');
    assert.equal(await text('#case-status'), 'under review (off the boards)');
    assert.equal(await text('#case-reason'), 'opened by a moderator');
    assert.equal(await text('#case-player'), 'Sam Subject');

    // The others by a side socket: Dee, Tao and the bots.
    for (const game of [players['Dee Subject'].game, players['Tao Third'].game, ...players.bots.map((b) => b.game)]) {
        assert.equal((await sideOk('Mona Moderator', 'review_open', { game, note: 'e2e' })).case.status, 'review');
    }
    // The analysis runs after each ranked game: wait for every case's evidence (the queue's
    // tests compare the page with the server's figures: an analysis landing between the page's
    // load and the test's own request changed one case's text under ASan in CI).
    const subjects = ['Sam Subject', 'Dee Subject', 'Tao Third'].map((n) => players[n].game);
    for (let i = 0; ; i++) {
        const cases = await serverQueue();
        if (subjects.every((g) => cases.some((c) => c.game === g)) && cases.every((c) => c.evidence)) break;
        assert.ok(i < 480, `every case is analysed within two minutes (${cases.filter((c) => !c.evidence).length} not yet)`);
        await new Promise((resolve) => setTimeout(resolve, 250));
    }
});

test('Report from another player answers "Reported"; a visitor is told why not', { timeout: 120000 }, async () => {
    const sam = players['Sam Subject'];
    // A visitor with no place on the boards, from a game link of the day's board (the scout's
    // game: the others are held): the server says login_required, the dialog says why.
    await loginAs(null);
    await go(page, `#/leaders/daily/${DAY}`);
    await page.click(`#leaders-screen a[href="#/game/${players.scout.game}"]`);
    await page.waitForFunction((g) => document.body.dataset.routed === `#/game/${g}`, players.scout.game);
    await waitIdle(page);
    await page.waitForSelector('#replay-hidden');
    await page.click('#report-open');
    await page.fill('#report-reason', 'Looks scouted');
    await page.click('#report-send');
    await page.waitForSelector('#report-status[data-state="error"]');
    assert.equal(await page.getAttribute('#report-status', 'data-code'), 'login_required');
    assert.equal(await text('#report-status'), 'Only players on the boards may report: register or log in (or play a daily as a guest) first.');
    await page.click('#report-cancel');

    await loginAs(players['Rita Reporter'].token, 'Rita Reporter');
    await go(page, `#/game/${sam.game}`);
    assert.match(await text('#replay-hidden'), /revealed with its day/);
    await page.click('#report-open');
    assert.equal(await page.evaluate(() => document.getElementById('report-dialog').open), true);
    assert.equal(await text('#report-title'), `Report game ${sam.game}`);
    await page.fill('#report-reason', 'x'.repeat(250));
    assert.equal((await page.inputValue('#report-reason')).length, 200, 'at most 200 characters');
    await page.fill('#report-reason', 'Every hidden card played right from frame 1: looks scouted.');
    await page.click('#report-send');
    await page.waitForSelector('#report-status[data-state="ok"]');
    assert.equal(await text('#report-status'), 'Reported, thank you.');
    assert.equal(await page.isHidden('#report-send'), true);
    assert.deepEqual(await axeViolations(page), [], 'axe: the report dialog');
    await shots('report-dialog', null);
    await page.click('#report-cancel');
    assert.equal(await page.evaluate(() => document.getElementById('report-dialog').open), false);
    const reported = (await serverQueue()).find((c) => c.game === sam.game);
    assert.equal(reported.reports, 1, 'the server counted the report');

    // Your own game has no "Report"; nor has a practice game.
    await loginAs(sam.token, 'Sam Subject');
    await go(page, `#/game/${sam.game}`);
    await page.waitForSelector('#replay-hidden');
    assert.equal(await page.$('#report-open'), null);
});

test('the player\'s own daily, profile and result card say "under review"; the board leaves the result out', async () => {
    const sam = players['Sam Subject'];
    await go(page, '#/daily');
    assert.equal(await page.getAttribute('#daily-status', 'data-status'), 'finished');
    assert.equal(Number(await text('#daily-score')), sam.score);
    assert.equal(await page.getAttribute('#daily-review', 'data-review'), 'review');
    assert.equal(await text('#daily-review .review-tag'), 'under review');
    assert.equal(await text('#daily-review .review-why'), REVIEW_WORDS.review[1]);
    assert.equal(REVIEW_WORDS.review[1], 'A moderator is checking this result; it is off the boards until then.');
    const names = await page.$$eval('#daily-screen .board tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent));
    assert.ok(!names.includes('Sam Subject'), `held off the day's board: ${names}`);
    await assertNoSideways(page, 'the daily page under review');
    assert.deepEqual(await axeViolations(page), [], 'axe: the daily page under review');
    assert.ok(!(await text('#daily-status')).includes('null'), 'nothing absent is written as "null"');
    await shots('daily-under-review', 'top');

    await go(page, '#/profile');
    assert.equal(await page.getAttribute(`#recent-games tr[data-game="${sam.game}"]`, 'data-review'), 'review');
    assert.equal(await text(`#recent-games tr[data-game="${sam.game}"] .review-tag`), 'under review');
    assert.equal(await text('#recent-review-note .review-why'), REVIEW_WORDS.review[1]);

    // The result card of the finished attempt, opened again on the play screen, says it too.
    await page.evaluate((g) => localStorage.setItem('pinfall.game', String(g)), sam.game);
    await go(page, '#/play');
    await page.waitForSelector('#over-review');
    assert.equal(await text('#final-score'), String(sam.score));
    assert.equal(await page.getAttribute('#over-review', 'data-review'), 'review');
    assert.equal(await text('#over-review'), `under review ${REVIEW_WORDS.review[1]}`);
});

test('the queue: every case with the server\'s figures, paged', { timeout: 60000 }, async () => {
    await loginAs(players['Mona Moderator'].token, 'Mona Moderator');
    await go(page, '#/moderation');
    const first = await sideOk('Mona Moderator', 'review_queue', { limit: 20 });
    assert.equal(first.cases.length, 20);
    assert.equal(first.next_cursor, 20, '21 cases: a second page');
    const shown = await page.$$eval('#queue-list .case-item', (items) => items.map((li) => ({
        game: Number(li.dataset.game),
        status: li.dataset.status,
        player: li.querySelector('.case-player').textContent,
        kind: li.querySelector('.case-kind').textContent,
        badge: li.querySelector('.case-status').textContent,
        reason: li.querySelector('.case-reason').textContent,
        score: li.querySelector('.case-score strong').textContent,
        evidence: li.querySelector('.case-evidence').textContent,
        week: li.querySelector('.case-week').textContent,
        meta: li.querySelector('.case-meta').textContent,
    })));
    assert.deepEqual(shown.map((s) => s.game), first.cases.map((c) => c.game), 'the server\'s order, highest priority first');
    for (const [i, c] of first.cases.entries()) {
        const s = shown[i];
        assert.equal(s.player, c.player.name);
        assert.equal(s.status, 'review');
        assert.equal(s.badge, 'under review');
        assert.equal(s.kind, `Daily ${DAY} \u00b7 sackson`);
        assert.equal(kindText(c), `Daily ${DAY}`);
        assert.equal(s.reason, REASON_WORDS.moderator);
        assert.equal(s.score, scoreText(c));
        assert.match(s.score, new RegExp(`^${c.score} \\(`));
        assert.equal(s.evidence, `This game: ${gameEvidenceText(c.evidence)}`);
        assert.equal(s.week, `Last seven games: ${weekEvidenceText(c.evidence)}`);
        if (c.evidence && c.evidence.deciding > 0) {
            assert.ok(s.evidence.includes(`LLR ${c.evidence.llr.toFixed(2)} vs ${c.evidence.threshold.llr.toFixed(2)}`), s.evidence);
        }
        assert.equal(s.meta, `Priority ${c.priority.toFixed(2)} \u00b7 ${c.reports} report${c.reports === 1 ? '' : 's'} \u00b7 ` +
                             `${c.linked.length} linked ${c.linked.length === 1 ? 'identity' : 'identities'}`);
    }
    const sam = shown.find((s) => s.game === players['Sam Subject'].game);
    assert.match(sam.meta, /1 report/);
    assert.equal(shown[0].game, players['Sam Subject'].game, 'a report raises the case to the top');
    await assertNoSideways(page, 'the moderation queue');
    assert.deepEqual(await smallTargets(page, '#moderation-screen'), [], 'thumb-sized targets');
    assert.deepEqual(await axeViolations(page), [], 'axe: the queue');
    await shots('moderation-queue', 'top');

    await page.click('#queue-next');
    await waitIdle(page);
    const second = await sideOk('Mona Moderator', 'review_queue', { limit: 20, cursor: 20 });
    assert.equal(second.next_cursor, null);
    assert.deepEqual(await page.$$eval('#queue-list .case-item', (items) => items.map((li) => Number(li.dataset.game))),
                     second.cases.map((c) => c.game));
    assert.equal(await text('#queue-info'), 'Cases 21\u201321');
    assert.equal(await page.$('#queue-next'), null);
    await page.click('#queue-prev');
    await waitIdle(page);
    assert.equal(await page.$$eval('#queue-list .case-item', (items) => items.length), 20);
});

/** The decisions on the case page as plain data. */
const readDrivers = () => page.$$eval('#case-drivers .driver', (items) => items.map((li) => ({
    index: Number(li.dataset.index),
    head: li.querySelector('.driver-head').textContent,
    llr: li.querySelector('.driver-llr').textContent,
    q: li.querySelector('.driver-q').textContent,
    choices: [...li.querySelectorAll('tbody tr')].map((tr) => ({
        action: tr.dataset.action,
        marks: tr.dataset.marks,
        expected: tr.cells[1].textContent,
        known: tr.cells[2].textContent,
    })),
})));

/** What the server's drivers should look like on the page. */
const expectedDrivers = (drivers) => drivers.map((d) => ({
    index: d.index,
    head: `Frame ${d.frame}, ball ${d.ball} \u00b7 decision ${d.index + 1}`,
    llr: signed(d.llr),
    q: d.q.toFixed(2),
    choices: d.choices.map((c) => ({
        action: c.action,
        marks: [['played', d.played], ['coach_best', d.coach_best], ['known_best', d.known_best]]
            .filter(([, a]) => a === c.action).map(([k]) => k).join(' '),
        expected: c.expected.toFixed(2),
        known: String(c.known),
    })),
}));

test('the case view: the decisions with their values and marks, the linked identities; Clear', { timeout: 60000 }, async () => {
    const sam = players['Sam Subject'];
    const c = (await serverQueue()).find((x) => x.game === sam.game);
    await page.click(`#queue-list .case-item[data-game="${sam.game}"] .case-open`);
    await page.waitForFunction((g) => document.body.dataset.routed === `#/moderation/case/${g}`, sam.game);
    await waitIdle(page);
    assert.equal(await text('#case-title'), `Case of game ${sam.game}`);
    assert.equal(await text('#case-score'), scoreText(c));
    assert.equal(await text('#case-reports'), '1');
    // A daily before its reveal: no record for anyone, so the decisions come without the replay.
    assert.match(await text('#case-no-replay'), /^A daily’s record is revealed with its day/);
    assert.equal(await page.$('#case-replay'), null);
    assert.equal(await page.getAttribute('#evidence-game', 'data-flagged'), String(c.evidence.flagged));
    assert.equal(await text('#evidence-game td'), `LLR ${c.evidence.llr.toFixed(2)} vs ${c.evidence.threshold.llr.toFixed(2)}, ` +
                                                  `z ${c.evidence.z.toFixed(2)} vs ${c.evidence.threshold.z.toFixed(2)}`);
    assert.equal(await text('#evidence-week td'), `LLR ${c.evidence.week.llr.toFixed(2)} vs ${c.evidence.week.threshold.llr.toFixed(2)}, ` +
                                                  `z ${c.evidence.week.z.toFixed(2)} vs ${c.evidence.week.threshold.z.toFixed(2)}`);
    if (c.evidence.drivers.length > 0) {
        assert.deepEqual(await readDrivers(), expectedDrivers(c.evidence.drivers));
        for (const d of c.evidence.drivers) {
            const marks = await page.$$eval(`#case-drivers .driver[data-index="${d.index}"] .mark-badge`, (els) => els.map((e) => e.textContent));
            assert.deepEqual(marks.sort(), ['coach\u2019s best', 'par\u2019s best', 'played'].sort(), 'each mark once');
        }
    } else {
        assert.match(await text('#case-no-drivers'), /No deciding decision/);
    }
    // The scout played the same deal earlier, from the same address (and browser: the server
    // lists a shared browser only where the address differs, so here the address).
    assert.ok(c.linked.some((l) => l.player.name === players.scout.name), JSON.stringify(c.linked));
    const linked = await page.$$eval('#case-linked-list li', (lis) => lis.map((li) => ({
        name: li.querySelector('a').textContent, via: li.querySelector('.linked-via').textContent, game: Number(li.dataset.game) })));
    assert.deepEqual(linked, c.linked.map((l) => ({ name: l.player.name, via: { address: 'same address', browser: 'same browser' }[l.via],
                                                    game: l.game })));
    assert.deepEqual(linked.find((l) => l.name === players.scout.name), { name: players.scout.name, via: 'same address',
                                                                            game: players.scout.game });
    await assertNoSideways(page, 'the case view');
    assert.deepEqual(await smallTargets(page, '#moderation-screen'), [], 'thumb-sized targets');
    assert.deepEqual(await axeViolations(page), [], 'axe: the case view');

    await page.fill('#case-note-input', 'Checked: plays like the coach.');
    await page.click('#case-clear');
    await page.waitForFunction(() => document.getElementById('case-status')?.dataset.status === 'cleared');
    assert.equal(await text('#case-status'), 'cleared (back on the boards)');
    assert.equal(await text('#case-outcome'), 'Cleared: the result is back on the boards.');
    assert.equal(await text('#case-note'), 'Checked: plays like the coach.');
    assert.equal(await page.$('#case-clear'), null);
    assert.equal(await page.isVisible('#case-disqualify'), true, 'a cleared result may still be disqualified');
    assert.ok(!(await serverQueue()).some((x) => x.game === sam.game), 'a decided case leaves the queue');

    await loginAs(sam.token, 'Sam Subject');
    await go(page, '#/daily');
    assert.equal(await page.$('#daily-review'), null, 'cleared: no mark');
    const names = await page.$$eval('#daily-screen .board tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent));
    assert.ok(names.includes('Sam Subject'), `back on the day's board: ${names}`);
});

test('at 1280x800: a ban closes the player\'s page (4003); disqualify after a second click; refusals in words', { timeout: 120000 }, async () => {
    await page.setViewportSize(DESKTOP);
    const dee = players['Dee Subject'];
    const mona = players['Mona Moderator'];
    await loginAs(mona.token, 'Mona Moderator');
    assert.equal(await page.isVisible('#nav-moderation'), true, 'in the top bar on a desktop');
    await go(page, `#/moderation/case/${dee.game}`);  // by its address: looked up in the queue
    assert.equal(await text('#case-player'), 'Dee Subject');

    // Dee's own page, open while the ban comes (the same browser's storage: Dee's token for it).
    const deePage = await browser.context.newPage();
    deePage.on('pageerror', (err) => errors.push(err.message));
    const sockets = [];
    deePage.on('websocket', (ws) => sockets.push(ws.url()));
    await deePage.goto(`${server.url}favicon.svg`);
    await deePage.evaluate((t) => localStorage.setItem('pinfall.token', t), dee.token);
    await deePage.bringToFront();
    await deePage.goto(`${server.url}#/daily`);
    await waitIdle(deePage);
    assert.equal(await deePage.textContent('#account-chip'), 'Dee Subject');
    assert.equal(await deePage.getAttribute('#daily-review', 'data-review'), 'review');

    await page.click('#case-ban');
    assert.equal(await text('#case-ban'), 'Really ban Dee Subject? Click again.');
    await page.click('#case-ban');
    await page.waitForFunction(() => /banned/.test(document.getElementById('case-outcome')?.textContent ?? ''));
    assert.equal(await text('#case-outcome'), 'Dee Subject is banned: every token refused, their connections closed, ' +
                                              'their ranked results off the boards.');
    await deePage.waitForSelector('#conn-banner:not([hidden])');
    assert.equal(await deePage.textContent('#conn-banner-text'), 'This account is banned.');
    assert.equal(await deePage.getAttribute('body', 'data-conn'), 'banned');
    assert.equal(await deePage.isHidden('#conn-retry'), true, 'no "Retry now"');
    const after = sockets.length;
    await deePage.waitForTimeout(2500);  // longer than the first reconnect's wait
    assert.equal(sockets.length, after, 'no reconnect');
    assert.equal(await deePage.textContent('#conn-banner-text'), 'This account is banned.');
    // A reload: the login is refused (banned), and the page says so instead of a screen.
    await deePage.reload();
    await deePage.waitForFunction(() => document.body.dataset.conn === 'banned');
    assert.equal(await deePage.textContent('#offline-title'), 'This account is banned.');
    assert.equal(await deePage.isVisible('#offline-screen'), true);
    assert.equal(await deePage.isHidden('#offline-retry'), true);
    // "Forget this account here": the tokens go, and the page goes on as a new guest.
    await deePage.click('#conn-forget');
    await deePage.waitForFunction(() => document.body.dataset.conn === 'online' && document.body.dataset.screen === 'daily');
    await waitIdle(deePage);
    assert.equal(await deePage.textContent('#account-chip'), 'Register');
    assert.equal(await deePage.getAttribute('#daily-status', 'data-status'), 'anonymous');
    assert.equal(await deePage.isHidden('#conn-banner'), true);
    await deePage.close();
    await page.bringToFront();
    await page.evaluate((t) => localStorage.setItem('pinfall.token', t), mona.token);

    await page.click('#case-unban');
    await page.waitForFunction(() => /no longer banned/.test(document.getElementById('case-outcome')?.textContent ?? ''));
    assert.match(await text('#case-outcome'), /^Dee Subject is no longer banned/);

    // Disqualify: a second click confirms it.
    await page.fill('#case-note-input', 'Par line from frame 2 on.');
    await page.click('#case-disqualify');
    assert.equal(await text('#case-disqualify'), 'Really disqualify? It is final: click again.');
    assert.equal(await page.getAttribute('#case-status', 'data-status'), 'review', 'one click does nothing yet');
    await page.click('#case-disqualify');
    await page.waitForFunction(() => document.getElementById('case-status')?.dataset.status === 'disqualified');
    assert.equal(await text('#case-outcome'), 'Disqualified: the result is off the boards for good.');
    assert.equal(await text('#case-status'), 'disqualified (off the boards for good)');
    assert.equal(await page.$('#case-clear'), null);
    assert.equal(await page.$('#case-disqualify'), null);
    // Decided: the case has left the queue, which its address now says.
    await page.reload();
    await waitIdle(page);
    assert.match(await text('#case-missing'), /^Game \d+ has no open case in the queue/);

    // A clean result someone reported: in the queue, still on the boards; "Put under review".
    await sideOk('Rita Reporter', 'report', { game: players.scout.game, reason: 'A guest that stopped after three plays' });
    await go(page, `#/moderation/case/${players.scout.game}`);
    assert.equal(await page.getAttribute('#case-status', 'data-status'), 'clean');
    assert.equal(await text('#case-reason'), 'reported only, not flagged');
    assert.equal(await page.$('#case-clear'), null, 'no case to decide yet');
    await page.click('#case-open');
    await page.waitForFunction(() => document.getElementById('case-status')?.dataset.status === 'review');
    assert.equal(await text('#case-reason'), 'opened by a moderator');
    assert.equal(await text('#case-outcome'), 'Under review: the result is off the boards until a moderator decides.');
    assert.equal(await page.isVisible('#case-clear'), true);

    // A stale page: another moderator decided meanwhile, so Clear is refused, in words.
    const bot = players.bots[0];
    await go(page, `#/moderation/case/${bot.game}`);
    await sideOk('Mona Moderator', 'review_decide', { game: bot.game, decision: 'disqualify', note: 'elsewhere' });
    await page.click('#case-clear');
    await page.waitForSelector('#case-outcome.error');
    assert.equal(await page.getAttribute('#case-outcome', 'data-code'), 'wrong_phase');
    assert.match(await text('#case-outcome'), /^Not done: this case's status does not allow it \(a disqualified result is final\)/);
    // A game that is no finished ranked game, from the queue's form.
    await go(page, '#/moderation');
    await page.fill('#open-game', '999999');
    await page.click('#open-button');
    await page.waitForSelector('#message:not([hidden])');
    assert.equal(await page.getAttribute('#message', 'data-code'), 'unknown_game');
    assert.equal(await text('#message'), 'No finished ranked game has that number.');

    // Dee sees the disqualification on the daily page.
    await loginAs(dee.token, 'Dee Subject');
    await go(page, '#/daily');
    assert.equal(await page.getAttribute('#daily-review', 'data-review'), 'disqualified');
    assert.equal(await text('#daily-review'), `disqualified ${REVIEW_WORDS.disqualified[1]}`);
});

test('a day later: the revealed game replayed in the case view, each decision\'s choices on the rack', { timeout: 120000 }, async () => {
    const tao = players['Tao Third'];
    await server.stop({ keep: true });
    server = await startServer({ clockStart: '2026-11-30T01:30:00Z', dir: server.dir, port: server.port, extraArgs: SERVER_ARGS });
    await installTools();
    await page.bringToFront();
    await tools.evaluate((k) => window.openSession(k), 'Mona Moderator');
    await sideOk('Mona Moderator', 'hello', { version: 1 });
    await sideOk('Mona Moderator', 'login', { token: players['Mona Moderator'].token });
    const c = (await serverQueue()).find((x) => x.game === tao.game);
    assert.equal(c.status, 'review', 'still under review after the restart');

    await page.setViewportSize(PHONE);
    await page.evaluate((t) => localStorage.setItem('pinfall.token', t), players['Mona Moderator'].token);
    // A new document, so the client signs in with the token just stored: a goto that changes
    // only the hash keeps the page, and its reconnection to the restarted server may already
    // have signed in with the token it held (Dee's) before the line above ran.
    await page.goto('about:blank');
    await page.goto(`${server.url}#/moderation/case/${tao.game}`);
    await waitIdle(page);
    await page.waitForSelector('#case-replay');
    assert.equal(await page.$('#case-no-replay'), null, 'the record is public now');
    assert.equal(await page.getAttribute('#case-replay', 'data-step'), '0');
    await page.click('#case-replay-next');
    assert.equal(await page.getAttribute('#case-replay', 'data-step'), '1');
    const drivers = c.evidence.drivers;
    assert.ok(drivers.length > 0, 'this game has deciding decisions (a fixed day and fixed plays)');
    assert.deepEqual(await readDrivers(), expectedDrivers(drivers));
    const d = drivers[0];
    for (const which of ['played', 'coach_best', 'known_best']) {
        await page.click(`#case-drivers .driver[data-index="${d.index}"] button[data-show="${which}"]`);
        assert.equal(await page.getAttribute('#case-replay', 'data-step'), String(d.index), 'the position before the decision');
        assert.equal(await page.getAttribute('#case-replay-caption', 'data-showing'), which);
        const token = d[which];
        const [pile, pins] = token.includes(':') ? token.split(':') : [null, ''];
        const picked = await page.$$eval('#case-replay .pin.selected', (els) => els.map((e) => Number(e.dataset.pin)).sort((a, b) => a - b));
        assert.deepEqual(picked, pins ? pins.split(',').map(Number).sort((a, b) => a - b) : []);
        const piles = await page.$$eval('#case-replay .pile.selected', (els) => els.map((e) => e.dataset.pile));
        assert.deepEqual(piles, pile ? [pile] : []);
        assert.match(await text('#case-replay-caption'), new RegExp(`^Frame ${d.frame}, ball ${d.ball}, decision ${d.index + 1}: .*\\(${token}\\)\\.$`));
    }
    // With the record, each choice names its card.
    assert.match(await text(`#case-drivers .driver[data-index="${d.index}"] .choice-words`), /^(\d+|A)[\u2665\u2660] \(pile [1-3]\) on pins? [\d-]+$|^stop this ball$/);
    await assertNoSideways(page, 'the case view with its replay');
    assert.deepEqual(await smallTargets(page, '#moderation-screen'), [], 'thumb-sized targets');
    assert.deepEqual(await axeViolations(page), [], 'axe: the case view with its replay');
    await shots('moderation-case', '#case-replay-caption', 'start');
    assert.deepEqual(errors, [], 'no script error on any page');
});
