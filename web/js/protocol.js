// The WebSocket protocol client (docs/protocol.md): request ids matched to replies, an automatic
// hello that keeps the guest token in localStorage, an automatic login with the player's token
// (kept in localStorage too) on every connection, and reconnection with backoff (or at once on
// retryNow()). Nothing waits silently: a request with no answer within a few seconds, or sent
// while the server stays unreachable, fails with an error the page shows. It knows messages,
// not games: the app decides what a welcome or an update means. Every hello carries this
// browser's key (`browser`, docs/protocol.md "Moderation"); a ban (close code 4003, or a hello
// or login refused `banned`) stops the client for good: it says so and never reconnects.

const GUEST_KEY = 'pinfall.guest';
// A random key made once per browser and sent with every hello: the server keeps it (hashed)
// with ranked games as evidence of linked identities, shown to moderators only.
export const BROWSER_KEY = 'pinfall.browser';
const BROWSER_KEY_LENGTH = 24;
const BROWSER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
// The close code of a moderator's ban (docs/protocol.md "Transport"): do not reconnect.
export const CLOSE_BANNED = 4003;
export const BANNED_TEXT = 'This account is banned.';
// The public routing key (docs/scaling.md): a proxy in front of several nodes hashes it so that
// every connection of one player reaches the same node. Never a token.
const ROUTE_KEY = 'pinfall.route';
export const TOKEN_KEY = 'pinfall.token';
const PROTOCOL_VERSION = 1;
// A few seconds: a player who clicked must learn soon that nothing will come. The coach's
// analyses queue on the server's pool and may take longer by design.
export const REQUEST_TIMEOUT_MS = 6000;
const SLOW_TIMEOUT_MS = { hint: 30000, review: 60000 };
const BACKOFF_MS = [300, 1000, 2000, 4000, 8000];

/** An error reply from the server, or a local failure ("connection_lost", "timeout", "offline"). */
export class ServerError extends Error {
    /** detail: the `detail` of a refused play (docs/protocol.md "Illegal plays"), else null. */
    constructor(code, message, detail = null) {
        super(message);
        this.code = code;
        this.detail = detail;
    }
}

export class Client {
    /**
     * handlers: onWelcome(welcome) after every successful hello (first connect and reconnects);
     * onPush(msg) for messages that answer no request of ours (updates caused by another
     * connection, errors with re null); onStatus(status, detail, retryAt) with status
     * "connecting", "online", "offline" (retryAt: when the next attempt starts, ms since the
     * epoch, while offline) or "banned" (for good: nothing reconnects); onAccount(player)
     * whenever the logged-in player changes (null: a guest); onLoginError(err) when the stored
     * token was refused (it is then forgotten; a `banned` refusal is the status instead).
     */
    constructor(url, handlers, storage = window.localStorage) {
        this.url = url;
        this.handlers = handlers;
        this.storage = storage;
        this.nextId = 1;
        this.pending = new Map();
        this.ws = null;
        this.ready = false;
        this.waiters = [];
        this.attempt = 0;
        this.retryTimer = null;
        this.player = null;  // {id, name} once logged in on this connection
        this.banned = false;  // a ban closed the connection or refused the hello or login
    }

    connect() {
        if (this.banned) return;
        clearTimeout(this.retryTimer);
        this.retryTimer = null;
        this.handlers.onStatus?.('connecting');
        const ws = new WebSocket(this.#routedUrl());
        this.ws = ws;
        ws.onopen = () => this.#hello();
        ws.onmessage = (ev) => this.#receive(ev.data);
        ws.onclose = (ev) => this.#closed(ws, ev);
    }

    /**
     * The banned account's way out: forgets its token (and the guest token a ban of the guest's
     * ranked identity refuses), then connects again as a new guest.
     */
    forgetBanned() {
        this.storage.removeItem(TOKEN_KEY);
        this.storage.removeItem(GUEST_KEY);
        this.storage.removeItem(ROUTE_KEY);
        this.banned = false;
        this.attempt = 0;
        if (this.player) {
            this.player = null;
            this.handlers.onAccount?.(null);
        }
        this.connect();
    }

    /** This browser's key for hello, made once and kept in storage. */
    browserKey() {
        let key = this.storage.getItem(BROWSER_KEY);
        if (!key || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
            const bytes = crypto.getRandomValues(new Uint8Array(BROWSER_KEY_LENGTH));
            key = Array.from(bytes, (b) => BROWSER_ALPHABET[b & 63]).join('');
            this.storage.setItem(BROWSER_KEY, key);
        }
        return key;
    }

    /** Skips the wait of the backoff: reconnects now (nothing happens while connected). */
    retryNow() {
        if (this.retryTimer === null) return;
        this.connect();
    }

    /**
     * Sends a request once the connection has said hello; resolves with the reply. While the
     * server is unreachable it waits for a reconnect no longer than a request's timeout, then
     * fails ("offline"): requests are never queued silently.
     */
    async request(type, fields = {}) {
        if (this.banned) throw new ServerError('banned', BANNED_TEXT);
        if (!this.ready) await this.#waitReady(SLOW_TIMEOUT_MS[type] ?? REQUEST_TIMEOUT_MS);
        if (this.banned) throw new ServerError('banned', BANNED_TEXT);
        return this.#send(type, fields);
    }

    #waitReady(ms) {
        return new Promise((resolve, reject) => {
            const waiter = () => {
                clearTimeout(timer);
                resolve();
            };
            const timer = setTimeout(() => {
                this.waiters = this.waiters.filter((w) => w !== waiter);
                reject(new ServerError('offline', 'The server cannot be reached: nothing was sent. ' +
                                       'Try again once it is back.'));
            }, ms);
            this.waiters.push(waiter);
        });
    }

    #send(type, fields) {
        const id = this.nextId++;
        const ws = this.ws;
        const ms = SLOW_TIMEOUT_MS[type] ?? REQUEST_TIMEOUT_MS;
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
                this.pending.delete(id);
                reject(new ServerError('timeout', `The server did not answer within ${Math.round(ms / 1000)} ` +
                                       'seconds; reconnecting.'));
                // A server that stops answering but keeps the socket open (frozen, a dead
                // proxy) is as good as gone: reconnect, which shows the banner and resyncs.
                if (ws === this.ws) ws.close();
            }, ms);
            this.pending.set(id, { resolve, reject, timer });
            ws.send(JSON.stringify({ type, id, ...fields }));
        });
    }

    /** this.url with ?key=: "p<player id>" once a player logged in here, else random per browser. */
    #routedUrl() {
        let key = this.storage.getItem(ROUTE_KEY);
        if (!key) {
            const bytes = crypto.getRandomValues(new Uint8Array(8));
            key = 'r' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
            this.storage.setItem(ROUTE_KEY, key);
        }
        return `${this.url}${this.url.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
    }

    /** Routes this browser's next connections by the player who logged in. */
    #routeBy(player) {
        if (player) this.storage.setItem(ROUTE_KEY, `p${player.id}`);
    }

    async #hello() {
        const guest = this.storage.getItem(GUEST_KEY);
        const hello = { version: PROTOCOL_VERSION, ...(guest ? { guest } : {}), browser: this.browserKey() };
        let welcome;
        try {
            welcome = await this.#send('hello', hello);
        } catch (err) {
            if (err.code === 'unknown_guest') {
                // The server forgot us (a restart): become a new guest.
                this.storage.removeItem(GUEST_KEY);
                return this.#hello();
            }
            if (err.code === 'banned') return this.#bannedNow();
            // No welcome (a timeout, a refusal): this connection is useless, so drop it and let
            // the backoff try again rather than stay "connecting" for ever.
            if (err.code !== 'connection_lost' && this.ws) this.ws.close();
            return;
        }
        this.storage.setItem(GUEST_KEY, welcome.guest);
        if (!(await this.#autoLogin())) return;
        this.attempt = 0;
        this.ready = true;
        this.handlers.onStatus?.('online');
        this.handlers.onWelcome?.(welcome, this.player);
        for (const resolve of this.waiters.splice(0)) resolve();
    }

    /** Logs in with the stored token, if any; false when the connection dropped meanwhile. */
    async #autoLogin() {
        const token = this.storage.getItem(TOKEN_KEY);
        const before = this.player;
        this.player = null;
        if (token) {
            try {
                this.player = (await this.#send('login', { token })).player;
                this.#routeBy(this.player);
            } catch (err) {
                if (err.code === 'connection_lost') return false;
                if (err.code === 'banned') {
                    // The token is kept: an unban makes it work again.
                    this.#bannedNow();
                    return false;
                }
                if (err.code === 'bad_token') this.storage.removeItem(TOKEN_KEY);
                this.handlers.onLoginError?.(err);
            }
        }
        if (before?.id !== this.player?.id) this.handlers.onAccount?.(this.player);
        return true;
    }

    /**
     * Registers a new player on this connection (with a password when one is given); keeps the
     * token. Resolves with the reply ({player, token}: the token is shown once).
     */
    async register(name, password = '') {
        const reply = await this.request('register', password ? { name, password } : { name });
        this.storage.setItem(TOKEN_KEY, reply.token);
        this.player = reply.player;
        this.#routeBy(this.player);
        this.handlers.onAccount?.(this.player);
        return reply;
    }

    /** Logs in by name and password; keeps the token the server made for this device. */
    async loginWithPassword(name, password) {
        if (this.player) await this.logout();
        const reply = await this.request('login', { name, password });
        this.storage.setItem(TOKEN_KEY, reply.token);
        this.player = reply.player;
        this.#routeBy(this.player);
        this.handlers.onAccount?.(this.player);
        return reply.player;
    }

    /** Sets or replaces the password; `current` is sent (and checked) when not empty. */
    async changePassword(password, current = '') {
        await this.request('change_password', current ? { password, current } : { password });
    }

    /** Token rotation: every other device is logged out; keeps (and resolves with) the new token. */
    async logoutOthers() {
        const reply = await this.request('logout_others');
        this.storage.setItem(TOKEN_KEY, reply.token);
        return reply.token;
    }

    /** Logs in with a token from another device (logging out first if someone is logged in). */
    async login(token) {
        if (this.player) await this.logout();
        const reply = await this.request('login', { token });
        this.storage.setItem(TOKEN_KEY, token);
        this.player = reply.player;
        this.#routeBy(this.player);
        this.handlers.onAccount?.(this.player);
        return reply.player;
    }

    /**
     * Forgets the token. The protocol has no logout, so the connection is replaced by a fresh
     * one that says hello as the same guest and does not log in.
     */
    async logout() {
        this.storage.removeItem(TOKEN_KEY);
        const old = this.ws;
        this.ready = false;
        this.#failPending('The connection was replaced to log out.');
        this.connect();
        old?.close();
        await new Promise((resolve) => this.waiters.push(resolve));
    }

    /** The stored token (shown so the player can log in on another device). */
    get token() {
        return this.storage.getItem(TOKEN_KEY);
    }

    #receive(text) {
        let msg;
        try {
            msg = JSON.parse(text);
        } catch {
            this.handlers.onPush?.({ type: 'error', re: null, code: 'bad_json',
                                     message: 'The server sent text that is not JSON.' });
            return;
        }
        const entry = msg.re != null ? this.pending.get(msg.re) : undefined;
        if (!entry) {
            this.handlers.onPush?.(msg);
            return;
        }
        this.pending.delete(msg.re);
        clearTimeout(entry.timer);
        if (msg.type === 'error' && msg.code === 'bad_token' && this.player) {
            // Another device said logout_others: this connection acts as its guest again.
            this.storage.removeItem(TOKEN_KEY);
            this.player = null;
            this.handlers.onAccount?.(null);
        }
        if (msg.type === 'error') entry.reject(new ServerError(msg.code, msg.message, msg.detail ?? null));
        else entry.resolve(msg);
    }

    #failPending(message, code = 'connection_lost') {
        for (const [id, entry] of this.pending) {
            clearTimeout(entry.timer);
            entry.reject(new ServerError(code, message));
            this.pending.delete(id);
        }
    }

    /** A ban: no more requests, no reconnect; the page says so (onStatus "banned"). */
    #bannedNow() {
        this.banned = true;
        this.ready = false;
        clearTimeout(this.retryTimer);
        this.retryTimer = null;
        const ws = this.ws;
        this.ws = null;
        this.#failPending(BANNED_TEXT, 'banned');
        for (const resolve of this.waiters.splice(0)) resolve();  // their requests fail as banned
        if (ws && ws.readyState <= WebSocket.OPEN) ws.close();
        this.handlers.onStatus?.('banned');
    }

    #closed(ws, ev) {
        if (ws !== this.ws) return;
        if (ev?.code === CLOSE_BANNED) {
            this.#bannedNow();
            return;
        }
        this.ready = false;
        this.#failPending('The connection to the server was lost; reconnecting.');
        const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
        this.attempt++;
        this.handlers.onStatus?.('offline', `reconnecting in ${Math.ceil(delay / 1000)} s`, Date.now() + delay);
        this.retryTimer = setTimeout(() => this.connect(), delay);
    }
}

/** The WebSocket address of the server that served this page. */
export function defaultUrl(loc = window.location) {
    return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}
