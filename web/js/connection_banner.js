// The connection made visible, so that a lost server is never a silent hang: the top bar's dot,
// a prominent banner while the server is lost ("Reconnecting in N s" counting down, and "Retry
// now"), body[data-conn] (the play screen locks its board on it), and the page shown instead of
// a blank one when the very first connection fails.

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
                    text: $('conn-banner-text'), retry: $('conn-retry'), detail: $('offline-detail') };
        this.welcomed = false;
        this.status = 'connecting';
        this.retryAt = null;
        this.timer = null;
        for (const button of [this.el.retry, $('offline-retry')]) {
            button.addEventListener('click', () => this.client.retryNow());
        }
    }

    /** The first welcome arrived: from now on a loss shows the banner, not the offline page. */
    welcome() {
        this.welcomed = true;
    }

    /** onStatus of the Client: "connecting", "online" or "offline" (retryAt: next attempt). */
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
        if (status === 'offline' && !this.welcomed) this.showOffline();
        if ((status === 'online') !== (was === 'online')) this.onChange(status === 'online');
    }

    #draw() {
        const seconds = this.retryAt === null ? 0 : Math.max(0, Math.ceil((this.retryAt - Date.now()) / 1000));
        const state = { connecting: 'connecting\u2026', online: 'online', offline: 'offline' }[this.status];
        this.el.dotText.textContent = state;
        const lost = this.status !== 'online' && this.welcomed;
        this.el.banner.hidden = !lost;
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
