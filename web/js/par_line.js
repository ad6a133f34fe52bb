// Par on the game-over panel of a practice game (docs/rules.md "Par and the coach"): the server
// computes it on its analysis pool once the game ends and keeps it with the stored game, so the
// panel asks `record` for it (again a few times while it is still being computed). Ranked games
// get none here: their par is public only from their day's reveal.

import { h } from './dom.js';

const TRIES = 10;
const WAIT_MS = 300;

export class ParLine {
    /** panel: the game-over panel; after: the element the line follows. */
    constructor(client, after) {
        this.client = client;
        this.el = h('p', { id: 'over-par', class: 'over-par', hidden: true });
        after.after(this.el);
        this.game = null;
    }

    /** Shows par for a finished game state (once per game). */
    async show(state) {
        if (this.game === state.id) return;
        this.game = state.id;
        this.el.hidden = true;
        if (state.mode !== 'practice') return;
        for (let i = 0; i < TRIES && this.game === state.id; i++) {
            let stored;
            try {
                stored = await this.client.request('record', { game: state.id });
            } catch {
                return;  // par is a nicety: the panel is complete without it
            }
            if (stored.par !== null && stored.par !== undefined) {
                if (this.game !== state.id) return;
                const score = state.sheet.score;
                const pct = stored.par > 0 ? (100 * score / stored.par).toFixed(1) : '-';
                this.el.replaceChildren(`Par on these deals: `, h('strong', { text: String(stored.par) }),
                                        ` \u00b7 you made ${pct}% of par.`);
                this.el.dataset.par = String(stored.par);
                this.el.hidden = false;
                return;
            }
            await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
        }
    }
}
