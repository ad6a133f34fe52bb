// The leagues page: the player's leagues (remembered in localStorage, there is no "my leagues"
// request), join one with its invite code, and create one (its secretary).

import { busy, fillScreen, h } from '../dom.js';

const KEY = 'pinfall.leagues';

/** [{id, name}] of the leagues this browser created or joined, newest first. */
export function myLeagues() {
    try {
        const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
        return Array.isArray(list) ? list.filter((l) => Number.isInteger(l?.id)) : [];
    } catch {
        return [];
    }
}

/** Remembers a league (its detail reply) at the top of the list. */
export function rememberLeague(league) {
    const list = myLeagues().filter((l) => l.id !== league.league);
    list.unshift({ id: league.league, name: league.name });
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 20)));
}

const field = (id, label, input, note = null) => h('div', { class: 'league-field' },
    h('label', { class: 'field', for: id }, label, note ? h('span', { class: 'optional', text: ` (${note})` }) : null),
    input);

export class LeagueHome {
    /** openLeague(detail): shows a league's page after creating or joining it. */
    constructor(el, client, messages, { today, player, openLeague }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.today = today;
        this.player = player;
        this.openLeague = openLeague;
    }

    show() {
        const mine = myLeagues();
        const registered = this.player() !== null;
        fillScreen(this.el, h('h2', { text: 'Leagues' }),
                   h('p', { class: 'intro', text: 'Bowl a season against the same players: every round pairs you with ' +
                       'one opponent, everyone bowls the same deals, and points go to the better score of each game ' +
                       'and series. A secretary creates the league and shares its invite code.' }),
                   registered ? null : h('p', { id: 'league-register', class: 'card-panel' },
                       'Leagues need a player account: ', h('a', { href: '#/account', text: 'register or log in' }), ' first.'),
                   h('div', { class: 'card-panel', id: 'my-leagues' }, h('h3', { text: 'Your leagues' }),
                     mine.length === 0 ? h('p', { class: 'muted', text: 'None yet on this browser: create one or join with a code.' })
                         : h('ul', { class: 'league-list' }, ...mine.map((l) => h('li', {},
                             h('a', { href: `#/league/${l.id}`, data: { league: l.id }, text: l.name }))))),
                   this.#joinForm(), this.#createForm());
    }

    #joinForm() {
        const input = h('input', { id: 'league-code', type: 'text', required: true, maxlength: 16, autocomplete: 'off',
                                   autocapitalize: 'characters', spellcheck: 'false', class: 'code-input',
                                   placeholder: 'K7QX2MAB', 'aria-label': 'Invite code' });
        return h('form', { id: 'league-join-form', class: 'card-panel form-stack',
                           on: { submit: (ev) => this.#join(ev, input) } },
                 h('h3', { text: 'Join a league' }),
                 h('div', { class: 'inline-form' }, input,
                   h('button', { type: 'submit', id: 'league-join', class: 'primary', text: 'Join' })),
                 h('p', { class: 'muted', text: 'Ask the league\'s secretary for its invite code.' }));
    }

    async #join(ev, input) {
        ev.preventDefault();
        this.messages.clearError();
        const code = input.value.trim().toUpperCase();
        if (code === '') {
            this.messages.error('Type the invite code the secretary gave you.');
            return;
        }
        try {
            const league = await busy(() => this.client.request('league_join', { code }));
            rememberLeague(league);
            this.openLeague(league);
        } catch (err) {
            this.messages.error(err);
        }
    }

    #createForm() {
        const num = (id, value, min, max) => h('input', { id, name: id, type: 'number', value, min, max, required: true });
        const handicap = h('fieldset', { id: 'league-handicap', disabled: true }, h('legend', { text: 'Handicap' }),
            field('lg-percent', 'Percent', num('lg-percent', 90, 0, 100)),
            field('lg-basis', 'Basis', num('lg-basis', 220, 0, 300)),
            field('lg-entering', 'Entering average', num('lg-entering', 150, 0, 300), 'until a member has games'));
        const scoring = h('fieldset', {}, h('legend', { text: 'Scoring' }),
            ...[['scratch', 'Scratch: pins as bowled'], ['handicap', 'Handicap: a share of the difference to the basis is added']]
                .map(([value, text], i) => h('label', { class: 'radio' },
                    h('input', { type: 'radio', name: 'scoring', value, checked: i === 0,
                                 on: { change: () => { handicap.disabled = value !== 'handicap'; } } }),
                    h('span', { text }))));
        const ruleset = h('select', { id: 'lg-ruleset' }, h('option', { value: 'sackson', text: 'Sackson' }),
                          h('option', { value: 'strict', text: 'Strict' }));
        return h('form', { id: 'league-create-form', class: 'card-panel form-stack',
                           on: { submit: (ev) => this.#create(ev) } },
                 h('h3', { text: 'Create a league' }),
                 field('lg-name', 'Name', h('input', { id: 'lg-name', type: 'text', required: true, maxlength: 48,
                                                       placeholder: 'Tuesday Night' })),
                 h('div', { class: 'league-grid' },
                   field('lg-rounds', 'Rounds', num('lg-rounds', 4, 1, 100)),
                   field('lg-games', 'Games per round', num('lg-games', 3, 1, 10)),
                   field('lg-days', 'Round length', num('lg-days', 7, 1, 365), 'days'),
                   field('lg-start', 'Start date', h('input', { id: 'lg-start', type: 'date', required: true, value: this.today() }), 'UTC'),
                   field('lg-ruleset', 'Rules', ruleset),
                   field('lg-vacancy', 'Vacancy score', h('input', { id: 'lg-vacancy', type: 'number', min: 0, max: 300,
                                                                     placeholder: 'average - 10' }), 'for a bye; empty: own average - 10')),
                 scoring, handicap,
                 h('button', { type: 'submit', id: 'league-create', class: 'primary big', text: 'Create the league' }));
    }

    async #create(ev) {
        ev.preventDefault();
        this.messages.clearError();
        const form = ev.target;
        const val = (id) => form.querySelector(`#${id}`).value.trim();
        const fields = { name: val('lg-name'), rounds: Number(val('lg-rounds')), games_per_round: Number(val('lg-games')),
                         round_days: Number(val('lg-days')), start_date: val('lg-start'), ruleset: val('lg-ruleset'),
                         scoring: form.querySelector('input[name="scoring"]:checked').value };
        if (fields.scoring === 'handicap') {
            Object.assign(fields, { handicap_percent: Number(val('lg-percent')), handicap_basis: Number(val('lg-basis')),
                                    entering_average: Number(val('lg-entering')) });
        }
        if (val('lg-vacancy') !== '') fields.vacancy_score = Number(val('lg-vacancy'));
        const button = form.querySelector('#league-create');
        button.disabled = true;
        try {
            const league = await busy(() => this.client.request('league_create', fields));
            rememberLeague(league);
            this.openLeague(league);
        } catch (err) {
            this.messages.error(err);
        } finally {
            button.disabled = false;
        }
    }
}
