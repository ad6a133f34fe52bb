// Replays a game record (docs/rules.md, "Record notation") in the browser, the way
// engine/game.cpp plays it: deals from the seed, plays, stops, resigns, balls that end by
// themselves when no legal play is left, burns for ball 2 and the bonus balls of frame 10, and
// take-backs (`u`, docs/rules.md "Take-backs"): the last action still in effect is undone by
// replaying the final line without it, as Game::take_back does, so both agree by construction.
// Each step is a state in the shape model.js uses for the play screen, so the same views show it.
// Played live (offline/local_games.js, a practice game with the server out of reach), it also
// tells what happened as the protocol's `update` events (docs/protocol.md "update: events"), in
// the order engine/game.cpp emits them, and counts the game's version as the server does.

import { PILE_SIZES, dealFromSeed } from './deal.js';
import { legalGroups } from './rules.js';
import { ScoreSheet } from './score.js';

const MAX_DEALS = 12;
// The log's words for why a ball ended, as the protocol's ball_end `reason`.
const EVENT_REASON = { 'all pins down': 'cleared', 'no legal play left': 'no_play', stopped: 'stopped' };
const pinsText = (n) => `${n} pin${n === 1 ? '' : 's'}`;

/** "pinfall/1 sackson <seed> 1:1,3 s r" -> {ruleset, seed, actions}; throws on bad text. */
export function parseRecord(text) {
    const tokens = String(text).trim().split(/\s+/);
    if (tokens[0] !== 'pinfall/1') throw new Error('a record starts with pinfall/1');
    if (!['sackson', 'strict'].includes(tokens[1])) throw new Error(`unknown ruleset ${tokens[1]}`);
    if (!/^[0-9a-fA-F]{64}$/.test(tokens[2] ?? '')) throw new Error('the seed is 64 hex characters');
    const actions = tokens.slice(3).map((t, i) => {
        if (t === 's') return { kind: 'stop', text: t };
        if (t === 'r') return { kind: 'resign', text: t };
        if (t === 'u') return { kind: 'undo', text: t };
        const m = /^([1-3]):(\d{1,2}(?:,\d{1,2}){0,2})$/.exec(t);
        if (!m) throw new Error(`token ${i + 3} is not an action: ${t}`);
        return { kind: 'play', pile: Number(m[1]), pins: m[2].split(',').map(Number), text: t };
    });
    return { ruleset: tokens[1], seed: tokens[2].toLowerCase(), actions };
}

export class ReplayGame {
    /** deals: all 12 deals of the seed ({pins, piles}), from loadDeals(). */
    constructor(ruleset, deals) {
        this.ruleset = ruleset;
        this.deals = deals;
        this.version = 0;      // events so far, as the server counts them (a take-back is one)
        this.events = [];      // the protocol events since the last takeEvents()
        this.#restart();
    }

    /** One protocol event: numbered with the game's next version, kept for takeEvents(). */
    #emit(event) {
        this.version++;
        this.events.push({ v: this.version, ...event });
    }

    /** Takes the protocol events since the last call. */
    takeEvents() {
        return this.events.splice(0);
    }

    /** The game before its first action (the history of actions is emptied too). */
    #restart() {
        this.history = [];  // every action applied, take-backs included (the record)
        this.dealIndex = -1;
        this.sheet = new ScoreSheet();
        this.over = false;
        this.resigned = false;
        this.ballPins = 0;
        this.log = [];  // what happened since the last take(): ["Frame 1, ball 1: 3 pins", ...]
        this.#dealFresh();
        this.#settle();
    }

    #dealFresh() {
        this.dealIndex++;
        const d = this.deals[this.dealIndex];
        this.pins = [...d.pins];
        this.tops = [0, 0, 0];
        this.secondBall = false;
        this.burned = null;
        this.untouched = true;
        this.ballPins = 0;
        this.#emit({ e: 'deal', deal: this.dealIndex, pins: [...d.pins], up: [1, 2, 3].map((p) => this.faceUp(p)) });
    }

    faceUp(pile) {
        const top = this.tops[pile - 1];
        return top < PILE_SIZES[pile - 1] ? this.deals[this.dealIndex].piles[pile - 1][top] : null;
    }

    legal() {
        if (this.over) return [[], [], []];
        return [1, 2, 3].map((p) => legalGroups(this.faceUp(p), this.pins, this.ruleset, this.untouched));
    }

    #endBall(reason) {
        const { frame, ball } = this.sheet;
        const cleared = this.pins.every((c) => c === null);
        this.sheet.add(this.ballPins);
        const mark = cleared ? (this.secondBall ? 'spare' : 'strike') : null;
        this.log.push(`Frame ${frame}, ball ${ball}: ${mark ?? pinsText(this.ballPins)} (${reason})`);
        this.#emit({ e: 'ball_end', frame, ball, roll: this.ballPins, reason: EVENT_REASON[reason], mark });
        if (this.sheet.frame !== frame) this.#emit({ e: 'frame_end', frame });
        this.ballPins = 0;
        if (this.sheet.complete) {
            this.over = true;
            this.#emit({ e: 'game_over', score: this.sheet.score(), resigned: false });
            return;
        }
        if (cleared || this.sheet.frame !== frame) {
            this.#dealFresh();
            return;
        }
        this.burned = [1, 2, 3].map((p) => this.faceUp(p));
        this.tops = this.tops.map((t, i) => (t < PILE_SIZES[i] ? t + 1 : t));
        this.secondBall = true;
        this.#emit({ e: 'burn', burned: [...this.burned], turned: [1, 2, 3].map((p) => this.faceUp(p)) });
    }

    #settle() {
        while (!this.over && this.legal().every((g) => g.length === 0)) {
            this.#endBall(this.pins.every((c) => c === null) ? 'all pins down' : 'no legal play left');
        }
    }

    /** Applies one parsed action; returns null, or an error text (the game is unchanged). */
    apply(action) {
        if (this.over) return 'the game is over';
        if (action.kind === 'undo') return this.#takeBack();
        if (action.kind === 'play') {
            const pins = [...action.pins].sort((a, b) => a - b);
            const legal = this.legal()[action.pile - 1];
            if (!legal.some((g) => g.join() === pins.join())) return `${action.text} is not a legal play here`;
            const ball = this.faceUp(action.pile);
            for (const p of pins) this.pins[p - 1] = null;
            this.tops[action.pile - 1]++;
            this.untouched = false;
            this.ballPins += pins.length;
            this.#emit({ e: 'play', pile: action.pile, pins, ball, turned: this.faceUp(action.pile) });
        } else if (action.kind === 'stop') {
            this.#endBall('stopped');
        } else {
            if (this.ballPins > 0) {
                const { frame, ball } = this.sheet;
                this.log.push(`Frame ${frame}, ball ${ball}: ${pinsText(this.ballPins)} (resigned)`);
                this.sheet.add(this.ballPins);
                this.#emit({ e: 'ball_end', frame, ball, roll: this.ballPins, reason: 'resigned', mark: null });
                this.ballPins = 0;
            }
            this.over = true;
            this.resigned = true;
            this.#emit({ e: 'game_over', score: this.sheet.score(), resigned: true });
        }
        this.history.push(action);
        this.#settle();
        return null;
    }

    /** `u`: back to the position before the last action still in effect (engine take_back). */
    #takeBack() {
        const line = finalLine(this.history);
        if (line.length === 0) return 'nothing to take back (no action in effect)';
        const undone = line.pop();
        const history = this.history;
        const version = this.version;
        this.#restart();
        for (const a of line) this.apply(a);
        this.history = [...history, { kind: 'undo', text: 'u' }];
        this.log = [`Took back ${undone.text}`];
        // The take-back is one event; the replay's events are not news (a snapshot answers it).
        this.version = version + 1;
        this.events = [];
        return null;
    }

    /** Takes the log of what happened since the last call. */
    take() {
        return this.log.splice(0);
    }

    /** The state in model.js's shape (what RackView and SheetView render). */
    view() {
        const sheet = this.sheet.toJSON();
        return {
            ruleset: this.ruleset, over: this.over, resigned: this.resigned,
            frame: this.over ? 0 : this.sheet.frame, ball: this.over ? 0 : this.sheet.ball,
            deal: this.dealIndex, secondBall: this.secondBall, pinsThisBall: this.ballPins,
            pins: [...this.pins],
            piles: [1, 2, 3].map((p) => ({
                up: this.faceUp(p),
                down: Math.max(0, PILE_SIZES[p - 1] - this.tops[p - 1] - 1),
            })),
            burned: this.burned, sheet, legal: this.legal(), score: sheet.score,
        };
    }
}

/** The actions that stood: every undone action and every `u` removed (engine::final_line). */
export function finalLine(actions) {
    const line = [];
    for (const a of actions) {
        if (a.kind !== 'undo') line.push(a);
        else line.pop();
    }
    return line;
}

/** All deals of a seed, computed once (SHA-256 through crypto.subtle). */
export async function loadDeals(seed) {
    const deals = [];
    for (let k = 0; k < MAX_DEALS; k++) deals.push(await dealFromSeed(seed, k));
    return deals;
}

/**
 * Replays a record: [{action, note, state}], step 0 the opening deal (action null). Stops at
 * the first action that does not apply, with its error as the last step's `error`.
 */
export async function replaySteps(recordText) {
    const record = parseRecord(recordText);
    const game = new ReplayGame(record.ruleset, await loadDeals(record.seed));
    const steps = [{ action: null, notes: game.take(), state: game.view(), error: null }];
    for (const action of record.actions) {
        const error = game.apply(action);
        steps.push({ action, notes: game.take(), state: game.view(), error });
        if (error) break;
    }
    return { record, steps, final: game };
}
