// One practice-game client API over the three servers of bench/server.sh, each driven through
// its own client library: pinfall-server over npm `ws` (its protocol is plain JSON over a
// WebSocket, docs/protocol.md), the Colyseus room over @colyseus/sdk, the boardgame.io game over
// boardgame.io's client (LobbyClient to create and join a match, Client with the SocketIO
// transport to play). Used by check.mjs and loadgen.mjs.
//
// Contract: `await connect(target, port)` (target pinfall | colyseus | bgio) resolves to a
// session with
//   start({seed?, ruleset?})        a new practice game
//   act({type, pile?, pins?})       play | stop | resign
// each resolving to one reply, normalized as {ok: true, game, over, legal, score, rolls, deals,
// raw} (legal as the protocol's [[pins...] per pile] x 3; score and rolls from the last sheet
// seen; deals: the revealed deals' text once over, else null; raw: the reply as the client got
// it, text) or {ok: false, error, raw} when the server refused the request; and close().
// sentBytes / gotBytes count the bytes of the application's messages each way (WebSocket
// payloads; socket.io packets for boardgame.io), the handshake and matchmaking left out.
// One request in flight per session.
import { createRequire } from 'node:module';

import WebSocket from 'ws';

const require = createRequire(import.meta.url);
process.env.NODE_ENV ??= 'production';  // boardgame.io's client: no debug logging

/** The object without its undefined members (msgpack would send them as nil). */
const defined = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function pending() {
    let resolve, reject;
    const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
    return { promise, resolve, reject };
}

// ---- pinfall-server -------------------------------------------------------------------------

async function connectPinfall(port) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: false });
    const s = { sentBytes: 0, gotBytes: 0, id: 0, waiting: null, game: null, sheet: null };
    ws.on('message', (data) => {
        const text = data.toString('utf8');
        s.gotBytes += data.length;
        const w = s.waiting;
        s.waiting = null;
        if (w) w.resolve(text);
    });
    const closed = (e) => { if (s.waiting) s.waiting.reject(e ?? new Error('pinfall: closed')); };
    ws.on('close', () => closed());
    ws.on('error', (e) => closed(e));
    await new Promise((res, rej) => { ws.once('open', res); ws.once('error', rej); });
    const ask = (msg) => {
        s.waiting = pending();
        const text = JSON.stringify({ ...msg, id: ++s.id });
        s.sentBytes += Buffer.byteLength(text);
        ws.send(text);
        return s.waiting.promise;
    };
    const welcome = JSON.parse(await ask({ type: 'hello', version: 1 }));
    if (welcome.type !== 'welcome') throw new Error('pinfall: hello answered ' + JSON.stringify(welcome));
    const reply = (text) => {
        const m = JSON.parse(text);
        if (m.type === 'error') return { ok: false, error: `${m.code}: ${m.message}`, raw: text };
        if (m.sheet) s.sheet = m.sheet;
        let over = m.type === 'game' ? m.state.over : false;
        for (const e of m.events ?? []) if (e.e === 'game_over') over = true;
        return {
            ok: true, game: m.game, over, legal: m.legal, score: s.sheet?.score ?? 0,
            rolls: s.sheet?.rolls ?? [], deals: m.reveal?.deals ?? null, raw: text,
        };
    };
    return {
        get sentBytes() { return s.sentBytes; },
        get gotBytes() { return s.gotBytes; },
        async start({ seed, ruleset } = {}) {
            s.sheet = null;
            const r = reply(await ask({ type: 'practice_start', ruleset, seed }));
            if (r.ok) s.game = r.game;
            return r;
        },
        async act({ type, pile, pins }) {
            return reply(await ask({ type, game: s.game, pile, pins }));
        },
        close() { ws.close(); },
    };
}

// ---- the peers: both answer with Practice.visible() ----------------------------------------

function fromVisible(m, raw) {
    return {
        ok: true, game: m.game, over: m.state.over, legal: m.state.legal, score: m.state.sheet.score,
        rolls: m.state.sheet.rolls, deals: m.reveal?.deals ?? null, raw, state: m.state,
    };
}

async function connectColyseus(port) {
    const { Client } = await import('@colyseus/sdk');
    const client = new Client(`http://127.0.0.1:${port}`);
    const room = await client.create('practice');
    const s = { sentBytes: 0, gotBytes: 0, re: 0, waiting: null };
    const events = room.connection.events;
    const onmessage = events.onmessage;
    events.onmessage = (ev) => {
        s.gotBytes += ev.data.byteLength ?? ev.data.length;
        onmessage(ev);
    };
    const send = room.connection.send.bind(room.connection);
    room.connection.send = (data) => {
        s.sentBytes += data.byteLength ?? data.length;
        send(data);
    };
    const answer = (r) => {
        const w = s.waiting;
        s.waiting = null;
        if (w) w.resolve(r);
    };
    room.onMessage('update', (m) => answer(fromVisible(m, JSON.stringify(m))));
    room.onMessage('error', (m) => answer({ ok: false, error: m.message, raw: JSON.stringify(m) }));
    room.onLeave(() => { if (s.waiting) s.waiting.reject(new Error('colyseus: left the room')); });
    const ask = (type, msg) => {
        s.waiting = pending();
        room.send(type, defined({ ...msg, re: ++s.re }));
        return s.waiting.promise;
    };
    return {
        get sentBytes() { return s.sentBytes; },
        get gotBytes() { return s.gotBytes; },
        start: ({ seed, ruleset } = {}) => ask('start', { seed, ruleset }),
        act: ({ type, pile, pins }) => ask(type, type === 'play' ? { pile, pins } : {}),
        close() { room.leave(); },
    };
}

async function connectBgio(port) {
    const { Client, LobbyClient } = require('boardgame.io/client');
    const { SocketIO } = require('boardgame.io/multiplayer');
    const { PinfallGame } = await import('./bgio/game.mjs');
    const server = `http://127.0.0.1:${port}`;
    const lobby = new LobbyClient({ server });
    const { matchID } = await lobby.createMatch(PinfallGame.name, { numPlayers: 1 });
    const { playerCredentials } = await lobby.joinMatch(PinfallGame.name, matchID,
                                                        { playerID: '0', playerName: 'bench' });
    const client = Client({
        game: PinfallGame, multiplayer: SocketIO({ server }), matchID, playerID: '0',
        credentials: playerCredentials, debug: false,
    });
    const s = { sentBytes: 0, gotBytes: 0, re: 0, waiting: null, synced: pending() };
    client.start();
    const socket = client.transport.socket;
    // The server's answer to a move is an 'update' of the match (boardgame.io's wire event,
    // after the client's own listener has stored it); an invalid move gets one too, with the
    // state unchanged (same _stateID).
    socket.on('update', (id, state) => {
        const w = s.waiting;
        s.waiting = null;
        if (!w) return;
        if (state._stateID === w.stateID) {
            w.resolve({ ok: false, error: 'INVALID_MOVE', raw: JSON.stringify(state) });
        } else {
            w.resolve(fromVisible(state.G, JSON.stringify(state)));
        }
    });
    socket.on('disconnect', () => { if (s.waiting) s.waiting.reject(new Error('bgio: disconnected')); });
    const engine = () => socket.io.engine;
    socket.io.on('open', () => {
        engine().on('packet', (p) => { if (p.type === 'message') s.gotBytes += Buffer.byteLength(p.data); });
        engine().on('packetCreate', (p) => { if (p.type === 'message') s.sentBytes += Buffer.byteLength(p.data); });
    });
    const unsubscribe = client.subscribe((state) => { if (state) s.synced.resolve(); });
    await s.synced.promise;
    unsubscribe();
    const ask = (move, arg) => {
        const stateID = client.getState()._stateID;
        s.waiting = { ...pending(), stateID };
        client.moves[move](defined({ ...arg, re: ++s.re }));
        return s.waiting.promise;
    };
    return {
        get sentBytes() { return s.sentBytes; },
        get gotBytes() { return s.gotBytes; },
        start: ({ seed, ruleset } = {}) => ask('start', { seed, ruleset }),
        act: ({ type, pile, pins }) => ask(type, type === 'play' ? { pile, pins } : {}),
        close() { client.stop(); },
    };
}

export const TARGETS = ['pinfall', 'colyseus', 'bgio'];

export function connect(target, port) {
    switch (target) {
        case 'pinfall': return connectPinfall(port);
        case 'colyseus': return connectColyseus(port);
        case 'bgio': return connectBgio(port);
        default: throw new Error(`unknown target ${target}`);
    }
}
