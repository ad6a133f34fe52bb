// The coach on the practice play screen (docs/protocol.md "Hints and reviews"): a "Coach" button
// (and Shift+H) asks the server for a hint and shows the best play with its expected final
// score, then the next two. Hints exist only in practice games: the button is absent in ranked
// ones, whose server refuses them anyway. A hint is cleared as soon as the game moves on.

import { busy, h } from './dom.js';

/** "1:2,3,5" -> "pile 1 on pins 2-3-5"; "s" -> "stop this ball". */
export function actionWords(token) {
    if (token === 's') return 'stop this ball';
    if (token === 'r') return 'resign';
    const [pile, pins] = token.split(':');
    return `pile ${pile} on pin${pins.includes(',') ? 's' : ''} ${pins.split(',').join('-')}`;
}

export class HintView {
    /** controls: the play screen's #controls; after: the element the panel follows. */
    constructor(client, messages, controls, after) {
        this.client = client;
        this.messages = messages;
        this.key = null;  // game id and version the shown hint is for
        this.button = h('button', { type: 'button', id: 'coach-button', title: 'Shift+H',
                                    text: 'Coach', on: { click: () => this.ask() } });
        controls.querySelector('.buttons.secondary').prepend(this.button);
        this.panel = h('div', { id: 'coach-hint', class: 'coach-hint', 'aria-live': 'polite', hidden: true });
        after.after(this.panel);
        this.state = null;
        this.locked = true;
    }

    /** Called by the play screen on every render. */
    render(state, locked) {
        this.state = state;
        this.locked = locked;
        const practice = state.mode === 'practice' && !state.over;
        this.button.hidden = !practice;
        this.button.disabled = locked;
        if (this.key !== `${state.id}/${state.version}`) this.#clear();
    }

    async ask() {
        const s = this.state;
        if (!s || this.locked || s.mode !== 'practice' || s.over) return;
        const key = `${s.id}/${s.version}`;
        let reply;
        try {
            reply = await busy(() => this.client.request('hint', { game: s.id }));
        } catch (err) {
            this.messages.error(err);
            return;
        }
        // The game moved on while the coach thought: that hint is for a position gone.
        if (`${this.state.id}/${this.state.version}` !== key) return;
        this.key = key;
        this.#show(reply.plays);
    }

    #show(plays) {
        const [best, ...rest] = plays;
        if (!best) return this.#clear();
        const fmt = (x) => x.toFixed(1);
        this.panel.replaceChildren(
            h('p', { class: 'coach-best', data: { action: best.action, expected: best.expected } },
              h('strong', { text: 'Coach: ' }), `${actionWords(best.action)} `,
              h('code', { text: best.action }), ` \u2014 expected final score ${fmt(best.expected)}`),
            rest.length === 0 ? null : h('ol', { class: 'coach-rest', start: 2 },
                ...rest.slice(0, 2).map((p) => h('li', { data: { action: p.action } },
                    `${actionWords(p.action)} `, h('code', { text: p.action }), ` \u2014 ${fmt(p.expected)}`))));
        this.panel.hidden = false;
    }

    #clear() {
        this.key = null;
        this.panel.hidden = true;
        this.panel.replaceChildren();
    }
}
