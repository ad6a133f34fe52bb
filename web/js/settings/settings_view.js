// The Settings page (#/settings, issue 30; docs/protocol.md "Reminders and settings"): the
// player's time zone (the browser's is set the first time when the server still says "UTC",
// and any zone can be chosen), the daily reminders' choices ("new daily", "streak at risk", the
// local hour from which one may go), reminders on this device (Web Push: settings/push_device.js),
// and "Stop all reminders" in one tap. Every change is sent at once and the page is drawn again
// from the server's `settings` reply, so what it shows is what the server keeps. It needs a ranked
// identity (logged in, or a guest that played the daily): without one the page says so.

import { busy, fillScreen, h } from '../dom.js';
import { errorText } from '../messages.js';
import { PushError, currentSubscription, pushUnsupported, subscribeDevice, unsubscribeDevice } from './push_device.js';

// Zones this browser set by itself, one per identity (the player may choose another after).
const ZONE_SET_KEY = 'pinfall.zoneSet';
const NIGHT = (hour) => hour >= 22 || hour < 7;

/** The browser's IANA time zone ("Europe/Paris"), "UTC" when it names none. */
export function browserZone() {
    try {
        return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
        return 'UTC';
    }
}

/** The zones offered: the browser's list, with UTC, the browser's own and the current one. */
export function zoneList(current) {
    let zones = [];
    try {
        zones = Intl.supportedValuesOf('timeZone');
    } catch {
        zones = [];
    }
    return [...new Set([...zones, 'UTC', browserZone(), current].filter(Boolean))].sort();
}

const hourText = (hour) => `${String(hour).padStart(2, '0')}:00`;

/** Words for this section's refusals (the rest: messages.js). */
function settingsWords(err) {
    switch (err?.code) {
    case 'bad_time_zone': return 'The server does not know that time zone: choose another from the list.';
    case 'bad_subscription': return 'The server refused this browser\u2019s push subscription: its address or keys are not as Web Push makes them.';
    case 'login_required': return 'Settings belong to a player: register or log in, or play today\u2019s daily as a guest.';
    default: return err instanceof PushError ? err.message : errorText(err);
    }
}

export class SettingsView {
    /** identity(): the ranked identity this page acts as ({id, name}) or null. */
    constructor(el, client, messages, { identity = () => null } = {}) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.identity = identity;
        this.settings = null;
        this.endpoint = null;  // this device's push endpoint, when it has a subscription
        this.said = '';        // the status line: what the last change did
    }

    async show() {
        this.said = '';
        const subscription = await currentSubscription();
        this.endpoint = subscription?.endpoint ?? null;
        let settings;
        try {
            settings = await busy(() => this.client.request('settings', this.#withEndpoint({})));
        } catch (err) {
            if (err.code === 'login_required') this.#needIdentity();
            else this.#failed(err);
            return;
        }
        await this.#zoneOnce(settings);
    }

    #withEndpoint(fields) {
        return this.endpoint ? { ...fields, endpoint: this.endpoint } : fields;
    }

    /** The first time, a server still on "UTC" gets this browser's zone (the player may change it). */
    async #zoneOnce(settings) {
        const zone = browserZone();
        const who = String(this.identity()?.id ?? 'guest');
        const done = (localStorage.getItem(ZONE_SET_KEY) ?? '').split(',').filter(Boolean);
        if (settings.time_zone === 'UTC' && zone !== 'UTC' && !done.includes(who)) {
            localStorage.setItem(ZONE_SET_KEY, [...done, who].slice(-20).join(','));
            try {
                settings = await busy(() => this.client.request('settings_set', this.#withEndpoint({ time_zone: zone })));
                this.said = `Time zone set to this browser\u2019s, ${zone}.`;
            } catch {
                // The server's zoneinfo may lack the browser's name: the page offers the list.
            }
        }
        this.#draw(settings);
    }

    /** Sends one change; draws the reply, or says why not (the page keeps what it had). */
    async #change(type, fields, said) {
        this.messages.clearError();
        try {
            const settings = await busy(() => this.client.request(type, this.#withEndpoint(fields)));
            this.said = said(settings);
            this.#draw(settings);
        } catch (err) {
            if (this.settings) this.#draw(this.settings, false);  // the controls back as the server keeps them
            this.#say(settingsWords(err), true);
        }
    }

    async #pushOn() {
        this.messages.clearError();
        this.#say('Asking this browser for permission and a subscription\u2026');
        try {
            const settings = await busy(() => subscribeDevice(this.client, { time_zone: this.settings.time_zone }));
            this.endpoint = (await currentSubscription())?.endpoint ?? this.endpoint;
            this.said = 'Reminders are on for this device.';
            this.#draw(settings);
        } catch (err) {
            this.#say(settingsWords(err), true);
        }
    }

    async #pushOff() {
        this.messages.clearError();
        try {
            const settings = await busy(() => unsubscribeDevice(this.client));
            this.endpoint = null;
            this.said = 'Reminders are off for this device.';
            this.#draw(settings);
        } catch (err) {
            this.#say(settingsWords(err), true);
        }
    }

    async #stopAll() {
        this.messages.clearError();
        try {
            const settings = await busy(() => this.client.request('reminders_stop'));
            // The server dropped every device; this browser's subscription goes too.
            const subscription = await currentSubscription();
            await subscription?.unsubscribe().catch(() => {});
            this.endpoint = null;
            this.said = 'All reminders stopped: no device of yours gets them now. Your choices stay for when you ' +
                'turn them on again.';
            this.#draw(settings);
        } catch (err) {
            this.#say(settingsWords(err), true);
        }
    }

    #say(text, error = false) {
        const line = this.el.querySelector('#settings-status');
        if (!line) return;
        line.textContent = text;
        line.dataset.error = String(error);
    }

    #needIdentity() {
        fillScreen(this.el, h('h2', { text: 'Settings' }),
                   h('div', { class: 'card-panel', id: 'settings-need-identity' },
                     h('p', { text: 'Settings and reminders belong to a player: register or log in, or play today\u2019s ' +
                         'daily as a guest. Then open Settings again.' }),
                     h('div', { class: 'buttons' },
                       h('a', { class: 'button-link primary', href: '#/account', text: 'Register or log in' }),
                       h('a', { class: 'button-link', href: '#/daily', text: 'Play today\u2019s daily' }))));
    }

    #failed(err) {
        fillScreen(this.el, h('h2', { text: 'Settings' }),
                   h('div', { class: 'card-panel', id: 'settings-failed' },
                     h('p', { text: `The settings could not be read: ${settingsWords(err)}` }),
                     h('div', { class: 'buttons' },
                       h('button', { type: 'button', text: 'Try again', on: { click: () => this.show() } }))));
    }

    /** Draws the page from a `settings` reply (keep: false redraws without taking it as news). */
    #draw(settings, keep = true) {
        if (keep) this.settings = settings;
        const s = settings;
        const r = s.reminders;
        const zone = browserZone();
        const zoneSelect = h('select', { id: 'settings-zone', name: 'time_zone' },
                             ...zoneList(s.time_zone).map((z) => h('option', { value: z, text: z, selected: z === s.time_zone })));
        zoneSelect.addEventListener('change', () => this.#change('settings_set', { time_zone: zoneSelect.value },
                                                                 (got) => `Time zone set to ${got.time_zone}.`));
        const useBrowser = s.time_zone === zone ? null
            : h('button', { type: 'button', id: 'settings-zone-browser', text: `Use this browser\u2019s (${zone})`,
                            on: { click: () => this.#change('settings_set', { time_zone: zone },
                                                            (got) => `Time zone set to ${got.time_zone}.`) } });
        const box = (id, member, label, about) => {
            const input = h('input', { type: 'checkbox', id, checked: r[member] });
            input.addEventListener('change', () => this.#change('settings_set', { reminders: { [member]: input.checked } },
                (got) => `${label}: ${got.reminders[member] ? 'on' : 'off'}.`));
            return h('label', { class: 'setting-check', for: id }, input,
                     h('span', {}, h('strong', { text: label }), h('span', { class: 'muted', text: ` \u2014 ${about}` })));
        };
        const hour = h('select', { id: 'settings-hour', name: 'hour' },
                       ...Array.from({ length: 24 }, (_, n) => h('option', {
                           value: String(n), selected: n === r.hour,
                           text: NIGHT(n) ? `${hourText(n)} (night: 07:00)` : hourText(n),
                       })));
        hour.addEventListener('change', () => this.#change('settings_set', { reminders: { hour: Number(hour.value) } },
            (got) => `Reminders from ${hourText(got.reminders.hour)} your time.`));

        const why = pushUnsupported();
        const on = s.push.subscribed;
        const devices = s.push.devices;
        const deviceLine = why ?? (on ? 'This device gets your reminders.' : 'This device does not get your reminders.');
        const count = devices === 0 ? 'No device of yours gets reminders.'
            : `${devices} device${devices === 1 ? '' : 's'} of yours get${devices === 1 ? 's' : ''} reminders.`;
        const permission = !why && Notification.permission === 'denied'
            ? h('p', { class: 'muted', id: 'settings-blocked',
                       text: 'Notifications are blocked for this site in this browser: allow them in its site settings to turn reminders on.' })
            : null;

        fillScreen(this.el,
                   h('h2', { text: 'Settings' }),
                   h('p', { id: 'settings-status', class: 'settings-status', role: 'status', text: this.said,
                            data: { error: 'false' } }),
                   h('section', { class: 'card-panel settings-block', id: 'settings-zone-block', 'aria-labelledby': 'settings-zone-title' },
                     h('h3', { id: 'settings-zone-title', text: 'Time zone' }),
                     h('p', { class: 'muted', text: 'Your reminders keep to your local hours. The daily itself changes at 00:00 UTC ' +
                         'for everyone.' }),
                     h('label', { class: 'field', for: 'settings-zone', text: 'Your time zone' }),
                     zoneSelect,
                     h('p', { class: 'muted', id: 'settings-zone-note' }, `This browser says ${zone}.`),
                     useBrowser ? h('div', { class: 'buttons' }, useBrowser) : null),
                   h('section', { class: 'card-panel settings-block', id: 'settings-reminders', 'aria-labelledby': 'settings-reminders-title' },
                     h('h3', { id: 'settings-reminders-title', text: 'Daily reminders' }),
                     h('p', { class: 'muted', text: 'At most one a day on each device, never at night. They come to the devices ' +
                         'where you turn them on, below.' }),
                     box('settings-new-daily', 'new_daily', 'New daily', 'when today\u2019s deal is out'),
                     box('settings-streak', 'streak_at_risk', 'Streak at risk', 'when your streak would break today'),
                     h('label', { class: 'field', for: 'settings-hour', text: 'Not before (your time)' }),
                     hour,
                     h('p', { class: 'muted', text: 'An hour from 22:00 to 06:00 means 07:00.' })),
                   h('section', { class: 'card-panel settings-block', id: 'settings-device', 'aria-labelledby': 'settings-device-title',
                                  data: { subscribed: String(on), devices: String(devices) } },
                     h('h3', { id: 'settings-device-title', text: 'This device' }),
                     h('p', { id: 'settings-device-state', class: on ? 'strong' : '', text: deviceLine }),
                     h('p', { id: 'settings-devices', class: 'muted', text: count }),
                     permission,
                     h('div', { class: 'buttons' },
                       why ? null : on
                           ? h('button', { type: 'button', id: 'settings-push-off', text: 'Turn off on this device',
                                           on: { click: () => this.#pushOff() } })
                           : h('button', { type: 'button', id: 'settings-push-on', class: 'primary',
                                           text: 'Turn on reminders on this device', on: { click: () => this.#pushOn() } }),
                       h('button', { type: 'button', id: 'settings-stop', class: 'danger', text: 'Stop all reminders',
                                     on: { click: () => this.#stopAll() } }))));
    }
}
