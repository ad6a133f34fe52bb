// A practice game of Bowling Solitaire for the same-work peers of bench/server.sh (the Colyseus
// room in colyseus/ and the boardgame.io game in bgio/), played by the browser's own engine:
// web/js/solitaire/ deals from the seed (deal.js, docs/rules.md "Deals"), lists the legal plays
// (rules.js), keeps the sheet (score.js) and plays, stops and ends balls (replay.js ReplayGame,
// which plays exactly as engine/game.cpp: tests/e2e checks it against the server). Nothing of
// the rules is written here: this file only checks the shape of a request, hands it to
// ReplayGame and cuts out what the player may see.
//
// Contract:
//  - dealAll(seedHex) resolves to the 12 deals of a seed (loadDeals of replay.js; secret).
//  - new Practice(ruleset, seedHex, deals) is a game before its first action.
//  - practice.act(request) applies {type: 'play', pile, pins} or {type: 'stop'} (also
//    'resign') and returns null, or an error text when the request is malformed or not legal
//    (the game is then unchanged: ReplayGame.apply validates every play against legal()).
//  - practice.visible() is what the player may see after the last action: the web engine's
//    view() (pins, face-up cards, counts of face-down cards, burned cards, sheet, legal plays),
//    the notes of what happened since the last call, and, once the game is over, the reveal
//    (seed and the deals dealt). Face-down cards and the deals still to come are never in it.
//  - seedFor(...numbers) is a seed derived from numbers (the load generator's fixed seeds).
//
// SHA-256: deal.js hashes with crypto.subtle.digest, which in Node 20 costs about 37 us of CPU a
// digest (a thread-pool job each) against 3 us for node:crypto's createHash (measured on the
// bench machine, see docs/benchmarks.md). So that the peers are not charged for that binding,
// importing this module answers crypto.subtle.digest('SHA-256', ...) from createHash (the same
// bytes); PEER_DIGEST=webcrypto in the environment keeps Node's WebCrypto instead.
import { createHash } from 'node:crypto';

import { dealText } from '../../web/js/solitaire/deal.js';
import { ReplayGame, loadDeals } from '../../web/js/solitaire/replay.js';

if (process.env.PEER_DIGEST !== 'webcrypto') {
    const subtle = globalThis.crypto.subtle;
    const webDigest = subtle.digest.bind(subtle);
    subtle.digest = (algorithm, data) => {
        if (algorithm !== 'SHA-256') return webDigest(algorithm, data);
        const d = createHash('sha256').update(data).digest();
        // A fresh 32-byte ArrayBuffer: deal.js reads the result's .buffer from offset 0.
        return Promise.resolve(d.buffer.slice(d.byteOffset, d.byteOffset + d.length));
    };
}

export const RULESETS = ['sackson', 'strict'];
const SEED_RE = /^[0-9a-fA-F]{64}$/;

export function isSeed(s) {
    return typeof s === 'string' && SEED_RE.test(s);
}

export function dealAll(seedHex) {
    return loadDeals(seedHex.toLowerCase());
}

export function seedFor(...numbers) {
    return createHash('sha256').update(`pinfall-bench-peer/${numbers.join('/')}`).digest('hex');
}

/** The request's play as ReplayGame takes it, or an error text. */
function parsePlay(req) {
    const { pile, pins } = req;
    if (!Number.isInteger(pile) || pile < 1 || pile > 3) return 'bad_pile: pile is 1, 2 or 3';
    if (!Array.isArray(pins) || pins.length === 0) return 'no_pins: name 1 to 3 pins';
    if (pins.length > 3) return 'too_many_pins: name 1 to 3 pins';
    if (!pins.every((p) => Number.isInteger(p) && p >= 1 && p <= 10)) return 'bad_pin: pins are 1-10';
    if (new Set(pins).size !== pins.length) return 'duplicate_pin: a pin named twice';
    return { kind: 'play', pile, pins: [...pins], text: `${pile}:${pins.join(',')}` };
}

export class Practice {
    constructor(ruleset, seedHex, deals) {
        this.seed = seedHex.toLowerCase();
        this.game = new ReplayGame(ruleset, deals);
    }

    get over() {
        return this.game.over;
    }

    act(req) {
        if (req === null || typeof req !== 'object') return 'bad_request: not an object';
        let action;
        if (req.type === 'play') {
            action = parsePlay(req);
            if (typeof action === 'string') return action;
        } else if (req.type === 'stop' || req.type === 'resign') {
            action = { kind: req.type, text: req.type === 'stop' ? 's' : 'r' };
        } else {
            return 'bad_request: play, stop or resign';
        }
        return this.game.apply(action);
    }

    visible() {
        const g = this.game;
        const out = { state: g.view(), notes: g.take() };
        if (g.over) {
            out.reveal = {
                seed: this.seed,
                deals: g.deals.slice(0, g.dealIndex + 1).map(dealText),
            };
        }
        return out;
    }
}
