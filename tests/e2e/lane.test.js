// A real lane scored from three browsers: the owner (registered) opens a compact-official lane
// for Ann and Bob and plays for Ann, Bob joins with the code on a phone-sized screen, and a
// watcher follows. Roll-off, turns, a refused report, the owner's undo, a foul, then the whole
// game to its end; the finished lane appears on the owner's profile. No undo is offered before
// the first report; "Play again" opens a new lane for the same sides.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { DOC_SCREEN_DIR, launchBrowser, screenshot } from './lib/browser.js';
import { startServer } from './lib/server.js';
import { go, openFresh, registerAs, shownError, waitIdle } from './lib/ui.js';

let server;
const browsers = [];
const errors = [];
let owner;
let bob;
let watcher;
let code;

async function newPage(viewport) {
    const b = await launchBrowser({ reducedMotion: 'reduce', viewport });
    browsers.push(b);
    const page = await b.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await openFresh(page, server.url);
    return page;
}

before(async () => {
    server = await startServer();
    owner = await newPage();
    bob = await newPage({ width: 390, height: 844 });
    watcher = await newPage({ width: 800, height: 900 });
});

after(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
});

/** Clicks the pad button for `roll` (a number, or 'F') and waits until every page shows it. */
async function report(page, roll) {
    const version = Number(await page.getAttribute('#lane-screen', 'data-version'));
    await page.click(roll === 'F' ? '#report-pad [data-foul]' : `#report-pad [data-pins="${roll}"]`);
    await waitIdle(page);
    assert.equal(await shownError(page), null, `report ${roll}`);
    for (const p of [owner, bob, watcher]) {
        await p.waitForFunction((v) => Number(document.getElementById('lane-screen').dataset.version) >= v,
                                version + 1);
    }
}

const marks = (page, side) => page.$$eval(`#lane-sheets [data-side="${side}"] .frame`, (els) => els.map((e) => e.dataset.marks));
const totals = (page, side) => page.$$eval(`#lane-sheets [data-side="${side}"] .frame .total`, (els) => els.map((e) => e.textContent));
const turn = (page) => page.textContent('#lane-turn');

test('open a lane, join it with the code on a phone, watch it, roll off', async () => {
    await registerAs(owner, 'Ann Lee');

    await go(owner, '#/lanes');
    await screenshot(owner, '40-lanes-open');
    await owner.fill('.side-name[data-side="0"]', 'Ann');
    await owner.fill('.side-name[data-side="1"]', 'Bob');
    assert.equal(await owner.$eval('#open-join', (s) => s.selectedOptions[0].textContent), 'Ann');
    await owner.click('#open-button');
    await owner.waitForSelector('#lane-code');
    await waitIdle(owner);
    code = await owner.textContent('#lane-code');
    assert.match(code, /^[A-Z2-9]{8}$/);
    assert.equal(await owner.evaluate(() => location.hash), `#/lane/${code}`);
    assert.equal(await owner.textContent('#lane-role'), 'You play for Ann and keep score (owner).');
    assert.equal(await owner.getAttribute('#lane-turn', 'data-phase'), 'rolloff');
    assert.equal(await owner.$('#lane-undo'), null, 'no undo before the first report');
    // The QR code's address: a LAN address of the server (the page was opened on 127.0.0.1),
    // or this page's own when the machine has none.
    await owner.waitForSelector('#lane-qr svg');
    assert.match(await owner.getAttribute('#lane-qr', 'data-url'), new RegExp(`^http://[0-9.]+:\\d+/#/lane/${code}$`));
    const links = await (await fetch(`${server.url}api/links`)).json();
    const base = links.lan.length > 0 ? links.lan[0] : server.url;
    assert.equal(await owner.getAttribute('#lane-qr', 'data-url'), `${base}#/lane/${code}`);

    // Bob types the code on the lanes page, then joins his side.
    await go(bob, '#/lanes');
    await bob.fill('#join-code', code.toLowerCase());
    await bob.click('#join-go');
    await bob.waitForSelector('#lane-join');
    await waitIdle(bob);
    assert.equal(await bob.textContent('#lane-role'), 'You are watching.');
    await bob.fill('#lane-join-name', 'Bob B');
    await bob.click('#lane-join [data-side="1"]');
    await bob.waitForFunction(() => document.getElementById('lane-role')?.textContent === 'You play for Bob.');
    await waitIdle(bob);
    assert.equal(await bob.isVisible('#lane-undo'), false, 'only the owner may undo');

    await go(watcher, '#/lane/ZZZZZZ');
    const refusal = await shownError(watcher);
    assert.equal(refusal.code, 'unknown_lane');
    assert.equal(refusal.text, 'No lane has that code. Check its characters.');
    await go(watcher, `#/lane/${code}`);
    assert.equal(await shownError(watcher), null);
    assert.equal(await watcher.textContent('#lane-role'), 'You are watching.');
    assert.equal(await watcher.isVisible('#report-pad'), false);
    assert.match(await watcher.textContent('#lane-sheets [data-side="1"] .members'), /Bob B/);

    // Roll-off: Ann rolls first (the lowest side without a count); Bob waits.
    assert.match(await turn(bob), /^Roll-off: Ann rolls/);
    assert.equal(await bob.isVisible('#report-pad'), false);
    const pad = await owner.$$eval('#report-pad .pad-button', (els) => els.map((e) => e.dataset.pins ?? 'F'));
    assert.deepEqual(pad, ['0', '1', '2', '3', '4', '5', '6'], 'no foul in the roll-off; 0 to 6 pins');
    await report(owner, 0);  // a 0 rolls again
    assert.ok(await owner.isVisible('#lane-undo'), 'undo once something was reported');
    assert.match(await turn(watcher), /^Roll-off: Ann rolls/);
    await report(owner, 4);
    assert.match(await turn(owner), /^Roll-off: Bob rolls/);
    await screenshot(bob, '41-lane-phone-rolloff');
    await report(bob, 2);  // fewest pins plays first: Bob
    assert.match(await owner.textContent('#lane-order'), /1\. Bob, 2\. Ann/);
    assert.equal(await turn(watcher), 'Bob · frame 1, ball 1 · 6 pins standing');
});

test('turns, the owner\'s undo and a foul, seen by the watcher', async () => {
    // Sides: 0 is Ann (the owner's), 1 is Bob. Bob won the roll-off, so he bowls first.
    await report(bob, 6);  // strike: Bob's frame 1 ends
    assert.equal(await turn(owner), 'Ann · frame 1, ball 1 · 6 pins standing');
    assert.equal(await bob.isVisible('#report-pad'), false, 'Bob waits for Ann');
    await report(owner, 3);
    assert.deepEqual(await owner.$$eval('#report-pad .pad-button', (els) => els.map((e) => e.dataset.pins ?? 'F')),
                     ['0', '1', '2', '3', 'F']);
    await report(owner, 1);  // a wrong count...
    assert.deepEqual((await marks(watcher, 0)).slice(0, 2), ['31', '']);
    await owner.click('#lane-undo');  // ...taken back by the owner
    await waitIdle(owner);
    await watcher.waitForFunction(() => document.querySelector('#lane-sheets [data-side="0"] .frame').dataset.marks === '3');
    assert.equal(await turn(watcher), 'Ann · frame 1, ball 2 · 3 pins standing');
    assert.equal(await watcher.textContent('#lane-last'), 'The last report was undone.');
    await report(owner, 3);  // spare
    assert.deepEqual((await marks(watcher, 0)).slice(0, 1), ['3/']);
    assert.deepEqual((await totals(watcher, 1)).slice(0, 1), [''], 'Bob\'s strike waits for its bonus');

    // Bob's frame 2: a foul, then the full rack is a spare (F/); his strike now has its total.
    await report(bob, 'F');
    await report(bob, 6);
    assert.deepEqual((await marks(owner, 1)).slice(0, 2), ['X', 'F/']);
    assert.deepEqual((await totals(owner, 1)).slice(0, 1), ['12']);
    assert.equal(await turn(watcher), 'Ann · frame 2, ball 1 · 6 pins standing');
    assert.match(await watcher.getAttribute('#lane-sheets [data-side="0"]', 'class'), /\bturn\b/);
    await screenshot(watcher, '42-lane-watcher');
    await screenshot(bob, '43-lane-phone-waiting');
    await screenshot(owner, '44-lane-owner');

    // The phone shows the whole sheet without sideways scrolling.
    const width = await bob.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the phone page is ${width}px wide`);
});

test('the game played to its end; the lane is on the owner\'s profile', { timeout: 120000 }, async () => {
    // Ann rolls 1 on every ball, Bob strikes on every ball, until the lane is complete.
    let shotPad = false;
    while ((await owner.getAttribute('#lane-turn', 'data-phase')) !== 'complete') {
        const side = Number(await owner.getAttribute('#lane-turn', 'data-side'));
        if (side === 1 && !shotPad) {
            shotPad = true;
            await screenshot(bob, '46-lane-phone-pad');
            const box = await bob.locator('#report-pad [data-pins="6"]').boundingBox();
            assert.ok(box.height >= 60 && box.x + box.width <= 390, 'big buttons, on the phone screen');
        }
        await report(side === 1 ? bob : owner, side === 1 ? 6 : 1);
    }
    assert.match(await turn(watcher), /^Game complete: Bob wins with \d+\.$/);
    assert.equal(await owner.isVisible('#lane-undo'), false, 'no undo once complete');
    assert.deepEqual(await marks(watcher, 0), ['3/', '11', '11', '11', '11', '11', '11', '11', '11', '11']);
    assert.equal(await watcher.textContent('#lane-sheets [data-side="0"] .side-score'), '25');
    await screenshot(owner, '45-lane-complete');

    await go(owner, '#/profile');
    await owner.waitForSelector(`#lane-games tr[data-lane="${code}"]`);
    const row = await owner.$eval(`#lane-games tr[data-lane="${code}"]`, (tr) => [...tr.cells].map((c) => c.textContent));
    assert.deepEqual(row.slice(0, 4), [code, 'Compact Bowling', 'Ann', '25']);
    assert.deepEqual(errors, []);
});

test('"Play again" on a finished lane opens a new lane for the same sides', async () => {
    await go(owner, `#/lane/${code}`);
    await owner.waitForSelector('#lane-again');
    assert.equal(await bob.$('#lane-undo'), null);
    assert.equal(await watcher.$('#lane-again'), null, 'a watcher has no game to play again');
    await owner.click('#lane-again');
    await owner.waitForFunction((old) => {
        const c = document.getElementById('lane-code')?.textContent;
        return c && c !== old;
    }, code);
    await waitIdle(owner);
    const again = await owner.textContent('#lane-code');
    assert.match(again, /^[A-Z2-9]{8}$/);
    assert.equal(await owner.evaluate(() => location.hash), `#/lane/${again}`);
    assert.equal(await owner.getAttribute('#lane-turn', 'data-phase'), 'rolloff');
    assert.equal(await owner.textContent('#lane-role'), 'You play for Ann and keep score (owner).');
    assert.deepEqual(await owner.$$eval('#lane-sheets .side-title', (els) => els.map((e) => e.textContent)),
                     ['Ann', 'Bob']);
    assert.equal(await owner.$('#lane-undo'), null, 'a new lane: nothing to undo yet');
    // docs/screens (the house rule): the new lane, at a desktop and a phone size.
    const docs = DOC_SCREEN_DIR;
    fs.mkdirSync(docs, { recursive: true });
    for (const [w, hgt, suffix] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) {
        await owner.setViewportSize({ width: w, height: hgt });
        await owner.screenshot({ path: path.join(docs, `lane-play-again-${suffix}.png`) });
    }
    assert.deepEqual(errors, []);
});
