// The landing page and the rough edges of issue 17: one big "Play today's daily" and
// "Practice" (the seed under "More options"), the illustrated first-visit "How to play" (and
// the play screen's "?"), Enter pressing the focused button, each screen's title, the hint ring
// (3:1 on the lane, a shape unlike the selection), server errors as sentences with a way back,
// the favicon; axe-core finds no serious or critical violation on the pages visited.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { launchBrowser } from './lib/browser.js';
import { PHONE, assertInScreen, docShots } from './lib/phone.js';
import { axeViolations } from './lib/axe.js';
import { startServer } from './lib/server.js';
import { ZERO_SEED, openFresh, readTable, shownError, startGame, waitIdle } from './lib/ui.js';

let server;
let browser;
let page;
const errors = [];

before(async () => {
    server = await startServer();
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: PHONE });
    page = await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

const title = () => page.evaluate(() => document.title);

/** WCAG contrast ratio of two "rgb(r, g, b)" or "#rrggbb" colours. */
function contrast(a, b) {
    const rgb = (c) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16))
        : c.match(/\d+/g).slice(0, 3).map(Number));
    const lum = (c) => {
        const [r, g, bl] = rgb(c).map((v) => {
            const s = v / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
}

test('first visit: two big choices, the seed under "More options", the illustrated how-to', async () => {
    await openFresh(page, server.url);
    assert.equal(await title(), 'Pinfall: Bowling Solitaire');
    await assertInScreen(page, ['#play-daily', '#practice-button']);
    for (const sel of ['#play-daily', '#practice-button']) {
        const box = await page.locator(sel).boundingBox();
        assert.ok(box.height >= 56 && box.width >= 300, `${sel} is big on a phone: ${JSON.stringify(box)}`);
    }
    assert.equal(await page.textContent('#play-daily'), 'Play today\u2019s daily');
    assert.equal(await page.isVisible('#seed'), false, 'the seed waits under "More options"');
    assert.equal(await page.isVisible('#howto-inline'), true);
    assert.equal(await page.textContent('#howto-title'), 'New here? How to play');
    // Which pins touch: ten numbered pins and the 18 touching pairs of docs/rules.md.
    assert.equal(await page.$$eval('#howto-inline .howto-pins circle', (els) => els.length), 10);
    assert.equal(await page.$$eval('#howto-inline .howto-pins line', (els) => els.length), 18);
    // The worked example with real cards: the 7 takes 9 + 8 + 10 = 27 on pins 1, 2 and 3.
    const example = await page.$$eval('#howto-inline .howto-rack .demo-pin.picked', (els) => els.map((el) =>
        `${el.querySelector('.pin-no').textContent}:${el.querySelector('.card').textContent}`));
    assert.deepEqual(example.sort(), ['1:9♥', '2:8♠', '3:10♥']);
    assert.match(await page.textContent('#howto-inline'), /9 \+ 8 \+ 10 = 27, which ends in 7/);
    assert.equal(await page.$$eval('#howto-inline .howto-burn .burned', (els) => els.length), 3);
    assert.deepEqual(await page.$$eval('#howto-inline .howto-sheet .demo-frame', (els) => els.slice(0, 3)
        .map((el) => `${el.dataset.marks} ${el.querySelector('.total').textContent}`)), ['X 20', '7/ 38', '81 47']);
    await docShots(page, 'landing-first-visit');
    assert.deepEqual(await axeViolations(page), [], 'axe: the landing page');

    await page.click('#howto-done');
    assert.equal(await page.isVisible('#howto-inline'), false);
    await page.reload();
    await waitIdle(page);
    assert.equal(await page.isVisible('#howto-inline'), false, 'a second visit goes straight to the choices');
    await page.click('#more-options summary');
    assert.equal(await page.isVisible('#seed'), true);
    await docShots(page, 'landing-more-options');
});

test('"Practice" starts a random deal at once; "?" opens the how-to over the board', async () => {
    await page.click('#practice-button');
    await page.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(page);
    assert.match(await page.textContent('#ruleset-label'), /^sackson rules · game \d+$/);
    assert.equal(await title(), 'Game · Pinfall');
    const box = await page.locator('#help-button').boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44);
    await page.click('#help-button');
    assert.equal(await page.evaluate(() => document.getElementById('howto-dialog').open), true);
    assert.equal(await page.$$eval('#howto-dialog .howto-pins circle', (els) => els.length), 10);
    await page.keyboard.press('1');  // the board's keys are off under the dialog
    assert.equal(await page.$$eval('.pile[aria-pressed="true"]', (els) => els.length), 0);
    await docShots(page, 'howto-dialog');
    assert.deepEqual(await axeViolations(page), [], 'axe: the how-to dialog');
    await page.click('#howto-close');
    assert.equal(await page.evaluate(() => document.getElementById('howto-dialog').open), false);
    assert.deepEqual(await axeViolations(page), [], 'axe: the play screen');
});

test('"Play today\'s daily" starts the daily, or says how to take part', async () => {
    await page.evaluate(() => { location.hash = '#/'; });
    await page.waitForFunction(() => document.body.dataset.screen === 'start');
    await page.click('#play-daily');
    await page.waitForFunction(() => ['play', 'daily'].includes(document.body.dataset.screen) &&
                                     document.body.dataset.busy === '0');
    if (await page.evaluate(() => document.body.dataset.screen) === 'play') {
        assert.match(await page.textContent('#ruleset-label'), /^Daily challenge · sackson rules/);
    } else {
        // A server that ranks accounts only: the daily page offers to register.
        assert.equal(await page.getAttribute('#daily-status', 'data-status'), 'anonymous');
        assert.equal(await page.isVisible('#daily-register'), true);
    }
    assert.equal(await shownError(page), null);
    assert.deepEqual(await axeViolations(page), [], 'axe: after "Play today\'s daily"');
});

test('Enter presses the focused button; with nothing focused it knocks down', async () => {
    await page.evaluate(() => { location.hash = '#/'; });
    await page.waitForFunction(() => document.body.dataset.screen === 'start');
    await startGame(page, { seed: ZERO_SEED });
    await page.focus('#stop');
    await page.keyboard.press('Enter');
    await waitIdle(page);
    assert.equal(await shownError(page), null, 'Enter on "Stop" did not try to knock down');
    assert.equal((await readTable(page)).frame, 'Frame 1 · Ball 2');
    await page.focus('.pin[data-pin="3"]');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('.pin[data-pin="3"]', 'aria-pressed'), 'true', 'Enter on a pin picks it');
    assert.equal(await shownError(page), null);
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('Escape');  // takes pin 3 back
    // The burn turned 7H up on pile 1: it takes pin 2 (7S).
    for (const key of ['1', '2']) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
    await waitIdle(page);
    assert.equal(await shownError(page), null);
    assert.deepEqual((await readTable(page)).pins.filter((p) => p.endsWith(':-')), ['2:-']);
});

test('the hint ring: 3:1 against the lane, and a shape unlike the selection', async () => {
    if (!(await page.isChecked('#hints'))) await page.click('#hints');
    await page.click('.pile[data-pile="2"]');
    const hint = await page.$eval('.pin.hint:not(.selected)', (el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, color: s.outlineColor, width: parseFloat(s.outlineWidth) };
    });
    assert.equal(hint.style, 'dashed');
    assert.ok(hint.width >= 2);
    for (const lane of ['#e9cf9f', '#dcb97c']) {
        const ratio = contrast(hint.color, lane);
        assert.ok(ratio >= 3, `hint ring ${hint.color} on the lane ${lane}: ${ratio.toFixed(2)}:1`);
    }
    const pin = await page.$eval('.pin.hint', (el) => el.dataset.pin);
    await page.click(`.pin[data-pin="${pin}"]`);
    const selected = await page.$eval(`.pin[data-pin="${pin}"]`, (el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, raised: s.transform !== 'none' };
    });
    assert.deepEqual(selected, { style: 'none', raised: true }, 'selected: solid ring, raised, no dashes');
    await docShots(page, 'hint-and-selected');
});

test('rough edges: server errors as sentences with a way back, the favicon', async () => {
    await page.evaluate(() => { location.hash = '#/game/987654'; });
    await page.waitForSelector('#message:not([hidden])');
    const err = await shownError(page);
    assert.match(err.text, /^[A-Z].*\.$/, `a sentence: ${err.text}`);
    assert.equal(await page.isVisible('#replay-screen .way-back a[href="#/"]'), true);
    assert.equal(await page.$$eval('[data-nav][aria-current="page"]', (els) => els.length), 0,
                 '"Profile" is not marked on a replay');
    await docShots(page, 'replay-unknown-game');
    await page.click('#replay-screen .way-back a[href="#/"]');
    await page.waitForFunction(() => document.body.dataset.screen === 'start');

    assert.equal(await page.getAttribute('link[rel="icon"]', 'href'), 'favicon.svg');
    const icon = await page.request.get(`${server.url}favicon.svg`);
    assert.equal(icon.status(), 200);
    assert.match(icon.headers()['content-type'], /^image\/svg\+xml/);
    assert.match(await icon.text(), /<svg[^>]*viewBox="0 0 64 64"/);
    assert.deepEqual(errors, []);
});
