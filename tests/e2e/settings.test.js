// The Settings page (issue 30, docs/protocol.md "Reminders and settings") at 390x844 in a
// browser whose time zone is Europe/Paris, against the real server, each change read back from
// the server over a socket of the test's own logged in as the page's player: the menu's link; a
// visitor told it needs a player; the browser's zone set the first time, another chosen from the
// list, a zone the server does not know refused in words; "new daily", "streak at risk" and the
// hour saved and shown again after a reload; reminders turned on for this device (permission,
// pushManager.subscribe with the server's push_key as applicationServerKey, push_subscribe with
// the subscription's endpoint and keys; Chromium's push service is stubbed in the page, since a
// headless browser here has none), off again (push_unsubscribe), and "Stop all reminders" in
// one tap (every device dropped, the choices kept); axe, 44 px targets, no sideways scroll;
// docs/screens settings-*.

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';

import { axeViolations } from './lib/axe.js';
import { launchBrowser } from './lib/browser.js';
import { PHONE, assertNoSideways, docShots, smallTargets } from './lib/phone.js';
import { startServer } from './lib/server.js';
import { go, openFresh, registerAs, waitIdle } from './lib/ui.js';
import { NodeSocket } from './lib/ws_node.js';

let server;
let browser;
let page;
let supported = true;  // the server speaks this section of the protocol
const errors = [];
const sent = [];

const b64url = (buf) => Buffer.from(buf).toString('base64url');

before(async () => {
    server = await startServer();
    const probe = await NodeSocket.open(server.port);
    await probe.call('hello', { version: 1 });
    supported = (await probe.request('push_key')).type === 'push_key';
    probe.close();
    browser = await launchBrowser({ reducedMotion: 'reduce', viewport: PHONE, timezoneId: 'Europe/Paris' });
    page = await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('websocket', (ws) => ws.on('framesent', (f) => {
        try {
            sent.push(JSON.parse(f.payload));
        } catch {
            // not JSON: not ours
        }
    }));
});

after(async () => {
    await browser?.close();
    await server?.stop();
});

/** The server's settings for the page's player, asked over a socket of the test's own. */
async function serverSettings(endpoint = null) {
    const token = await page.evaluate(() => localStorage.getItem('pinfall.token'));
    const ws = await NodeSocket.open(server.port);
    try {
        await ws.call('hello', { version: 1 });
        await ws.call('login', { token });
        const { type, re, ...settings } = await ws.call('settings', endpoint ? { endpoint } : {});
        return settings;
    } finally {
        ws.close();
    }
}

const status = () => page.textContent('#settings-status');

test('a visitor is told that settings need a player; the menu links the page', async (t) => {
    if (!supported) return t.skip('the server has no settings yet');
    await openFresh(page, server.url);
    await page.click('#nav-toggle');
    await page.click('#nav a[data-nav="settings"]');
    await page.waitForFunction(() => document.body.dataset.routed === '#/settings');
    await waitIdle(page);
    assert.equal(await page.evaluate(() => document.title), 'Settings \u00b7 Pinfall');
    assert.match(await page.textContent('#settings-need-identity'), /belong to a player: register or log in, or play today/);
});

test('time zone: the browser\'s set the first time, another chosen, an unknown one refused in words', async (t) => {
    if (!supported) return t.skip('the server has no settings yet');
    await openFresh(page, server.url);
    await registerAs(page, 'Settler');
    await go(page, '#/settings');
    await page.waitForSelector('#settings-zone');
    assert.equal(await page.inputValue('#settings-zone'), 'Europe/Paris');
    assert.equal(await status(), 'Time zone set to this browser\u2019s, Europe/Paris.');
    assert.equal(await page.textContent('#settings-zone-note'), 'This browser says Europe/Paris.');
    assert.equal(await page.isVisible('#settings-zone-browser'), false, 'already the browser\'s');
    assert.deepEqual(await serverSettings(), {
        time_zone: 'Europe/Paris', reminders: { new_daily: true, streak_at_risk: true, hour: 9 },
        push: { subscribed: false, devices: 0 },
    });
    await page.selectOption('#settings-zone', 'America/New_York');
    await page.waitForFunction(() => document.getElementById('settings-status').textContent === 'Time zone set to America/New_York.');
    assert.equal((await serverSettings()).time_zone, 'America/New_York');
    assert.equal(await page.textContent('#settings-zone-browser'), 'Use this browser\u2019s (Europe/Paris)');
    // A zone the server's zoneinfo does not have (put in the list by hand) is refused in words.
    await page.evaluate(() => {
        const select = document.getElementById('settings-zone');
        select.append(new Option('Mars/Olympus_Mons', 'Mars/Olympus_Mons'));
        select.value = 'Mars/Olympus_Mons';
        select.dispatchEvent(new Event('change'));
    });
    await page.waitForFunction(() => document.getElementById('settings-status').dataset.error === 'true');
    await waitIdle(page);
    assert.equal(await status(), 'The server does not know that time zone: choose another from the list.');
    assert.equal(await page.inputValue('#settings-zone'), 'America/New_York', 'the list shows what the server keeps');
    assert.equal((await serverSettings()).time_zone, 'America/New_York');
    // Opened again, a zone chosen on purpose is not replaced by the browser's.
    await page.reload();
    await waitIdle(page);
    await page.waitForSelector('#settings-zone');
    assert.equal(await page.inputValue('#settings-zone'), 'America/New_York');
});

test('reminder choices are saved at once and shown again after a reload', async (t) => {
    if (!supported) return t.skip('the server has no settings yet');
    await go(page, '#/settings');
    await page.waitForSelector('#settings-streak');
    assert.equal(await page.isChecked('#settings-new-daily'), true);
    assert.equal(await page.isChecked('#settings-streak'), true);
    assert.equal(await page.inputValue('#settings-hour'), '9');
    await page.click('#settings-streak');
    await page.waitForFunction(() => document.getElementById('settings-status').textContent === 'Streak at risk: off.');
    await page.selectOption('#settings-hour', '19');
    await page.waitForFunction(() => document.getElementById('settings-status').textContent === 'Reminders from 19:00 your time.');
    assert.deepEqual((await serverSettings()).reminders, { new_daily: true, streak_at_risk: false, hour: 19 });
    // The night hours say what they mean.
    assert.equal(await page.textContent('#settings-hour option[value="23"]'), '23:00 (night: 07:00)');
    await page.reload();
    await waitIdle(page);
    await page.waitForSelector('#settings-streak');
    assert.equal(await page.isChecked('#settings-new-daily'), true);
    assert.equal(await page.isChecked('#settings-streak'), false);
    assert.equal(await page.inputValue('#settings-hour'), '19');
});

/**
 * Stands in for the browser's push service in the page (a headless Chromium here has none):
 * PushManager's subscribe and getSubscription keep one subscription with a real P-256 key, and
 * record the applicationServerKey they were given.
 */
async function stubPush() {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(crypto.randomBytes(16)) };
    const endpoint = `https://push.example.net/send/${crypto.randomBytes(8).toString('hex')}`;
    await page.evaluate(({ keys, endpoint }) => {
        window.pushCalls = [];
        let current = null;
        const make = (serverKey) => ({
            endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true, applicationServerKey: serverKey },
            toJSON: () => ({ endpoint, expirationTime: null, keys }),
            unsubscribe: async () => {
                window.pushCalls.push({ call: 'unsubscribe' });
                current = null;
                return true;
            },
        });
        PushManager.prototype.subscribe = async function (options) {
            const key = new Uint8Array(options.applicationServerKey);
            window.pushCalls.push({ call: 'subscribe', userVisibleOnly: options.userVisibleOnly,
                                    key: btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') });
            current = make(key.buffer);
            return current;
        };
        PushManager.prototype.getSubscription = async function () {
            return current;
        };
    }, { keys, endpoint });
    return { endpoint, keys };
}

test('reminders on this device: on (push_subscribe), off (push_unsubscribe), and "Stop all reminders" in one tap', async (t) => {
    if (!supported) return t.skip('the server has no settings yet');
    await go(page, '#/settings');
    await page.waitForSelector('#settings-push-on');
    assert.equal(await page.textContent('#settings-device-state'), 'This device does not get your reminders.');
    assert.equal(await page.textContent('#settings-devices'), 'No device of yours gets reminders.');
    await browser.context.grantPermissions(['notifications'], { origin: new URL(server.url).origin });
    const { endpoint, keys } = await stubPush();
    const from = sent.length;
    await page.click('#settings-push-on');
    await page.waitForSelector('#settings-device[data-subscribed="true"]');
    await waitIdle(page);
    assert.equal(await status(), 'Reminders are on for this device.');
    assert.equal(await page.textContent('#settings-device-state'), 'This device gets your reminders.');
    assert.equal(await page.textContent('#settings-devices'), '1 device of yours gets reminders.');
    // The browser was asked with the server's key, and the server got the subscription.
    const calls = await page.evaluate(() => window.pushCalls);
    const key = sent.slice(from).find((m) => m.type === 'push_key');
    assert.ok(key, 'push_key was asked');
    const subscribe = sent.slice(from).find((m) => m.type === 'push_subscribe');
    assert.deepEqual(subscribe.subscription, { endpoint, expirationTime: null, keys });
    assert.equal(subscribe.time_zone, 'America/New_York');
    const probe = await NodeSocket.open(server.port);
    await probe.call('hello', { version: 1 });
    const serverKey = (await probe.call('push_key')).key;
    probe.close();
    assert.deepEqual(calls, [{ call: 'subscribe', userVisibleOnly: true, key: serverKey }]);
    assert.deepEqual((await serverSettings(endpoint)).push, { subscribed: true, devices: 1 });
    assert.deepEqual(await smallTargets(page, '#settings-screen'), []);
    await assertNoSideways(page, 'the settings page');
    assert.deepEqual(await axeViolations(page), []);
    await page.evaluate(() => window.scrollTo(0, 0));
    await docShots(page, 'settings');

    // Off on this device: the subscription is dropped here and on the server.
    await page.click('#settings-push-off');
    await page.waitForSelector('#settings-device[data-subscribed="false"]');
    await waitIdle(page);
    assert.equal(await status(), 'Reminders are off for this device.');
    assert.deepEqual(sent.filter((m) => m.type === 'push_unsubscribe').map((m) => m.endpoint), [endpoint]);
    assert.deepEqual((await serverSettings(endpoint)).push, { subscribed: false, devices: 0 });

    // On again, then "Stop all reminders": one tap, every device gone, the choices kept.
    await page.click('#settings-push-on');
    await page.waitForSelector('#settings-device[data-subscribed="true"]');
    await waitIdle(page);
    await page.click('#settings-stop');
    await page.waitForSelector('#settings-device[data-devices="0"]');
    await waitIdle(page);
    assert.match(await status(), /^All reminders stopped: no device of yours gets them now\./);
    assert.equal(await page.textContent('#settings-device-state'), 'This device does not get your reminders.');
    const after = await serverSettings(endpoint);
    assert.deepEqual(after.push, { subscribed: false, devices: 0 });
    assert.deepEqual(after.reminders, { new_daily: true, streak_at_risk: false, hour: 19 }, 'the choices stay');
    assert.deepEqual(sent.filter((m) => m.type === 'reminders_stop').length, 1);
    assert.equal((await page.evaluate(() => window.pushCalls)).at(-1).call, 'unsubscribe', 'this browser\'s subscription went too');
    await page.evaluate(() => window.scrollTo(0, 0));
    await docShots(page, 'settings-stopped');
    assert.equal(errors.length, 0, errors.join('\n'));
});

test('a push service that refuses the subscription is said in words; nothing is sent to the server', async (t) => {
    if (!supported) return t.skip('the server has no settings yet');
    await page.evaluate(() => {
        PushManager.prototype.subscribe = async () => {
            throw new DOMException('Registration failed - push service error', 'AbortError');
        };
    });
    const from = sent.length;
    await page.click('#settings-push-on');
    await page.waitForFunction(() => document.getElementById('settings-status').dataset.error === 'true');
    await waitIdle(page);
    assert.equal(await status(), 'The browser\u2019s push service did not take the subscription (Registration failed - push ' +
                 'service error). Try again later, or from another browser.');
    assert.deepEqual(sent.slice(from).filter((m) => m.type === 'push_subscribe'), []);
    assert.equal(await page.isVisible('#settings-push-on'), true);
});

test('a browser that refuses notifications is told how to allow them', async (t) => {
    if (!supported) return t.skip('the server has no settings yet');
    await browser.context.clearPermissions();
    await page.evaluate(() => {
        Notification.requestPermission = async () => 'denied';
    });
    await page.click('#settings-push-on');
    await page.waitForFunction(() => document.getElementById('settings-status').dataset.error === 'true');
    assert.equal(await status(), 'Notifications are blocked for this site: allow them in the browser\u2019s site settings, then try again.');
    assert.equal(await page.isVisible('#settings-push-on'), true);
});
