// The lane link as a QR code: with --public-url the code carries that address (whatever the
// page was opened as); the code is a real QR symbol of the link (its module count fits the
// link's length) and is drawn on the lane page at a phone and a desktop size.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { DOC_SCREEN_DIR, launchBrowser } from './lib/browser.js';
import { startServer } from './lib/server.js';
import { openFresh, waitIdle } from './lib/ui.js';

const DOCS = DOC_SCREEN_DIR;
let server;
let browser;
let page;
const errors = [];

before(async () => {
    server = await startServer({ extraArgs: ['--public-url', 'https://bowl.example/club'] });
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
    page = await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await openFresh(page, server.url);
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

test('a new lane shows its link as a QR code with the public URL', async () => {
    await page.evaluate(() => { location.hash = '#/lanes'; });
    await page.waitForSelector('#open-button');
    await waitIdle(page);
    await page.fill('.side-name[data-side="0"]', 'Ann');
    await page.fill('.side-name[data-side="1"]', 'Bob');
    await page.click('#open-button');
    await page.waitForSelector('#lane-qr svg');
    await waitIdle(page);
    const code = await page.textContent('#lane-code');
    const url = `https://bowl.example/club/#/lane/${code}`;
    assert.equal(await page.getAttribute('#lane-qr', 'data-url'), url);
    assert.equal(await page.textContent('#lane-qr-link'), url);
    assert.equal(await page.$('#lane-qr-base'), null, 'one address: no choice to make');
    assert.doesNotMatch(await page.textContent('#lane-qr'), /null|undefined/);
    // Version 3 (29 modules) holds up to 42 bytes at level M, version 4 (33) up to 62.
    const modules = Number(await page.getAttribute('#lane-qr svg', 'data-modules'));
    assert.equal(modules, url.length <= 42 ? 29 : 33);
    assert.equal(await page.getAttribute('#lane-qr svg', 'aria-label'), `QR code of ${url}`);
    fs.mkdirSync(DOCS, { recursive: true });
    await page.screenshot({ path: path.join(DOCS, 'lane-qr-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(DOCS, 'lane-qr-desktop.png'), fullPage: true });
    assert.deepEqual(errors, []);
});
