// The connection made visible, so that a lost server is never a silent hang: the top bar's dot,
// a prominent banner while the server is lost ("Reconnecting in N s" counting down, and "Retry
// now"), body[data-conn] (the play screen locks its board on it), and the page shown instead of
// a blank one when the very first connection fails. A ban (close code 4003) is no loss: the
// banner says "This account is banned." for good, with no countdown and no retry, and offers to
// forget the account here and go on as a new guest.

import { BANNED_TEXT } from './protocol.js';

const TICK_MS = 250;

export class ConnectionBanner {
    /**
     * client: the protocol Client (for retryNow); showOffline(): shows the "cannot be reached"
     * screen (called while no connection has ever said welcome); onChange(online): the page's
     * views lock or unlock on it.
     */
    constructor(client, { showOffline, onChange }) {
        const $ = (id) => document.getElementById(id);
        this.client = client;
        this.showOffline = showOffline;
        this.onChange = onChange;
        this.el = { dot: $('conn'), dotText: $('conn').querySelector('.conn-text'), banner: $('conn-banner'),
                    text: $('conn-banner-text'), retry: $('conn-retry'), forget: $('conn-forget'),
                    detail: $('offline-detail'), title: $('offline-title'), about: $('offline-text'),
                    offlineRetry: $('offline-retry') };
        this.offlineTitle = this.el.title.textContent;
        this.offlineAbout = this.el.about.textContent;
        this.welcomed = false;
        this.status = 'connecting';
        this.retryAt = null;
        this.timer = null;
        for (const button of [this.el.retry, $('offline-retry')]) {
            button.addEventListener('click', () => this.client.retryNow());
        }
        this.el.forget.addEventListener('click', () => this.client.forgetBanned());
    }

    /** The first welcome arrived: from now on a loss shows the banner, not the offline page. */
    welcome() {
        this.welcomed = true;
    }

    /** onStatus of the Client: "connecting", "online", "offline" (retryAt: next attempt) or "banned". */
    update(status, retryAt = null) {
        const was = this.status;
        this.status = status;
        this.retryAt = retryAt;
        document.body.dataset.conn = status;
        this.el.dot.dataset.status = status;
        clearInterval(this.timer);
        this.timer = null;
        if (status === 'offline') this.timer = setInterval(() => this.#draw(), TICK_MS);
        this.#draw();
        if ((status === 'offline' || status === 'banned') && !this.welcomed) this.showOffline();
        if ((status === 'online') !== (was === 'online')) this.onChange(status === 'online');
    }

    #draw() {
        const seconds = this.retryAt === null ? 0 : Math.max(0, Math.ceil((this.retryAt - Date.now()) / 1000));
        const state = { connecting: 'connecting\u2026', online: 'online', offline: 'offline', banned: 'banned' }[this.status];
        this.el.dotText.textContent = state;
        const banned = this.status === 'banned';
        const lost = this.status !== 'online' && (this.welcomed || banned);
        this.el.banner.hidden = !lost;
        this.el.banner.dataset.banned = String(banned);
        this.el.retry.hidden = banned;
        this.el.forget.hidden = !banned;
        this.el.offlineRetry.hidden = banned;
        this.el.title.textContent = banned ? BANNED_TEXT : this.offlineTitle;
        this.el.about.textContent = banned
            ? 'A moderator banned it: it cannot log in, and its results are off the boards.' : this.offlineAbout;
        if (banned) {
            this.el.text.textContent = BANNED_TEXT;
            this.el.detail.textContent = '';
            return;
        }
        if (lost) {
            this.el.text.textContent = this.status === 'offline'
                ? `Connection to the server lost. Reconnecting in ${seconds} s.`
                : 'Connection to the server lost. Reconnecting\u2026';
            this.el.banner.dataset.seconds = String(seconds);
        }
        this.el.retry.disabled = this.status !== 'offline';
        this.el.detail.textContent = this.status === 'offline' ? `Trying again in ${seconds} s.`
            : 'Trying to connect\u2026';
    }
}
