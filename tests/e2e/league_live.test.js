// Live league pages and league seed commitments, two browsers that never reload: the
// secretary (1280x800) creates a league and joins it; the member (390x844) joins with the code
// and the secretary's page shows the new member by itself; the secretary starts the season and
// the member's page turns to "running" with the round's seed commitments; the secretary ends
// round 1 and the member's page shows the revealed seeds, checked in the browser against the
// commitments it saw before (and one tampered commitment is reported as a mismatch). The
// secretary's page shows the open round's progress (a game the member starts appears as in
// play by itself) and "End round now" says how many games would become blinds.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';

import { docScreen, launchBrowser } from './lib/browser.js';
import { startServer } from './lib/server.js';
import { go, openFresh, registerAs, waitIdle } from './lib/ui.js';

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
    secBrowser = await launchBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    memBrowser = await launchBrowser({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
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


const members = (page) => page.$$eval('#league-members li', (els) => els.length);

test('invite link, a bowling secretary, and a member joining shown without a reload', async () => {
    await register(sec, 'Sam Secretary');
    await register(mem, 'Mia Member');
    await go(sec, '#/leagues');
    await sec.fill('#lg-name', 'Live Night');
    await sec.fill('#lg-rounds', '2');
    await sec.fill('#lg-games', '2');
    await sec.fill('#lg-days', '1');
    await sec.check('input[name="scoring"][value="handicap"]');
    assert.equal(await sec.inputValue('#lg-basis'), '190', 'the defaults fitted to Bowling Solitaire');
    assert.equal(await sec.inputValue('#lg-entering'), '120');
    await sec.selectOption('#lg-ruleset', 'strict');
    assert.equal(await sec.inputValue('#lg-basis'), '150');
    await sec.selectOption('#lg-ruleset', 'sackson');
    assert.equal(await sec.inputValue('#lg-basis'), '190');
    assert.ok(await sec.isChecked('#lg-bowls'), 'the secretary bowls by default');
    await sec.click('#league-create');
    await sec.waitForSelector('#league-name');
    await waitIdle(sec);
    // No extra step: the secretary is a member at once.
    assert.ok(await sec.isVisible('#league-you'));
    assert.equal(await sec.$('#league-self-join'), null);
    shared.code = await sec.textContent('#league-code-shown');
    assert.equal(await members(sec), 1);
    assert.equal(await sec.$('#league-seeds'), null, 'no commitments before the season');
    const link = await sec.getAttribute('#league-invite-link', 'href');
    assert.equal(link, `${server.url}/#/leagues/join/${shared.code}`.replace(/\/+#/, '/#'));

    const loads = await sec.evaluate(() => performance.getEntriesByType('navigation').length);
    // The member opens the invite link: the join form with the code filled in.
    await mem.goto(link);
    await mem.waitForSelector('#league-invited');
    await waitIdle(mem);
    assert.equal(await mem.inputValue('#league-code'), shared.code);
    await docScreen(mem, 'league-invite-link-phone');
    await mem.click('#league-join');
    await mem.waitForSelector('#league-you');
    await waitIdle(mem);
    await sec.waitForFunction(() => document.querySelectorAll('#league-members li').length === 2);
    await waitIdle(sec);
    assert.equal(await sec.textContent('#league-live'), 'A member joined.');
    assert.match(await sec.textContent('#league-members'), /Mia Member/);
    assert.equal(await sec.evaluate(() => performance.getEntriesByType('navigation').length), loads,
                 'the page was not reloaded');
    // Before the season the secretary sees the handicap each member would get, and from what.
    assert.ok(await sec.isVisible('#handicap-preview'));
    assert.deepEqual(await sec.$$eval('#league-members .member-average', (els) => els.map((e) => e.textContent)),
                     [' \u00b7 entering 120 \u00b7 handicap 63', ' \u00b7 entering 120 \u00b7 handicap 63']);
    await docScreen(sec, 'league-invite-secretary-desktop');

    // "Your leagues" comes from the server, with each one's role.
    await go(mem, '#/leagues');
    await mem.waitForSelector('#my-leagues li');
    assert.deepEqual(await mem.$$eval('#my-leagues li', (lis) => lis.map((li) => li.textContent)),
                     ['Live Night \u00b7 member \u00b7 forming']);
    await go(mem, `#/league/${await sec.evaluate(() => location.hash.split('/')[2])}`);
    await mem.waitForSelector('#league-you');
    await waitIdle(mem);
});

test('the season starts on the member\'s page by itself, with the seed commitments', async () => {
    await sec.click('#secretary-actions button[data-action="start_season"]');
    await sec.waitForSelector('#league-status[data-status="running"]');
    await mem.waitForSelector('#league-status[data-status="running"]');
    await waitIdle(mem);
    assert.equal(await mem.textContent('#league-live'), 'The season started.');
    assert.equal(await mem.$$eval('#league-schedule tr[data-round="1"] button[data-game]', (b) => b.length), 2);
    const committed = await mem.$$eval('#league-seeds li', (lis) => lis.map((li) => li.querySelector('.check').dataset.check));
    assert.deepEqual(committed, ['committed', 'committed', 'committed', 'committed']);
    const hex = await mem.$$eval('#league-seeds li code.hex', (els) => els.map((e) => e.textContent));
    assert.equal(hex.length, 4);
    hex.forEach((x) => assert.match(x, /^[0-9a-f]{64}$/));
    shared.commitments = hex;
    await mem.click('#league-seeds summary');
    await docScreen(mem, 'league-live-running-phone');
    await mem.click('#league-seeds summary');

    // The secretary's round progress: nobody has started.
    await waitIdle(sec);
    const states = () => sec.$$eval('#secretary-actions .round-progress[data-round="1"] td[data-state]',
                                    (tds) => tds.map((td) => td.dataset.state));
    assert.deepEqual(await states(), ['none', 'none', 'none', 'none']);
    assert.equal(await sec.textContent('button[data-action="end_round"][data-round="1"]'),
                 'End round 1 now (4 games not started)');
});

test('a member starting a game shows on the secretary\'s progress by itself', async () => {
    shared.hash = await sec.evaluate(() => location.hash);
    await mem.click('#league-schedule button[data-round="1"][data-game="2"]');
    await mem.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(mem);
    await sec.waitForSelector('#secretary-actions .round-progress td[data-state="playing"]');
    await waitIdle(sec);
    assert.equal(await sec.textContent('#league-live'), 'A league game started.');
    const row = await sec.$eval('#secretary-actions .round-progress tr:has(td[data-state="playing"]) th', (th) => th.textContent);
    assert.equal(row, 'Mia Member');
    assert.equal(await sec.$eval('#secretary-actions .round-progress td[data-state="playing"]', (td) => td.dataset.game), '2');
    assert.equal(await sec.textContent('button[data-action="end_round"][data-round="1"]'),
                 'End round 1 now (3 games not started, 1 game in play)');
    await docScreen(sec, 'league-live-progress-desktop');
    await sec.setViewportSize({ width: 390, height: 844 });
    await docScreen(sec, 'league-live-progress-phone');
    await sec.setViewportSize({ width: 1280, height: 800 });
    await go(mem, shared.hash);
    await mem.waitForSelector('#league-seeds');
});

test('ending a round reveals its seeds; the member\'s browser checks them', async () => {
    // A tampered memory for round 1 game 2: the check must say it does not match.
    await mem.evaluate(() => {
        const key = 'pinfall.league_commitments';
        const seen = JSON.parse(localStorage.getItem(key));
        const k = Object.keys(seen).find((x) => x.endsWith('/1/2'));
        seen[k] = 'f'.repeat(64);
        localStorage.setItem(key, JSON.stringify(seen));
    });
    sec.once('dialog', (d) => { shared.question = d.message(); });
    await sec.click('button[data-action="end_round"][data-round="1"]');
    await sec.waitForSelector('#league-schedule tr[data-round="1"][data-status="closed"]');
    await mem.waitForSelector('#league-schedule tr[data-round="1"][data-status="closed"]');
    await mem.waitForFunction(() => [...document.querySelectorAll('#league-seeds .round-seeds[data-round="1"] .check')]
        .every((c) => c.dataset.check !== 'pending'));
    await waitIdle(mem);
    assert.equal(shared.question, 'End round 1 now? 3 games not started would become blinds. ' +
                 '1 game in play would end where it stands.');
    // The round's end, then the end of Mia's game in play (it ends where it stands), are pushed.
    assert.match(await mem.textContent('#league-live'), /^(The secretary ended a round|A league game finished)\.$/);
    const checks = await mem.$$eval('#league-seeds .round-seeds[data-round="1"] .check', (els) => els.map((e) => e.dataset.check));
    assert.deepEqual(checks, ['ok', 'mismatch']);
    const seeds = await mem.$$eval('#league-seeds .round-seeds[data-round="1"] code.seed', (els) => els.map((e) => e.textContent));
    assert.equal(seeds.length, 2);
    seeds.forEach((x) => assert.match(x, /^[0-9a-f]{64}$/));
    assert.equal(await mem.$$eval('#league-seeds .round-seeds[data-round="2"] code.seed', (els) => els.length), 0,
                 'round 2 stays secret');
    assert.match(await mem.textContent('#league-seeds .round-seeds[data-round="1"] li[data-game="1"]'),
                 /matches the commitment this browser saw/);
    await mem.click('#league-seeds summary');
    await docScreen(mem, 'league-live-revealed-phone');
    // Mia's game in play ended where it stood at the close: its end is pushed too, and her
    // average is now her league average.
    await sec.waitForFunction(() => document.getElementById('league-live')?.textContent === 'A league game finished.');
    await sec.waitForSelector('.round-results[data-round="1"]');
    await waitIdle(sec);
    const averages = await sec.$$eval('#league-members .member-average', (els) => els.map((e) => e.textContent));
    assert.equal(averages[0], ' \u00b7 entering 120 \u00b7 handicap 63', 'Sam bowled nothing');
    assert.match(averages[1], /^ · avg \d+, league, 1 game · handicap \d+$/);
    await docScreen(sec, 'league-live-revealed-desktop');

    // Readable results: every score cell "scratch (with handicap)", blinds the same way.
    const cells = await sec.$$eval('.round-results[data-round="1"] tbody td:nth-child(n+4):nth-last-child(n+3)',
                                   (tds) => tds.map((td) => td.textContent));
    assert.equal(cells.length, 4, 'two members x two games');
    cells.forEach((c) => assert.match(c, /^(blind )?\d+ \(\d+\)$/));
    assert.equal(cells.filter((c) => c.startsWith('blind')).length, 3, 'only Mia\'s game 2 was bowled');
    assert.match(await sec.textContent('#league-legend'), /1 for each game won .* \+ 1 for the higher series/);
    assert.ok(await sec.getAttribute('#league-standings th:nth-child(4)', 'title'));
    // Standings as CSV, for the wall.
    const [download] = await Promise.all([sec.waitForEvent('download'), sec.click('#standings-csv')]);
    const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
    assert.equal(csv[0], 'Rank,Player,Games,Average,High game,High series,Scratch pins,Handicap pins,Points won,Points lost');
    assert.equal(csv.length, 4, 'a header, two members, a final line end');
    assert.match(csv[1], /^1,(Mia Member|Sam Secretary),/);
    // Printed: the tables without the buttons and the secretary's panel.
    await sec.emulateMedia({ media: 'print' });
    assert.equal(await sec.isVisible('#secretary-actions'), false);
    assert.equal(await sec.isVisible('#standings-csv'), false);
    assert.ok(await sec.isVisible('#league-standings'));
    assert.ok(await sec.isVisible('.round-results[data-round="1"]'));
    await docScreen(sec, 'league-print-desktop');
    await sec.emulateMedia({ media: 'screen' });
    await mem.setViewportSize({ width: 1280, height: 800 });
    await waitIdle(mem);
    await docScreen(mem, 'league-live-member-desktop');
    await sec.setViewportSize({ width: 390, height: 844 });
    await docScreen(sec, 'league-live-secretary-phone');
    assert.deepEqual(errors, []);
});
