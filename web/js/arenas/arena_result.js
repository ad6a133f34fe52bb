// An arena game's part of the result card (game_over_view.js): the points the game earned
// (from the `arena_points` push: points, par and % of par, doubled or berserk's bonus), the
// player's place in the arena, the time left, and "Next game" (with Berserk when the arena has
// a clock). The push may come before the card is drawn, or not at all on this connection (a
// reload): the points are kept by game, and the card also reads the arena's detail, whose
// `games` hold them once stored (they are stored with the finish).

import { h, plural } from '../dom.js';
import { countdownEl, tickCountdowns } from './arena_home.js';
import { berserkWanted, ordinal, pctOfPar, pointsText, setBerserk } from './arena_text.js';

const pointsByGame = new Map();  // game id -> the `game` of its arena_points push

/** Keeps an `arena_points` push's game (the card may be drawn after it came). */
export function rememberPoints(msg) {
    if (msg?.game?.game) pointsByGame.set(msg.game.game, msg.game);
}

export class ArenaResult {
    /**
     * card: the result card; after: the element the arena panel follows; buttons: the card's
     * buttons row; nextGame(arena, berserk): starts the arena's next game; now(): server ms.
     */
    constructor(card, after, buttons, client, { nextGame, now }) {
        this.client = client;
        this.now = now;
        this.nextGameFn = nextGame;
        this.state = null;
        this.detail = null;
        this.timer = null;
        this.panel = h('div', { id: 'over-arena', class: 'over-arena', hidden: true });
        after.after(this.panel);
        this.next = h('button', { type: 'button', id: 'over-next-game', class: 'primary', hidden: true, text: 'Next game',
                                  on: { click: () => this.#next() } });
        buttons.prepend(this.next);
    }

    hide() {
        this.panel.hidden = true;
        this.next.hidden = true;
        this.state = null;
        clearInterval(this.timer);
    }

    /** Draws the arena part for a finished arena game (once per game; pushes update it). */
    show(state) {
        if (this.state?.id === state.id) return;
        this.state = state;
        this.detail = null;
        this.me = null;
        this.total = null;
        this.panel.hidden = false;
        this.next.hidden = false;
        this.next.disabled = false;
        this.#draw();
        this.#load(state);
    }

    /** An arena push: the game's points, or the standings (the player's place). */
    apply(msg) {
        const id = typeof msg.arena === 'object' ? msg.arena?.id : msg.arena;
        if (!this.state || id !== this.state.arena?.arena) return;
        if (msg.type === 'arena_points') {
            if (msg.game.game !== this.state.id) return;
            this.me = msg.me;
            this.#draw();
        } else if (msg.type === 'arena_standings' && msg.me) {
            this.me = msg.me;
            this.total = msg.total;
            this.#draw();
        } else if (msg.type === 'arena_ended') {
            if (this.detail) this.detail.arena = msg.arena;
            this.#draw();
        }
    }

    async #load(state) {
        try {
            const detail = await this.client.request('arena', { arena: state.arena.arena, limit: 1 });
            if (this.state?.id !== state.id) return;
            this.detail = detail;
            const mine = detail.games.find((g) => g.game === state.id);
            if (mine?.status === 'finished' && !pointsByGame.has(state.id)) pointsByGame.set(state.id, mine);
            this.me ??= detail.me;
            this.total = detail.total;
            this.#draw();
        } catch {
            // The card is complete without it: the points come with the push.
        }
    }

    #draw() {
        const s = this.state;
        const g = pointsByGame.get(s.id) ?? null;
        const a = this.detail?.arena ?? null;
        const pct = g ? pctOfPar(g.score ?? s.sheet.score, g.par) : null;
        clearInterval(this.timer);
        this.panel.replaceChildren(...[
            g ? h('p', { id: 'over-points', class: 'over-points', data: { points: g.points, par: g.par } },
                  h('strong', { text: `${g.points > 0 ? '+' : ''}${pointsText(g)}` }),
                  ` \u00b7 ${g.score ?? s.sheet.score} is ${pct}% of par ${g.par}`)
              : h('p', { id: 'over-points', class: 'over-points muted', text: 'Scoring the game\u2026' }),
            this.me ? h('p', { id: 'over-arena-rank', class: 'over-rank', data: { rank: this.me.rank } },
                        `${ordinal(this.me.rank)} of ${this.total ?? this.detail?.total ?? '?'} in the arena \u00b7 ` +
                        `${plural(this.me.points, 'point')} from ${plural(this.me.games, 'game')}`) : null,
            a && a.status !== 'finished' ? h('p', { class: 'over-next' }, countdownEl(a, this.now(), { id: 'over-arena-countdown' })) : null,
            a?.status === 'finished' ? h('p', { class: 'muted', text: 'The arena has ended: its seeds are revealed on its page.' }) : null,
            a?.clock_s && a.status === 'live'
                ? h('label', { class: 'toggle berserk-toggle' },
                    h('input', { type: 'checkbox', id: 'over-berserk', checked: berserkWanted(),
                                 on: { change: (ev) => setBerserk(ev.target.checked) } }),
                    ` Berserk next game (${Math.floor(a.clock_s / 2)} s clock)`)
                : null,
        ].filter(Boolean));
        this.next.hidden = a?.status === 'finished';
        if (a && a.status !== 'finished') this.timer = tickCountdowns(this.panel, this.now, () => this.#refresh());
    }

    async #refresh() {
        if (this.state) {
            const state = this.state;
            this.state = null;
            this.show(state);
        }
    }

    async #next() {
        const s = this.state;
        if (!s) return;
        this.next.disabled = true;
        try {
            await this.nextGameFn(s.arena.arena, Boolean(this.detail?.arena.clock_s) && berserkWanted());
        } finally {
            this.next.disabled = false;
        }
    }
}
