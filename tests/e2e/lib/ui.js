// Driving the Pinfall page the way a player does: by clicking what is on screen.

import assert from 'node:assert/strict';

export const ZERO_SEED = '0'.repeat(64);

/** Waits until the page is not busy (no request in flight, no update being shown). */
export async function waitIdle(page) {
    await page.waitForFunction(() => document.body.dataset.busy === '0' &&
                                     document.body.dataset.screen !== 'loading');
}

/** Sets the address as a link would and waits until the app has handled it and is idle. The
 * hashchange event comes after the assignment returns, so waiting for data-busy alone could
 * see the page idle before the new screen began loading; the app marks body[data-routed]. */
export async function go(page, hash) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction((h) => location.hash === h && document.body.dataset.routed === h, hash);
    await waitIdle(page);
}

/** Opens the app with empty storage (a new guest) and waits for the start screen. */
export async function openFresh(page, url) {
    await page.goto(url);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await waitIdle(page);
    assert.equal(await screen(page), 'start');
}

/** Registers the page's player (a guest until then) under `name` on the account page and waits
 * until the page shows the account and is idle. */
export async function registerAs(page, name) {
    await go(page, '#/account');
    await page.fill('#register-name', name);
    await page.click('#register-button');
    await page.waitForSelector('#account-name');
    await waitIdle(page);
}

export async function screen(page) {
    return page.evaluate(() => document.body.dataset.screen);
}

/** Opens the landing page's "More options" (the ruleset and seed form), if closed. */
export async function openMoreOptions(page) {
    if (!(await page.evaluate(() => document.getElementById('more-options').open))) {
        await page.click('#more-options summary');
    }
}

/** Fills the start screen's "More options" and starts a practice game. */
export async function startGame(page, { ruleset = 'sackson', seed = '' } = {}) {
    await openMoreOptions(page);
    await page.check(`input[name="ruleset"][value="${ruleset}"]`);
    await page.fill('#seed', seed);
    await page.click('#start-button');
    await page.waitForSelector('#play-screen:not([hidden])');
    await waitIdle(page);
}

/** Clicks a pile, the pins, then Knock down; waits for the result to be shown. */
export async function knock(page, pile, pins) {
    await page.click(`.pile[data-pile="${pile}"]`);
    for (const pin of pins) await page.click(`.pin[data-pin="${pin}"]`);
    await page.click('#knock');
    await waitIdle(page);
    await expectNoError(page, `knock down ${pile}:${pins}`);
}

export async function stopBall(page) {
    await page.click('#stop');
    await waitIdle(page);
    await expectNoError(page, 'stop');
}

async function expectNoError(page, what) {
    const err = await shownError(page);
    assert.equal(err, null, `${what} was accepted, but the page shows: ${err?.text}`);
}

/** What the play screen shows, as plain data. */
export async function readTable(page) {
    return page.evaluate(() => {
        const text = (sel) => document.querySelector(sel)?.textContent.trim() ?? '';
        return {
            frame: text('#frame-label'),
            game: text('#ruleset-label'),
            pins: [...document.querySelectorAll('.pin')].map((el) =>
                `${el.dataset.pin}:${el.classList.contains('down') ? '-' : el.querySelector('.card').textContent}`),
            // What is drawn: the words for screen readers (.sr-only) are not part of it.
            piles: [...document.querySelectorAll('.pile')].map((el) => [...el.children]
                .filter((c) => !c.classList.contains('sr-only')).map((c) => c.textContent).join('').trim()),
            marks: [...document.querySelectorAll('.frame')].map((el) => el.dataset.marks),
            totals: [...document.querySelectorAll('.frame .total')].map((el) => el.textContent),
            score: document.querySelector('.sheet-score')?.dataset.score,
            version: document.body.dataset.version,
        };
    });
}

/** The error line, or null when none is shown. */
export async function shownError(page) {
    return page.evaluate(() => {
        const el = document.getElementById('message');
        return el.hidden ? null : { text: el.textContent, code: el.dataset.code };
    });
}

/** Pins of the rack that carry the hint highlight. */
export async function highlightedPins(page) {
    return page.$$eval('.pin.hint', (els) => els.map((el) => Number(el.dataset.pin)));
}
