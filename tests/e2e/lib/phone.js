// Measuring a page on a phone (390x844, issue 17): controls inside the screen without
// scrolling, no page wider than the screen, touch targets of at least 44 px; and the
// docs/screens pictures of a screen at the phone's and a desktop's size.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { DOC_SCREEN_DIR } from './browser.js';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Every selector's first match is wholly inside the phone's screen, the page not scrolled. */
export async function assertInScreen(page, selectors) {
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page is not scrolled');
    for (const sel of selectors) {
        const box = await page.locator(sel).first().boundingBox();
        assert.ok(box, `${sel} is shown`);
        assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width + 0.5 &&
                  box.y + box.height <= PHONE.height + 0.5,
                  `${sel} is inside the 390x844 screen: ${JSON.stringify(box)}`);
    }
}

/** The page is no wider than the phone: nothing scrolls sideways. */
export async function assertNoSideways(page, what) {
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    assert.ok(width <= PHONE.width, `${what}: the page is ${width}px wide on a 390px screen`);
}

/** Visible buttons, button links and disclosure summaries under `scope` smaller than 44x44. */
export async function smallTargets(page, scope) {
    return page.$$eval(`${scope} :is(button, a.button-link, summary, .toggle)`, (els) => els
        .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed')
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
        .map(({ el, r }) => `${el.id || el.className || el.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`));
}

/** Writes docs/screens/<name>-phone.png and -desktop.png (the viewport), back to `restore`. */
export async function docShots(page, name, restore = PHONE) {
    fs.mkdirSync(DOC_SCREEN_DIR, { recursive: true });
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(150);  // a relayout, and a redraw of a view sized by media queries
        await page.screenshot({ path: path.join(DOC_SCREEN_DIR, `${name}-${size}.png`) });
    }
    await page.setViewportSize(restore);
}
