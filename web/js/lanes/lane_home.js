// The lanes page: open a lane (ruleset, individual sides 1-8 or two teams, their names, the
// side the opener plays on and the name on the sheet), join or watch one by its code, and the
// lanes this browser opened or joined lately.

import { busy, fillScreen, h } from '../dom.js';

export const RULESETS = {
    'compact-official': { name: 'Compact Bowling', rack: 6,
                          about: '6 pins; strikes and spares earn bonus rolls as in ten-pin; 180 is perfect.' },
    compact: { name: 'Compact, simple count', rack: 6,
               about: '6 pins; each frame scores its own pins, two rolls always; 120 is perfect.' },
    tenpin: { name: 'Ten-pin', rack: 10, about: '10 pins, the usual scoring; 300 is perfect.' },
};
const RECENT_KEY = 'pinfall.lanes';
const MAX_SIDES = 8;

/** Remembers a lane code this browser used (newest first). */
export function rememberLane(code) {
    const list = recentLanes().filter((c) => c !== code);
    list.unshift(code);
    localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, 8)));
}

function recentLanes() {
    try {
        const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
        return Array.isArray(list) ? list.filter((c) => typeof c === 'string') : [];
    } catch {
        return [];
    }
}

export class LaneHome {
    /** openLane(snapshot): shows a lane just opened. */
    constructor(el, client, messages, { openLane }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.openLane = openLane;
        this.teams = false;
        this.names = ['Player 1', 'Player 2'];
    }

    show({ code = '' } = {}) {
        const recent = recentLanes();
        fillScreen(this.el, h('h2', { text: 'Score a game on a real lane' }),
                   h('p', { class: 'intro', text: 'Bowl on a real Compact Bowling table or a ten-pin alley and keep ' +
                       'the sheet here: open a lane, share its code, and every phone that joins reports its own ' +
                       'rolls while anyone with the code watches the sheet live.' }),
                   this.#joinForm(code), this.#openForm(),
                   recent.length > 0 ? h('div', { class: 'card-panel' }, h('h3', { text: 'Your recent lanes' }),
                       h('div', { class: 'buttons' }, ...recent.map((c) => h('a', { class: 'button-link', href: `#/lane/${c}`, text: c }))))
                       : null);
    }

    #joinForm(code) {
        const input = h('input', { id: 'join-code', type: 'text', value: code, required: true, maxlength: 8,
                                   autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
                                   class: 'code-input', placeholder: 'K7QX2MPA', 'aria-label': 'Lane code' });
        return h('form', { id: 'join-form', class: 'card-panel form-stack',
                           on: { submit: (ev) => {
                               ev.preventDefault();
                               const c = input.value.trim().toUpperCase();
                               if (!/^([A-Z0-9]{6}|[A-Z0-9]{8})$/.test(c)) {
                                   this.messages.error('A lane code has eight letters and digits (six for older lanes).');
                                   return;
                               }
                               location.hash = `#/lane/${c}`;
                           } } },
                 h('h3', { text: 'Join or watch a lane' }),
                 h('div', { class: 'inline-form' }, input,
                   h('button', { type: 'submit', id: 'join-go', class: 'primary', text: 'Go to the lane' })),
                 h('p', { class: 'muted', text: 'You choose your side there; without one you only watch.' }));
    }

    #openForm() {
        const form = h('form', { id: 'open-form', class: 'card-panel form-stack',
                                 on: { submit: (ev) => this.#open(ev) } });
        const rulesets = h('fieldset', {}, h('legend', { text: 'Rules' }),
            ...Object.entries(RULESETS).map(([key, r], i) => h('label', { class: 'radio' },
                h('input', { type: 'radio', name: 'ruleset', value: key, checked: i === 0 }),
                h('span', {}, h('strong', { text: r.name }), `: ${r.about}`))));
        const kind = h('fieldset', {}, h('legend', { text: 'Sides' }),
            h('label', { class: 'radio' }, h('input', { type: 'radio', name: 'kind', value: 'solo', checked: !this.teams,
                on: { change: () => this.#setTeams(false, form) } }), h('span', { text: 'Individual players (1 to 8)' })),
            h('label', { class: 'radio' }, h('input', { type: 'radio', name: 'kind', value: 'teams', checked: this.teams,
                on: { change: () => this.#setTeams(true, form) } }), h('span', { text: 'Two teams' })));
        form.append(h('h3', { text: 'Open a lane' }), rulesets, kind,
                    h('div', { id: 'side-names', class: 'side-names' }),
                    h('label', { class: 'field', for: 'open-join', text: 'You play on' }),
                    h('select', { id: 'open-join', name: 'join' }),
                    h('label', { class: 'field', for: 'open-name' }, 'Your name on the sheet ',
                      h('span', { class: 'optional', text: '(optional: your player name, or the side\'s)' })),
                    h('input', { id: 'open-name', name: 'name', type: 'text', maxlength: 24, autocomplete: 'nickname' }),
                    h('button', { type: 'submit', id: 'open-button', class: 'primary big', text: 'Open the lane' }));
        this.#renderSides(form);
        return form;
    }

    #setTeams(teams, form) {
        this.#readNames(form);
        this.teams = teams;
        this.names = teams ? ['Team A', 'Team B'] : ['Player 1', 'Player 2'];
        this.#renderSides(form);
    }

    #readNames(form) {
        this.names = [...form.querySelectorAll('.side-name')].map((i) => i.value);
    }

    #renderSides(form) {
        const box = form.querySelector('#side-names');
        const rows = this.names.map((name, i) => h('div', { class: 'side-row' },
            h('input', { type: 'text', class: 'side-name', value: name, maxlength: 24, required: true,
                         'aria-label': `Name of side ${i + 1}`, data: { side: i },
                         on: { input: () => this.#renderJoin(form) } }),
            !this.teams && this.names.length > 1
                ? h('button', { type: 'button', class: 'small', 'aria-label': `Remove side ${i + 1}`, text: '\u2715',
                                on: { click: () => { this.#readNames(form); this.names.splice(i, 1); this.#renderSides(form); } } })
                : null));
        const add = !this.teams && this.names.length < MAX_SIDES
            ? h('button', { type: 'button', id: 'add-side', class: 'small', text: '+ Add a player',
                            on: { click: () => { this.#readNames(form); this.names.push(`Player ${this.names.length + 1}`); this.#renderSides(form); } } })
            : null;
        box.replaceChildren(...rows, add ?? '');
        this.#renderJoin(form);
    }

    #renderJoin(form) {
        const select = form.querySelector('#open-join');
        const keep = select.value;
        const names = [...form.querySelectorAll('.side-name')].map((i) => i.value.trim() || '(no name)');
        select.replaceChildren(...names.map((n, i) => h('option', { value: i, text: n })),
                               h('option', { value: 'none', text: 'No side: I only keep score' }));
        select.value = [...select.options].some((o) => o.value === keep) ? keep : '0';
    }

    async #open(ev) {
        ev.preventDefault();
        this.messages.clearError();
        const form = ev.target;
        this.#readNames(form);
        const fields = { ruleset: form.querySelector('input[name="ruleset"]:checked').value,
                         sides: this.names.map((n) => n.trim()) };
        if (this.teams) fields.teams = true;
        const join = form.querySelector('#open-join').value;
        if (join !== 'none') {
            fields.join = Number(join);
            const name = form.querySelector('#open-name').value.trim();
            if (name) fields.name = name;
        }
        const button = form.querySelector('#open-button');
        button.disabled = true;
        try {
            const lane = await busy(() => this.client.request('lane_open', fields));
            rememberLane(lane.lane);
            await this.openLane(lane);
        } catch (err) {
            this.messages.error(err);
        } finally {
            button.disabled = false;
        }
    }
}
