// A scripted player from Node itself, beside the browser: a minimal WebSocket client (RFC 6455
// over node:http's upgrade; node 20 has no WebSocket without a flag) speaking the Pinfall
// protocol. Text frames only, masked as a client must; the server's frames may be fragmented.
// request(type, fields) resolves with the reply to its id (an error reply too); every message
// that answers nothing (pushes) is kept in `pushes`, and waitPush(pred) waits for one.

import crypto from 'node:crypto';
import http from 'node:http';

export class NodeSocket {
    static async open(port, path = '/ws') {
        const key = crypto.randomBytes(16).toString('base64');
        const req = http.request({ host: '127.0.0.1', port, path, headers: {
            Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': key,
        } });
        const socket = await new Promise((resolve, reject) => {
            req.on('upgrade', (res, sock, head) => {
                const want = crypto.createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
                if (res.headers['sec-websocket-accept'] !== want) reject(new Error('bad Sec-WebSocket-Accept'));
                else {
                    if (head.length) sock.unshift(head);
                    resolve(sock);
                }
            });
            req.on('response', (res) => reject(new Error(`no upgrade: HTTP ${res.statusCode}`)));
            req.on('error', reject);
            req.end();
        });
        return new NodeSocket(socket);
    }

    constructor(socket) {
        this.socket = socket;
        this.buffer = Buffer.alloc(0);
        this.fragments = [];
        this.nextId = 1;
        this.waiting = new Map();
        this.pushes = [];
        this.pushWaiters = [];
        this.closed = false;
        socket.on('data', (d) => this.#data(d));
        socket.on('close', () => {
            this.closed = true;
            for (const w of this.waiting.values()) w.reject(new Error('connection closed'));
            this.waiting.clear();
        });
    }

    /** Sends a request; resolves with its reply (an error reply too: check `type`). */
    request(type, fields = {}, timeoutMs = 10000) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
                this.waiting.delete(id);
                reject(new Error(`no reply to ${type} within ${timeoutMs} ms`));
            }, timeoutMs);
            this.waiting.set(id, { resolve: (m) => { clearTimeout(timer); resolve(m); },
                                   reject: (e) => { clearTimeout(timer); reject(e); } });
            this.#send(JSON.stringify({ type, id, ...fields }));
        });
    }

    /** As request(), but an error reply rejects with its code and message. */
    async call(type, fields = {}) {
        const reply = await this.request(type, fields);
        if (reply.type === 'error') throw new Error(`${type}: ${reply.code}: ${reply.message}`);
        return reply;
    }

    /** The first push (kept or to come) for which pred is true; it is taken off `pushes`. */
    waitPush(pred, timeoutMs = 10000) {
        const i = this.pushes.findIndex(pred);
        if (i >= 0) return Promise.resolve(this.pushes.splice(i, 1)[0]);
        return new Promise((resolve, reject) => {
            const w = { pred, resolve };
            const timer = setTimeout(() => {
                this.pushWaiters = this.pushWaiters.filter((x) => x !== w);
                reject(new Error(`no such push within ${timeoutMs} ms`));
            }, timeoutMs);
            w.resolve = (m) => { clearTimeout(timer); resolve(m); };
            this.pushWaiters.push(w);
        });
    }

    close() {
        if (this.closed) return;
        this.#frame(0x8, Buffer.from([0x03, 0xe8]));  // 1000: normal closure
        this.socket.end();
        this.closed = true;
    }

    #send(text) {
        this.#frame(0x1, Buffer.from(text, 'utf8'));
    }

    #frame(opcode, payload) {
        const len = payload.length;
        const head = len < 126 ? Buffer.from([0x80 | opcode, 0x80 | len])
            : len < 65536 ? Buffer.from([0x80 | opcode, 0x80 | 126, len >> 8, len & 0xff])
                : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), (() => {
                    const b = Buffer.alloc(8);
                    b.writeBigUInt64BE(BigInt(len));
                    return b;
                })()]);
        const mask = crypto.randomBytes(4);
        const body = Buffer.alloc(len);
        for (let i = 0; i < len; i++) body[i] = payload[i] ^ mask[i & 3];
        this.socket.write(Buffer.concat([head, mask, body]));
    }

    #data(chunk) {
        this.buffer = Buffer.concat([this.buffer, chunk]);
        for (;;) {
            const b = this.buffer;
            if (b.length < 2) return;
            let len = b[1] & 0x7f;
            let at = 2;
            if (len === 126) {
                if (b.length < 4) return;
                len = b.readUInt16BE(2);
                at = 4;
            } else if (len === 127) {
                if (b.length < 10) return;
                len = Number(b.readBigUInt64BE(2));
                at = 10;
            }
            if (b.length < at + len) return;
            const fin = (b[0] & 0x80) !== 0;
            const opcode = b[0] & 0x0f;
            const payload = b.subarray(at, at + len);
            this.buffer = b.subarray(at + len);
            if (opcode === 0x9) this.#frame(0xA, payload);  // ping: pong
            else if (opcode === 0x8) this.socket.end();
            else if (opcode === 0x1 || opcode === 0x0) {
                this.fragments.push(Buffer.from(payload));
                if (fin) {
                    const text = Buffer.concat(this.fragments).toString('utf8');
                    this.fragments = [];
                    this.#message(JSON.parse(text));
                }
            }
        }
    }

    #message(msg) {
        const w = msg.re !== undefined && msg.re !== null ? this.waiting.get(msg.re) : undefined;
        if (w) {
            this.waiting.delete(msg.re);
            w.resolve(msg);
            return;
        }
        const i = this.pushWaiters.findIndex((x) => x.pred(msg));
        if (i >= 0) this.pushWaiters.splice(i, 1)[0].resolve(msg);
        else this.pushes.push(msg);
    }
}
