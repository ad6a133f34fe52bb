// The WebSocket protocol client (docs/protocol.md): request ids matched to replies, an automatic
// hello that keeps the guest token in localStorage, and reconnection with backoff. It knows
// messages, not games: the app decides what a welcome or an update means.

const GUEST_KEY = 'pinfall.guest';
const PROTOCOL_VERSION = 1;
const REQUEST_TIMEOUT_MS = 15000;
const BACKOFF_MS = [300, 1000, 2000, 4000, 8000];

/** An error reply from the server, or a local failure (code "connection_lost", "timeout"). */
export class ServerError extends Error {
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}

export class Client {
    /**
     * handlers: onWelcome(welcome) after every successful hello (first connect and reconnects);
     * onPush(msg) for messages that answer no request of ours (updates caused by another
     * connection, errors with re null); onStatus(status, detail) with status "connecting",
     * "online" or "offline".
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
    }

    connect() {
        this.handlers.onStatus?.('connecting');
        const ws = new WebSocket(this.url);
        this.ws = ws;
        ws.onopen = () => this.#hello();
        ws.onmessage = (ev) => this.#receive(ev.data);
        ws.onclose = () => this.#closed(ws);
    }

    /** Sends a request once the connection has said hello; resolves with the reply. */
    async request(type, fields = {}) {
        if (!this.ready) await new Promise((resolve) => this.waiters.push(resolve));
        return this.#send(type, fields);
    }

    #send(type, fields) {
        const id = this.nextId++;
        const ws = this.ws;
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
                this.pending.delete(id);
                reject(new ServerError('timeout', 'The server did not answer in time.'));
            }, REQUEST_TIMEOUT_MS);
            this.pending.set(id, { resolve, reject, timer });
            ws.send(JSON.stringify({ type, id, ...fields }));
        });
    }

    async #hello() {
        const guest = this.storage.getItem(GUEST_KEY);
        let welcome;
        try {
            welcome = await this.#send('hello', guest ? { version: PROTOCOL_VERSION, guest }
                                                      : { version: PROTOCOL_VERSION });
        } catch (err) {
            if (err.code === 'unknown_guest') {
                // The server forgot us (a restart): become a new guest.
                this.storage.removeItem(GUEST_KEY);
                return this.#hello();
            }
            if (err.code !== 'connection_lost') this.handlers.onStatus?.('offline', err.message);
            return;
        }
        this.storage.setItem(GUEST_KEY, welcome.guest);
        this.attempt = 0;
        this.ready = true;
        this.handlers.onStatus?.('online');
        this.handlers.onWelcome?.(welcome);
        for (const resolve of this.waiters.splice(0)) resolve();
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
        if (msg.type === 'error') entry.reject(new ServerError(msg.code, msg.message));
        else entry.resolve(msg);
    }

    #closed(ws) {
        if (ws !== this.ws) return;
        this.ready = false;
        for (const [id, entry] of this.pending) {
            clearTimeout(entry.timer);
            entry.reject(new ServerError('connection_lost',
                                         'The connection to the server was lost; reconnecting.'));
            this.pending.delete(id);
        }
        const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
        this.attempt++;
        this.handlers.onStatus?.('offline', `reconnecting in ${Math.ceil(delay / 1000)} s`);
        setTimeout(() => this.connect(), delay);
    }
}

/** The WebSocket address of the server that served this page. */
export function defaultUrl(loc = window.location) {
    return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}
