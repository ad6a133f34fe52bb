// The boardgame.io game of the same-work peer: Bowling Solitaire practice games with Pinfall's
// rules, played by the browser's engine (../practice.mjs). Imported by bgio/server.mjs (where
// the moves run) and by the clients (check.mjs, loadgen.mjs), which only need its name and move
// names: every move is `client: false` (boardgame.io's way for moves that read secret state), so
// a client never runs it and waits for the server's state.
//
// Contract. One player ("0") per match; a match is a player's session and plays any number of
// games one after the other, as one Pinfall connection does with practice_start. Moves (each
// takes one object; `re` is the client's request number, echoed in the state):
//   start({re, seed?, ruleset?})  a new game: deals from seed (64 hex; else a random seed)
//   play({re, pile, pins})        knocks pins down with pile's face-up card
//   stop({re}), resign({re})      ends the ball / the game
// A malformed or illegal request returns INVALID_MOVE (boardgame.io's way: the state does not
// change). G holds the whole game as plain data (boardgame.io requires G to be JSON-serializable):
// the seed and the 12 deals (secret), the record of actions, and the visible state.
// playerView (boardgame.io's documented way to hide secret state) gives the player only
// {game, re, ruleset, state, notes} and, once the game is over, {reveal: {seed, deals dealt}}.
// The live engine object (ReplayGame) is a memo of G, keyed by the game and its number of
// actions; when missing (another process, a restart) it is rebuilt by replaying G's record.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

import { Practice, RULESETS, isSeed } from '../practice.mjs';
import { dealsSync } from './deal_sync.mjs';

const { INVALID_MOVE } = createRequire(import.meta.url)('boardgame.io/core');

const live = new Map();  // G.game -> {practice, n}: the engine of the game G.game after n actions
let nextGame = 1;

function engineOf(G) {
    const memo = live.get(G.game);
    if (memo && memo.n === G.actions.length) return memo;
    // Rebuild from the record (plain copies: G is an immer draft here).
    const deals = JSON.parse(JSON.stringify(G.deals));
    const practice = new Practice(G.ruleset, G.seed, deals);
    for (const a of G.actions) practice.act(JSON.parse(JSON.stringify(a)));
    practice.visible();
    const fresh = { practice, n: G.actions.length };
    live.set(G.game, fresh);
    return fresh;
}

function show(G, re, memo) {
    const { state, notes, reveal } = memo.practice.visible();
    G.re = re;
    G.state = state;
    G.notes = notes;
    G.reveal = reveal ?? null;
}

function start({ G }, req = {}) {
    const ruleset = req.ruleset ?? 'sackson';
    if (!RULESETS.includes(ruleset)) return INVALID_MOVE;
    if (req.seed !== undefined && !isSeed(req.seed)) return INVALID_MOVE;
    const seed = (req.seed ?? randomBytes(32).toString('hex')).toLowerCase();
    const deals = dealsSync(seed);
    if (G.game !== null) live.delete(G.game);
    const game = nextGame++;
    const practice = new Practice(ruleset, seed, deals);
    const memo = { practice, n: 0 };
    live.set(game, memo);
    Object.assign(G, { game, seed, ruleset, deals, actions: [] });
    show(G, req.re ?? null, memo);
    return undefined;
}

function act(type) {
    return ({ G }, req = {}) => {
        if (G.game === null || G.state.over) return INVALID_MOVE;
        const memo = engineOf(G);
        const action = { ...req, type };
        delete action.re;
        if (memo.practice.act(action) !== null) return INVALID_MOVE;
        memo.n++;
        G.actions.push(action);
        show(G, req.re ?? null, memo);
        return undefined;
    };
}

export const PinfallGame = {
    name: 'pinfall',
    minPlayers: 1,
    maxPlayers: 1,
    // No undo (the benchmark never takes back): else boardgame.io keeps every state of the
    // turn for it, and a session's single turn never ends.
    disableUndo: true,
    setup: () => ({
        game: null, seed: null, ruleset: null, deals: null, actions: [],
        re: null, state: null, notes: [], reveal: null,
    }),
    playerView: ({ G }) => ({
        game: G.game, re: G.re, ruleset: G.ruleset, state: G.state, notes: G.notes,
        ...(G.reveal ? { reveal: G.reveal } : {}),
    }),
    moves: {
        start: { move: start, client: false },
        play: { move: act('play'), client: false },
        stop: { move: act('stop'), client: false },
        resign: { move: act('resign'), client: false },
    },
};
