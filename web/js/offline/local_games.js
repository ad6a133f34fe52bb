// Practice with the server out of reach (issue 30): a game played against this browser's own
// engine (solitaire/replay.js, the one that replays stored games exactly as engine/game.cpp
// plays them), answering the play screen's requests with the protocol's own messages (`game`
// snapshots, `update`s with their events, refusals with the server's `detail`), so the play
// screen shows it as any game. Its mode is "offline": unranked, never sent to the server (it
// has no id there: local games have negative ids, which no server game has), kept in
// localStorage (`pinfall.offlineGame`: ruleset, seed and the actions) so that a reload, still
// offline, resumes it. The seed is 32 random bytes from crypto.getRandomValues unless the
// player gave one.

import { ServerError } from '../protocol.js';
import { dealText, seedBytes, toHex } from '../solitaire/deal.js';
import { checkPlay } from '../solitaire/play_check.js';
import { ReplayGame, loadDeals, parseRecord } from '../solitaire/replay.js';

export const OFFLINE_GAME_KEY = 'pinfall.offlineGame';
export const OFFLINE_MODE = 'offline';
const RULESETS = ['sackson', 'strict'];

/** True for the id of a game played in this browser (never one of the server's). */
export const isLocalGame = (id) => Number.isInteger(id) && id < 0;

/** A fresh random seed: 64 lowercase hex characters. */
export function randomSeed() {
    return toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** A store with localStorage's calls, kept in memory (node, or a browser without storage). */
export class MemoryStorage {
    #items = new Map();

    getItem(key) {
        return this.#items.has(key) ? this.#items.get(key) : null;
    }

    setItem(key, value) {
        this.#items.set(key, String(value));
    }

    removeItem(key) {
        this.#items.delete(key);
    }
}

/** The record's token of an action. */
const token = (type, fields) => (type === 'stop' ? 's' : type === 'resign' ? 'r' : type === 'undo' ? 'u'
    : `${fields.pile}:${[...fields.pins].sort((a, b) => a - b).join(',')}`);

export class LocalGames {
    /** storage: where the game in progress is kept (localStorage in the page). */
    constructor(storage = globalThis.localStorage ?? new MemoryStorage()) {
        this.storage = storage;
        this.current = null;  // {id, ruleset, seed, game: ReplayGame, tokens}
    }

    /** The id of the offline game kept in storage, finished or not; null when there is none. */
    storedGame() {
        const kept = this.#read();
        return kept ? kept.id : null;
    }

    /** The kept game's summary {id, over} without replaying it, or null. */
    storedSummary() {
        const kept = this.#read();
        return kept ? { id: kept.id, over: Boolean(kept.over) } : null;
    }

    /**
     * The protocol's requests for a local game: practice_start (ruleset, seed), snapshot, play,
     * stop, resign, undo. Anything else needs the server, and says so.
     */
    async request(type, fields = {}) {
        switch (type) {
        case 'practice_start': return this.#start(fields);
        case 'snapshot': return this.#snapshot((await this.#game(fields.game)));
        case 'play': case 'stop': case 'resign': return this.#act(type, fields);
        case 'undo': return this.#undo(fields);
        default:
            throw new ServerError('needs_server', 'This needs the server, which cannot be reached now. ' +
                                  'An offline practice game plays without it.');
        }
    }

    async #start({ ruleset = 'sackson', seed = null, day = null }) {
        if (day) {
            throw new ServerError('needs_server', 'A revealed daily is read from the server, which cannot be ' +
                                  'reached now.');
        }
        if (!RULESETS.includes(ruleset)) throw new ServerError('bad_ruleset', `unknown ruleset ${ruleset}`);
        if (seed !== null && seed !== undefined && !seedBytes(seed)) {
            throw new ServerError('bad_seed', 'a seed is 64 hex characters');
        }
        const hex = (seed ?? randomSeed()).toLowerCase();
        // A new id each game (so the play screen sees a new game), below the kept one's: a
        // finished game stays kept until the next starts, so ids keep falling.
        const previous = this.#read()?.id ?? 0;
        const id = Math.min(-1, previous - 1);
        const game = new ReplayGame(ruleset, await loadDeals(hex));
        game.takeEvents();
        this.current = { id, ruleset, seed: hex, game, tokens: [] };
        this.#save();
        return this.#snapshot(this.current);
    }

    /** The local game `id`: the one in memory, or the kept one replayed from its record. */
    async #game(id) {
        if (this.current?.id === id) return this.current;
        const kept = this.#read();
        if (!kept || kept.id !== id) throw new ServerError('unknown_game', 'no game with that id');
        const record = parseRecord(`pinfall/1 ${kept.ruleset} ${kept.seed} ${kept.tokens.join(' ')}`);
        const game = new ReplayGame(kept.ruleset, await loadDeals(kept.seed));
        for (const action of record.actions) {
            if (game.apply(action)) break;  // a damaged record: the game as far as it goes
        }
        game.takeEvents();
        this.current = { id, ruleset: kept.ruleset, seed: kept.seed, game, tokens: kept.tokens };
        return this.current;
    }

    async #act(type, fields) {
        const g = await this.#game(fields.game);
        const game = g.game;
        let action;
        // A play is judged as the server judges it (its refusals carry the same `detail`).
        if (type !== 'play' && game.over) throw new ServerError('game_over', 'the game is over');
        if (type === 'play') {
            const pins = Array.isArray(fields.pins) ? fields.pins : [];
            const refused = checkPlay(game.view(), fields.pile, pins);
            if (refused) {
                const { code, ...detail } = refused;  // the server's detail has no code of its own
                throw new ServerError(code, 'that play is not legal here', detail);
            }
            action = { kind: 'play', pile: fields.pile, pins: [...pins], text: token(type, fields) };
        } else {
            action = { kind: type, text: token(type, fields) };
        }
        const refused = game.apply(action);
        if (refused) throw new ServerError('illegal_play', refused);
        g.tokens.push(action.text);
        this.#save();
        const events = game.takeEvents();
        const view = game.view();
        const msg = { type: 'update', game: g.id, mode: OFFLINE_MODE, version: game.version, events };
        if (events.some((e) => e.e === 'ball_end')) msg.sheet = view.sheet;
        msg.legal = view.legal;
        if (game.over) msg.reveal = this.#reveal(g);
        return msg;
    }

    async #undo(fields) {
        const g = await this.#game(fields.game);
        if (g.game.over) throw new ServerError('game_over', 'the game is over');
        const refused = g.game.apply({ kind: 'undo', text: 'u' });
        if (refused) throw new ServerError('nothing_to_undo', refused);
        g.game.takeEvents();
        g.tokens.push('u');
        this.#save();
        return this.#snapshot(g);
    }

    /** The `game` snapshot of a local game, as the server would send it. */
    #snapshot(g) {
        const v = g.game.view();
        const msg = {
            type: 'game', game: g.id, mode: OFFLINE_MODE, version: g.game.version,
            state: {
                ruleset: g.ruleset, over: v.over, resigned: v.resigned, frame: v.frame, ball: v.ball,
                deal: v.deal, second_ball: v.secondBall, pins_this_ball: v.pinsThisBall, pins: v.pins,
                piles: v.piles,
            },
            sheet: v.sheet,
            legal: v.legal,
        };
        if (v.over) msg.reveal = this.#reveal(g);
        return msg;
    }

    /** What a finished game reveals: the seed, the record and every deal it used. */
    #reveal(g) {
        const used = g.game.dealIndex + 1;
        return {
            seed: g.seed,
            record: [`pinfall/1 ${g.ruleset} ${g.seed}`, ...g.tokens].join(' '),
            deals: g.game.deals.slice(0, used).map(dealText),
        };
    }

    #save() {
        const g = this.current;
        this.storage.setItem(OFFLINE_GAME_KEY, JSON.stringify({
            id: g.id, ruleset: g.ruleset, seed: g.seed, tokens: g.tokens, over: g.game.over,
        }));
    }

    #read() {
        try {
            const kept = JSON.parse(this.storage.getItem(OFFLINE_GAME_KEY) ?? 'null');
            const ok = kept && isLocalGame(kept.id) && RULESETS.includes(kept.ruleset) && seedBytes(kept.seed) &&
                Array.isArray(kept.tokens);
            return ok ? kept : null;
        } catch {
            return null;
        }
    }
}
