// Accounts with a password (issue 18, docs/protocol.md "Passwords and tokens"), at a desktop
// (1280x800) and a phone (390x844) size: register with a password and see the token once,
// change the password (a wrong current one refused), log in by name and password on a second
// device, "Log out other devices" (a new token shown once; the other device is refused on its
// next request and becomes a guest), and registering without a password ("save it").
// Screenshots of the changed screens go to docs/screens/account-*-{desktop,phone}.png.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { docScreen, launchBrowser } from './lib/browser.js';
import { startServer } from './lib/server.js';
import { openFresh, shownError, waitIdle } from './lib/ui.js';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
let server;
const browsers = [];
const errors = [];

before(async () => {
    server = await startServer();
});

after(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
});

async function newPage(size) {
    const b = await launchBrowser({ reducedMotion: 'reduce', viewport: SIZES[size] });
    browsers.push(b);
    const page = await b.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    return page;
}


const storedToken = (page) => page.evaluate(() => localStorage.getItem('pinfall.token'));

async function openAccount(page) {
    await page.click('#account-chip');
    await page.waitForSelector('#account-status');
    await waitIdle(page);
}

for (const size of Object.keys(SIZES)) {
    test(`password accounts at ${size} size`, async () => {
        const name = `Pat ${size}`;
        const first = await newPage(size);
        await openFresh(first, server.url);
        await openAccount(first);
        await first.waitForSelector('#password-login-form');
        await docScreen(first, `account-login-${size}`, '#password-login-form');

        // Register with a password: the token is shown once, and it is the stored one.
        await first.fill('#register-name', name);
        await first.fill('#register-password', 'correct horse battery');
        await first.click('#register-button');
        await first.waitForSelector('#token-once');
        const own = await storedToken(first);
        assert.match(own, /^[A-Za-z0-9_-]{43}$/);
        assert.equal(await first.textContent('#new-token'), own);
        assert.match(await first.textContent('#token-once'), /terminal client/);
        await docScreen(first, `account-token-once-${size}`, '#token-once');
        await first.click('#token-saved');
        await first.waitForSelector('#token-once', { state: 'detached' });

        // Change the password: a wrong current one is refused, the right one accepted.
        await first.fill('#current-password', 'not the password');
        await first.fill('#new-password', 'another passphrase');
        await first.click('#change-password-button');
        await waitIdle(first);
        assert.equal((await shownError(first))?.code, 'wrong_password');
        await first.fill('#current-password', 'correct horse battery');
        await first.fill('#new-password', 'another passphrase');
        await first.click('#change-password-button');
        await first.waitForFunction(() => /saved/.test(document.getElementById('password-status').textContent));
        assert.equal(await shownError(first), null);
        await docScreen(first, `account-password-${size}`, '#password-form');

        // A second device logs in by name and password and gets a token of its own.
        const second = await newPage(size);
        await openFresh(second, server.url);
        await openAccount(second);
        await second.fill('#login-name', name.toUpperCase());
        await second.fill('#login-password', 'correct horse battery');  // the old one
        await second.click('#password-login-button');
        await waitIdle(second);
        assert.equal((await shownError(second))?.code, 'wrong_password');
        await second.fill('#login-name', name.toUpperCase());
        await second.fill('#login-password', 'another passphrase');
        await second.click('#password-login-button');
        await second.waitForSelector('#account-name');
        assert.equal(await second.textContent('#account-chip'), name);
        const device = await storedToken(second);
        assert.match(device, /^[A-Za-z0-9_-]{43}$/);
        assert.notEqual(device, own);

        // Log out other devices (a confirming second click): a new token, shown once.
        await first.click('#logout-others');
        await first.click('#logout-others');
        await first.waitForSelector('#token-once');
        const rotated = await storedToken(first);
        assert.notEqual(rotated, own);
        assert.equal(await first.textContent('#new-token'), rotated);
        assert.match(await first.textContent('#token-once'), /Every other device is logged out/);
        await docScreen(first, `account-logout-others-${size}`, '#token-once');

        // The second device is refused on its next request and plays as a guest again.
        await second.evaluate(() => { location.hash = '#/profile'; });
        await second.waitForFunction(() => document.getElementById('account-chip').textContent === 'Register');
        assert.equal(await storedToken(second), null);
        await second.reload();
        await waitIdle(second);
        assert.equal(await second.textContent('#account-chip'), 'Register');

        // Registering without a password: the token is the only key ("save it").
        await openAccount(second);
        await second.fill('#register-name', `Nopass ${size}`);
        await second.click('#register-button');
        await second.waitForSelector('#token-once');
        assert.match(await second.textContent('#token-once'), /only key/);
        assert.equal(await second.textContent('#new-token'), await storedToken(second));
        await docScreen(second, `account-no-password-${size}`, '#token-once');
        assert.deepEqual(errors, []);
    });
}
