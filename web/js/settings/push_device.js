// Web Push on this device (issue 30, docs/protocol.md "Reminders and settings"): whether the
// browser can get reminders at all, this device's subscription, and turning it on (permission,
// pushManager.subscribe with the server's push_key as applicationServerKey, then
// push_subscribe) and off (PushSubscription.unsubscribe, then push_unsubscribe).

import { activeRegistration } from '../pwa.js';

/** Why this browser cannot get push reminders, in words; null when it can. */
export function pushUnsupported() {
    if (!('serviceWorker' in navigator)) {
        return 'This browser cannot get reminders here: it has no service workers (or the page is not served over HTTPS).';
    }
    if (!('PushManager' in window) || !('Notification' in window)) {
        return 'This browser cannot get reminders: it has no Web Push. Another browser, or the app installed on a phone, can.';
    }
    return null;
}

/** "BDd3..." (base64url, no padding) -> its bytes. */
export function base64urlBytes(text) {
    const b64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

// A browser whose push service cannot be reached (a headless one, a network that blocks it) may
// never answer a subscribe: the page says so after this long instead of waiting for ever.
const SUBSCRIBE_TIMEOUT_MS = 20000;

/** An error of this module: `code` names the step, the message is words for the page. */
export class PushError extends Error {
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}

/** This device's push subscription, or null (none, or push unavailable). */
export async function currentSubscription() {
    if (pushUnsupported()) return null;
    const registration = await activeRegistration();
    if (!registration) return null;
    try {
        return await registration.pushManager.getSubscription();
    } catch {
        return null;
    }
}

/** Asks for permission to notify; throws PushError in words when it is not granted. */
async function askPermission() {
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission === 'granted') return;
    throw new PushError('permission', permission === 'denied'
        ? 'Notifications are blocked for this site: allow them in the browser\u2019s site settings, then try again.'
        : 'Reminders need permission to show notifications: the browser was not given it.');
}

/**
 * Turns reminders on for this device: permission, subscription (replacing one made with
 * another key), then push_subscribe with `fields` (time_zone, reminders). Resolves with the
 * server's `settings`.
 */
export async function subscribeDevice(client, fields = {}) {
    const why = pushUnsupported();
    if (why) throw new PushError('unsupported', why);
    await askPermission();
    const registration = await activeRegistration();
    if (!registration) throw new PushError('unsupported', 'The app\u2019s service worker is not running here, so reminders cannot arrive.');
    const { key } = await client.request('push_key');
    const applicationServerKey = base64urlBytes(key);
    let subscription = await registration.pushManager.getSubscription();
    const sameKey = (sub) => {
        const had = sub?.options?.applicationServerKey;
        if (!had) return false;
        const bytes = new Uint8Array(had);
        return bytes.length === applicationServerKey.length && bytes.every((b, i) => b === applicationServerKey[i]);
    };
    if (subscription && !sameKey(subscription)) {
        await subscription.unsubscribe().catch(() => {});
        subscription = null;
    }
    if (!subscription) {
        try {
            let timer;
            const late = new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error(`no answer within ${SUBSCRIBE_TIMEOUT_MS / 1000} s`)),
                                   SUBSCRIBE_TIMEOUT_MS);
            });
            try {
                subscription = await Promise.race([
                    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }), late]);
            } finally {
                clearTimeout(timer);
            }
        } catch (err) {
            throw new PushError('subscribe', `The browser\u2019s push service did not take the subscription (${err?.message ?? err}). ` +
                                'Try again later, or from another browser.');
        }
    }
    return client.request('push_subscribe', { subscription: subscription.toJSON(), ...fields });
}

/** Turns reminders off for this device; resolves with the server's `settings`. */
export async function unsubscribeDevice(client) {
    const subscription = await currentSubscription();
    const endpoint = subscription?.endpoint ?? null;
    await subscription?.unsubscribe().catch(() => {});
    return endpoint ? client.request('push_unsubscribe', { endpoint }) : client.request('settings');
}
