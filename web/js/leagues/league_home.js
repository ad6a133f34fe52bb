// The leagues page: the account's leagues (from the server, `league_list`), join one with its
// invite code (an invite link, #/leagues/join/CODE, fills it in), and create one (its
// secretary, who bowls in it too unless they untick that).

import { busy, fillScreen, h } from '../dom.js';

// engine::handicap_defaults, fitted to Bowling Solitaire's scores (docs/rules.md).
const HANDICAP_DEFAULTS = { sackson: { basis: 190, entering: 120 }, strict: { basis: 150, entering: 100 } };

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

    /** The address of a league's invite link (the page's own origin and path). */
    static inviteLink(code) {
        return `${location.origin}${location.pathname}#/leagues/join/${encodeURIComponent(code)}`;
    }

    async show({ code = '' } = {}) {
        const registered = this.player() !== null;
        let mine = null;
        if (registered) {
            try {
                mine = (await busy(() => this.client.request('league_list'))).leagues;
            } catch (err) {
                this.messages.error(err);
            }
        }
        this.#draw(registered, mine, code);
    }

    #draw(registered, mine, code) {
        fillScreen(this.el, h('h2', { text: 'Leagues' }),
                   h('p', { class: 'intro', text: 'Bowl a season against the same players: every round pairs you with ' +
                       'one opponent, everyone bowls the same deals, and points go to the better score of each game ' +
                       'and series. A secretary creates the league and shares its invite code.' }),
                   registered ? null : h('p', { id: 'league-register', class: 'card-panel' },
                       'Leagues need a player account: ', h('a', { href: '#/account', text: 'register or log in' }), ' first.'),
                   registered ? this.#mine(mine) : null,
                   this.#joinForm(code), this.#createForm());
        if (code) this.el.querySelector('#league-join')?.focus();
    }

    #mine(mine) {
        const STATUS = { forming: 'forming', running: 'season running', ended: 'season ended' };
        const role = (l) => [l.you.secretary ? 'secretary' : null, l.you.member ? 'member' : null].filter(Boolean).join(' and ');
        return h('div', { class: 'card-panel', id: 'my-leagues' }, h('h3', { text: 'Your leagues' }),
                 mine === null ? h('p', { class: 'muted', text: 'Your leagues could not be loaded.' })
                     : mine.length === 0 ? h('p', { class: 'muted', text: 'None yet: create one or join with a code.' })
                         : h('ul', { class: 'league-list' }, ...mine.map((l) => h('li', { data: { league: l.league } },
                             h('a', { href: `#/league/${l.league}`, data: { league: l.league }, text: l.name }),
                             h('span', { class: 'muted', text: ` \u00b7 ${role(l)} \u00b7 ${STATUS[l.status] ?? l.status}` })))));
    }

    #joinForm(code) {
        const input = h('input', { id: 'league-code', type: 'text', required: true, maxlength: 16, autocomplete: 'off', value: code || null,
                                   autocapitalize: 'characters', spellcheck: 'false', class: 'code-input',
                                   placeholder: 'K7QX2MAB', 'aria-label': 'Invite code' });
        return h('form', { id: 'league-join-form', class: 'card-panel form-stack',
                           on: { submit: (ev) => this.#join(ev, input) } },
                 h('h3', { text: 'Join a league' }),
                 h('div', { class: 'inline-form' }, input,
                   h('button', { type: 'submit', id: 'league-join', class: 'primary', text: 'Join' })),
                 code ? h('p', { id: 'league-invited', text: 'You were invited to a league: press Join.' })
                      : h('p', { class: 'muted', text: 'Ask the league\'s secretary for its invite code or link.' }));
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
            this.openLeague(league);
        } catch (err) {
            this.messages.error(err);
        }
    }

    #createForm() {
        const num = (id, value, min, max) => h('input', { id, name: id, type: 'number', value, min, max, required: true });
        const handicap = h('fieldset', { id: 'league-handicap', disabled: true }, h('legend', { text: 'Handicap' }),
            field('lg-percent', 'Percent', num('lg-percent', 90, 0, 100)),
            field('lg-basis', 'Basis', num('lg-basis', HANDICAP_DEFAULTS.sackson.basis, 0, 300)),
            field('lg-entering', 'Entering average', num('lg-entering', HANDICAP_DEFAULTS.sackson.entering, 0, 300),
                  'until a member has games'));
        const scoring = h('fieldset', {}, h('legend', { text: 'Scoring' }),
            ...[['scratch', 'Scratch: pins as bowled'], ['handicap', 'Handicap: a share of the difference to the basis is added']]
                .map(([value, text], i) => h('label', { class: 'radio' },
                    h('input', { type: 'radio', name: 'scoring', value, checked: i === 0,
                                 on: { change: () => { handicap.disabled = value !== 'handicap'; } } }),
                    h('span', { text }))));
        // The handicap defaults follow the rules chosen (the server's own defaults, docs/rules.md).
        const ruleset = h('select', { id: 'lg-ruleset', on: { change: () => {
            const d = HANDICAP_DEFAULTS[ruleset.value];
            handicap.querySelector('#lg-basis').value = d.basis;
            handicap.querySelector('#lg-entering').value = d.entering;
        } } }, h('option', { value: 'sackson', text: 'Sackson' }), h('option', { value: 'strict', text: 'Strict' }));
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
                 h('label', { class: 'checkbox' }, h('input', { type: 'checkbox', id: 'lg-bowls', checked: true }),
                   h('span', { text: ' I bowl in this league too' })),
                 h('button', { type: 'submit', id: 'league-create', class: 'primary big', text: 'Create the league' }));
    }

    async #create(ev) {
        ev.preventDefault();
        this.messages.clearError();
        const form = ev.target;
        const val = (id) => form.querySelector(`#${id}`).value.trim();
        const fields = { name: val('lg-name'), rounds: Number(val('lg-rounds')), games_per_round: Number(val('lg-games')),
                         round_days: Number(val('lg-days')), start_date: val('lg-start'), ruleset: val('lg-ruleset'),
                         scoring: form.querySelector('input[name="scoring"]:checked').value,
                         secretary_bowls: form.querySelector('#lg-bowls').checked };
        if (fields.scoring === 'handicap') {
            Object.assign(fields, { handicap_percent: Number(val('lg-percent')), handicap_basis: Number(val('lg-basis')),
                                    entering_average: Number(val('lg-entering')) });
        }
        if (val('lg-vacancy') !== '') fields.vacancy_score = Number(val('lg-vacancy'));
        const button = form.querySelector('#league-create');
        button.disabled = true;
        try {
            const league = await busy(() => this.client.request('league_create', fields));
            this.openLeague(league);
        } catch (err) {
            this.messages.error(err);
        } finally {
            button.disabled = false;
        }
    }
}
