// One league's page: its settings and invite code, the members, the schedule with "Play game N"
// for an open round, the standings, the results of closed rounds, and the secretary's actions
// (offered only to the secretary; the server refuses them to anyone else too).

import { busy, fillScreen, formatDay, h, plural } from '../dom.js';
import { rememberLeague } from './league_home.js';
import { roundResults, scheduleTable, standingsTable } from './league_tables.js';

const STATUS = { forming: 'Forming: members join', running: 'Season running', ended: 'Season ended' };

export class LeagueView {
    /** openSnapshot(snap, league): shows a league game on the play screen. */
    constructor(el, client, messages, { player, openSnapshot }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.player = player;
        this.openSnapshot = openSnapshot;
        this.league = null;
    }

    async show({ league: id }) {
        if (!Number.isInteger(id) || id < 1) {
            fillScreen(this.el, h('h2', { text: 'No such league' }), h('p', {}, h('a', { href: '#/leagues', text: 'Back to leagues' })));
            return;
        }
        fillScreen(this.el, h('p', { class: 'muted', text: 'Loading the league\u2026' }));
        try {
            await this.showDetail(await busy(() => this.client.request('league', { league: id })));
        } catch (err) {
            fillScreen(this.el, h('h2', { text: 'League not shown' }), h('p', {}, h('a', { href: '#/leagues', text: 'Back to leagues' })));
            this.messages.error(err);
        }
    }

    /** Renders a league detail; standings and closed rounds' results are fetched for it. */
    async showDetail(league) {
        this.league = league;
        if (league.you.member || league.you.secretary) rememberLeague(league);
        const me = this.player()?.id ?? null;
        const standings = h('div', { id: 'standings-box' }, h('p', { class: 'muted', text: 'Loading the standings\u2026' }));
        const results = h('div', { id: 'round-results' });
        fillScreen(this.el, this.#head(league), this.#members(league),
                   league.you.secretary ? this.#secretary(league) : null,
                   h('div', { class: 'card-panel' }, h('h3', { text: 'Schedule' }),
                     scheduleTable(league, me, (round, game) => this.#play(round, game))),
                   h('div', { class: 'card-panel' }, h('h3', { text: 'Standings' }), standings),
                   results);
        await busy(async () => {
            try {
                const reply = await this.client.request('league_standings', { league: league.league });
                standings.replaceChildren(standingsTable(reply.standings, me));
            } catch (err) {
                standings.replaceChildren();
                this.messages.error(err);
            }
            const closed = league.schedule.filter((r) => r.status === 'closed');
            for (const r of closed) {
                try {
                    const reply = await this.client.request('league_round', { league: league.league, round: r.round });
                    results.append(roundResults(reply, league.scoring === 'handicap'));
                } catch (err) {
                    this.messages.error(err);
                }
            }
        });
    }

    #head(l) {
        const scoring = l.scoring === 'handicap'
            ? `handicap ${l.handicap_percent}% of ${l.handicap_basis}, entering average ${l.entering_average}` : 'scratch';
        const joinAsPlayer = l.invite_code && !l.you.member && l.status === 'forming' && l.joining_open
            ? h('button', { type: 'button', id: 'league-self-join', class: 'primary small', text: 'Bowl in it too',
                            on: { click: () => this.#joinOwn(l.invite_code) } }) : null;
        return h('div', { class: 'league-head' },
                 h('h2', { id: 'league-name', text: l.name }),
                 h('span', { id: 'league-status', class: `round-status ${l.status}`, data: { status: l.status },
                             text: STATUS[l.status] ?? l.status }),
                 h('p', { class: 'muted' }, `Secretary ${l.secretary.name} \u00b7 ${l.ruleset} rules \u00b7 ` +
                   `${plural(l.rounds, 'round')} of ${plural(l.games_per_round, 'game')}, ${plural(l.round_days, 'day')} each, ` +
                   `from ${formatDay(l.start_date)} \u00b7 ${scoring} \u00b7 vacancy score ${l.vacancy_score ?? 'own average - 10'}`),
                 l.invite_code ? h('p', { class: 'invite' }, 'Invite code: ', h('code', { id: 'league-code-shown', class: 'lane-code', text: l.invite_code }),
                                   l.joining_open && l.status === 'forming' ? ' (joining open)' : ' (joining closed)') : null,
                 l.you.member ? h('span', { class: 'tag you', id: 'league-you', text: 'You are a member' }) : null,
                 joinAsPlayer);
    }

    #members(l) {
        const items = l.members.map((m) => h('li', { data: { player: m.player.id } },
            h('a', { href: `#/profile/${m.player.id}`, text: m.player.name }),
            m.removed_from_round !== null ? h('span', { class: 'muted', text: ` (removed from round ${m.removed_from_round})` }) : null,
            l.you.secretary && m.removed_from_round === null && l.status !== 'ended'
                ? h('button', { type: 'button', class: 'small danger', data: { remove: m.player.id }, text: 'Remove',
                                on: { click: () => this.#act('remove', { player: m.player.id }, `Remove ${m.player.name} from the league?`) } })
                : null));
        return h('div', { class: 'card-panel', id: 'league-members' }, h('h3', { text: `Members (${l.members.length})` }),
                 items.length ? h('ul', { class: 'league-list' }, ...items) : h('p', { class: 'muted', text: 'Nobody has joined yet.' }));
    }

    #secretary(l) {
        const button = (action, text, extra = {}, confirmText = null) => h('button', { type: 'button', data: { action },
            class: action.startsWith('end') ? 'danger' : '', text, on: { click: () => this.#act(action, extra, confirmText) } });
        const buttons = [];
        if (l.status === 'forming') {
            buttons.push(l.joining_open ? button('close_joining', 'Close joining') : button('open_joining', 'Open joining'));
            buttons.push(button('start_season', 'Start the season'));
        }
        if (l.status === 'running') {
            for (const r of l.schedule.filter((r) => r.status === 'open')) {
                buttons.push(button('end_round', `End round ${r.round} now`, { round: r.round },
                                    `End round ${r.round} now? Unfinished games end where they stand.`));
            }
            buttons.push(button('end_season', 'End the season', {}, 'End the season? Every round left is closed.'));
        }
        return h('div', { class: 'card-panel secretary', id: 'secretary-actions' }, h('h3', { text: 'Secretary' }),
                 buttons.length ? h('div', { class: 'buttons' }, ...buttons) : h('p', { class: 'muted', text: 'The season is over.' }));
    }

    async #act(action, extra, confirmText) {
        this.messages.clearError();
        if (confirmText && !window.confirm(confirmText)) return;
        try {
            const league = await busy(() => this.client.request('league_secretary', { league: this.league.league, action, ...extra }));
            await this.showDetail(league);
        } catch (err) {
            this.messages.error(err);
        }
    }

    async #joinOwn(code) {
        this.messages.clearError();
        try {
            await this.showDetail(await busy(() => this.client.request('league_join', { code })));
        } catch (err) {
            this.messages.error(err);
        }
    }

    async #play(round, game) {
        this.messages.clearError();
        try {
            const snap = await busy(() => this.client.request('league_play', { league: this.league.league, round, game }));
            await this.openSnapshot(snap, this.league.league);
        } catch (err) {
            this.messages.error(err);
        }
    }
}
