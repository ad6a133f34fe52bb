// Launches Debian's headless chromium through playwright-core: never a downloaded browser,
// a fresh user-data-dir each time, no network use of its own.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM = process.env.PINFALL_CHROMIUM || '/usr/bin/chromium';
const ARGS = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Repo root/build/e2e-screenshots unless PINFALL_SCREENSHOT_DIR says otherwise. */
export const SCREENSHOT_DIR = process.env.PINFALL_SCREENSHOT_DIR ||
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../build/e2e-screenshots');

/**
 * options: {reducedMotion: 'reduce'|'no-preference', viewport, timezoneId (default UTC, so
 * local times read the same on every machine)}. Returns {context, close}.
 */
export async function launchBrowser(options = {}) {
    if (!fs.existsSync(CHROMIUM)) {
        throw new Error(`${CHROMIUM} is missing: install Debian's chromium (scripts/deps.sh)`);
    }
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinfall-e2e-chromium-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM,
        headless: true,
        args: ARGS,
        viewport: options.viewport ?? { width: 1100, height: 900 },
        reducedMotion: options.reducedMotion ?? 'no-preference',
        timezoneId: options.timezoneId ?? 'UTC',
        timeout: 30000,
    });
    context.setDefaultTimeout(15000);
    return {
        context,
        async close() {
            await context.close();
            fs.rmSync(userDataDir, { recursive: true, force: true });
        },
    };
}

/**
 * Where the tests put the screenshots of docs/screens (the house rule): docs/screens itself only
 * when PINFALL_DOC_SCREENS=1, so that `make test` leaves the tracked images alone (they hold
 * fresh tokens and dates each run); else <SCREENSHOT_DIR>/docs. Callers create the folder.
 */
export const DOC_SCREEN_DIR = process.env.PINFALL_DOC_SCREENS === '1'
    ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screens')
    : path.join(SCREENSHOT_DIR, 'docs');

/** Writes build/e2e-screenshots/<name>.png (the full page). */
export async function screenshot(page, name) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * A picture for docs/screens: scrolls `focus` (a selector), when given, to the middle of the
 * screen, then writes build/e2e-screenshots/<name>.png (the full page) and <DOC_SCREEN_DIR>/
 * <name>.png (the viewport as it is set, which is what docs/screens shows).
 */
export async function docScreen(page, name, focus = null) {
    if (focus) await page.$eval(focus, (el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, name);
    fs.mkdirSync(DOC_SCREEN_DIR, { recursive: true });
    await page.screenshot({ path: path.join(DOC_SCREEN_DIR, `${name}.png`) });
}
