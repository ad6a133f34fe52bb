// pinfall bench peer: a Colyseus server (npm @colyseus/core + @colyseus/ws-transport, the server
// the `colyseus` package re-exports; pinned in ../package-lock.json) whose room plays Bowling
// Solitaire practice games with Pinfall's rules, through the browser's engine (../practice.mjs).
//
// Contract: `node colyseus/server.mjs [port]` listens on 127.0.0.1:port (0 or absent: a free
// port) and prints "listening on port N" on stdout; runs until SIGINT/SIGTERM.
// Room "practice" (one client: a player's session, like one Pinfall connection; it plays any
// number of games one after the other, as pinfall-server's practice_start does on one
// connection). Client messages, each answered with exactly one message to that client:
//   "start" {re, seed?, ruleset?}  a new game: deals from `seed` (64 hex; else a random seed)
//                                  under `ruleset` (sackson, the default, or strict)
//   "play"  {re, pile, pins}       knocks pins down with pile's face-up card
//   "stop"  {re} / "resign" {re}   ends the ball / the game
// Answers: "update" {re, game, state, notes[, reveal]} with the new state the player may see
// (Practice.visible(): face-down cards stay on the server; the seed and deals come in `reveal`
// once the game is over), or "error" {re, message} when the request is malformed, illegal or
// comes before a game (nothing changes). Messages go as Colyseus plain messages (msgpack); the
// room has no synchronized Schema state and no patch interval (patchRate null), the cheapest
// way Colyseus offers to answer each action at once. NODE_ENV is production unless set.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

import { Room, Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';

import { Practice, RULESETS, dealAll, isSeed } from '../practice.mjs';

process.env.NODE_ENV ??= 'production';  // read at run time by @colyseus/core, as deployed
let nextGame = 1;

class PracticeRoom extends Room {
    maxClients = 1;
    patchRate = null;

    onCreate() {
        this.practice = null;
        this.gameId = 0;
        this.busy = false;  // a start is dealing: its reply has not gone yet
        this.onMessage('start', (client, msg) => this.start(client, msg));
        for (const type of ['play', 'stop', 'resign']) {
            this.onMessage(type, (client, msg) => this.act(client, type, msg));
        }
    }

    fail(client, re, message) {
        client.send('error', { re, message });
    }

    async start(client, msg) {
        const re = msg?.re ?? null;
        const ruleset = msg?.ruleset ?? 'sackson';
        if (!RULESETS.includes(ruleset)) return this.fail(client, re, 'bad_request: ruleset');
        if (msg?.seed != null && !isSeed(msg.seed)) return this.fail(client, re, 'bad_request: seed');
        if (this.busy) return this.fail(client, re, 'busy: one request at a time');
        const seed = msg?.seed ?? randomBytes(32).toString('hex');
        this.busy = true;
        let deals;
        try {
            deals = await dealAll(seed);
        } finally {
            this.busy = false;
        }
        this.practice = new Practice(ruleset, seed, deals);
        this.gameId = nextGame++;
        client.send('update', { re, game: this.gameId, ...this.practice.visible() });
    }

    act(client, type, msg) {
        const re = msg?.re ?? null;
        if (this.busy || !this.practice) return this.fail(client, re, 'no_game: start one first');
        if (this.practice.over) return this.fail(client, re, 'game_over: the game has ended');
        const error = this.practice.act({ ...msg, type });
        if (error) return this.fail(client, re, error);
        client.send('update', { re, game: this.gameId, ...this.practice.visible() });
    }
}

const port = Number(process.argv[2] || 0);
const httpServer = http.createServer();
const gameServer = new Server({
    greet: false,
    gracefullyShutdown: false,
    transport: new WebSocketTransport({ server: httpServer, pingInterval: 0 }),
});
gameServer.define('practice', PracticeRoom);
await gameServer.listen(port, '127.0.0.1');
process.stdout.write('listening on port ' + httpServer.address().port + '\n');

function stop() {
    gameServer.gracefullyShutdown(false).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
