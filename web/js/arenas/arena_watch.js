// Watching an arena game from its arena's page (docs/protocol.md "Arenas", `arena_watch`): the
// rack, the piles and the sheet as the player sees them (never a face-down card), kept up to
// date by the game's `update` pushes, read-only. "Watch the leader" picks the game the first
// line of the standings has in play; each line with a game in play has its own "Watch".

import { h, plural } from '../dom.js';
import { fromSnapshot, planUpdate } from '../model.js';
import { RackView } from '../rack_view.js';
import { SheetView } from '../sheet_view.js';

export class ArenaWatch {
    constructor(client, messages) {
        this.client = client;
        this.messages = messages;
        this.state = null;
        this.who = null;
        this.el = h('section', { class: 'card-panel arena-watch', id: 'arena-watch', hidden: true, 'aria-label': 'Watching a game' });
        this.title = h('h3', { id: 'arena-watch-title' });
        this.status = h('p', { id: 'arena-watch-status', class: 'muted', 'aria-live': 'polite' });
        const rack = h('div', { class: 'rack', role: 'group', 'aria-label': 'Pins of the watched game' });
        const piles = h('div', { class: 'piles', role: 'group', 'aria-label': 'Ball piles of the watched game' });
        const burn = h('p', { class: 'burn', hidden: true });
        const sheet = h('div', { class: 'sheet' });
        this.rack = new RackView(rack, piles, burn, { onPin: () => {}, onPile: () => {} });
        this.sheet = new SheetView(sheet);
        this.el.append(h('div', { class: 'panel-head' }, this.title,
                         h('button', { type: 'button', class: 'small', id: 'arena-watch-stop', text: 'Stop watching',
                                       on: { click: () => this.stop() } })),
                       this.status,
                       h('div', { class: 'table' }, rack, h('div', { class: 'side' }, piles, burn)),
                       h('div', { class: 'sheet-wrap' }, sheet));
    }

    get game() {
        return this.state?.id ?? null;
    }

    /** Watches `game`, the game in play of `who` ({id, name}). */
    async watch(game, who) {
        this.messages.clearError();
        try {
            const snap = await this.client.request('arena_watch', { game });
            this.who = who;
            this.#show(snap);
            this.el.hidden = false;
            this.el.scrollIntoView?.({ block: 'nearest' });
        } catch (err) {
            this.messages.error(err);
        }
    }

    stop() {
        this.state = null;
        this.el.hidden = true;
        this.el.dataset.game = '';
    }

    /** An `update` (or a `game` snapshot) pushed for the game watched. */
    apply(msg) {
        if (!this.state || msg.game !== this.state.id) return;
        if (msg.type === 'game') {
            this.#show(msg);
            return;
        }
        const plan = planUpdate(this.state, msg);
        if (plan.kind === 'stale') return;
        if (plan.kind === 'gap') {
            this.client.request('arena_watch', { game: this.state.id }).then((snap) => this.#show(snap), () => {});
            return;
        }
        this.state = plan.final;
        this.#render();
    }

    #show(snap) {
        this.state = fromSnapshot(snap);
        this.#render();
    }

    #render() {
        const s = this.state;
        this.title.textContent = `Watching ${this.who?.name ?? 'a player'}, game ${s.arena?.n ?? ''}`.trim();
        this.status.textContent = s.over
            ? `Game over: ${s.sheet.score}${s.resigned ? ' (resigned)' : ''}.`
            : `Frame ${s.frame}, ball ${s.ball} \u00b7 ${plural(s.pinsThisBall, 'pin')} down this ball \u00b7 score ${s.sheet.score}`;
        this.el.dataset.game = String(s.id);
        this.el.dataset.version = String(s.version);
        this.el.dataset.over = String(s.over);
        this.rack.render(s, { pile: null, pins: new Set(), hintPins: new Set(), hintPiles: new Set(), fell: [], locked: true });
        this.sheet.render(s.sheet, s.over ? 0 : s.frame, { over: s.over });
    }
}
