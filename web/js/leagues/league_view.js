// One league's page: its settings and invite code, the members, the schedule with "Play game N"
// for an open round, the standings, the results of closed rounds, the seed commitments, and the
// secretary's actions (offered only to the secretary; the server refuses them to anyone else
// too). The page is live: being sent the detail subscribes this connection, and every `league`
// push of the league on screen redraws it (docs/protocol.md, "Live league pages").

import { busy, fillScreen, formatDay, h, plural } from '../dom.js';
import { setTitle } from '../router.js';
import { LeagueHome } from './league_home.js';
import { blindText, endRoundQuestion, progressTable } from './league_progress.js';
import { rememberCommitments, seedsPanel } from './league_seeds.js';
import { legend, roundResults, scheduleTable, standingsCsv, standingsTable } from './league_tables.js';

const STATUS = { forming: 'Forming: members join', running: 'Season running', ended: 'Season ended' };
// What a push's `change` tells the reader (the page itself is redrawn from the detail).
const CHANGE = {
    join: 'A member joined.', close_joining: 'The secretary closed joining.', open_joining: 'The secretary opened joining.',
    remove: 'The secretary removed a member.', start_season: 'The season started.', end_round: 'The secretary ended a round.',
    end_season: 'The season ended.', game_started: 'A league game started.', game_finished: 'A league game finished.',
    round_closed: 'A round closed.',
};

/** "avg 131, league, 6 games", "avg 118, daily games" or "entering 120". */
export function averageText(a) {
    if (a.source === 'league') return `avg ${a.value}, league, ${plural(a.games, 'game')}`;
    if (a.source === 'daily') return `avg ${a.value}, daily games`;
    return `entering ${a.value}`;
}

export class LeagueView {
    /** openSnapshot(snap, league): shows a league game on the play screen. */
    constructor(el, client, messages, { player, openSnapshot }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.player = player;
        this.openSnapshot = openSnapshot;
        this.league = null;
        this.drawn = 0;       // bumped by every draw, so a slower earlier one does not fill in late
        this.lastChange = '';  // what the last push said changed
        this.standings = null;  // the standings shown (for the CSV)
    }

    /** A `league` push: redraws the page when it shows that league. */
    apply(msg) {
        if (!this.league || msg.league !== this.league.league || document.body.dataset.screen !== 'league') return;
        this.lastChange = CHANGE[msg.change] ?? 'The league changed.';
        this.showDetail(msg);
    }

    /** After a reconnect: ask for the detail again, which subscribes the new connection. */
    async rewatch() {
        if (!this.league) return;
        try {
            this.lastChange = '';
            await this.showDetail(await this.client.request('league', { league: this.league.league }));
        } catch (err) {
            this.messages.error(err);
        }
    }

    async show({ league: id }) {
        if (!Number.isInteger(id) || id < 1) {
            fillScreen(this.el, h('h2', { text: 'No such league' }), h('p', {}, h('a', { href: '#/leagues', text: 'Back to leagues' })));
            return;
        }
        fillScreen(this.el, h('p', { class: 'muted', text: 'Loading the league\u2026' }));
        this.lastChange = '';
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
        setTitle(league.name);
        const drawn = ++this.drawn;
        rememberCommitments(league);
        const me = this.player()?.id ?? null;
        const standings = h('div', { id: 'standings-box' }, h('p', { class: 'muted', text: 'Loading the standings\u2026' }));
        const results = h('div', { id: 'round-results' });
        const live = h('p', { id: 'league-live', class: 'muted live', role: 'status', 'aria-live': 'polite',
                              text: this.lastChange });
        fillScreen(this.el, this.#head(league), live, this.#members(league),
                   league.you.secretary ? this.#secretary(league) : null,
                   h('div', { class: 'card-panel' }, h('h3', { text: 'Schedule' }),
                     scheduleTable(league, me, (round, game) => this.#play(round, game))),
                   h('div', { class: 'card-panel', id: 'standings-panel' },
                     h('div', { class: 'panel-head' }, h('h3', { text: 'Standings' }), this.#sheetButtons(league)),
                     standings, legend(league.scoring === 'handicap')),
                   results, seedsPanel(league));
        await busy(async () => {
            try {
                const reply = await this.client.request('league_standings', { league: league.league });
                if (drawn !== this.drawn) return;
                this.standings = reply.standings;
                standings.replaceChildren(standingsTable(reply.standings, me));
            } catch (err) {
                standings.replaceChildren();
                this.messages.error(err);
            }
            const closed = league.schedule.filter((r) => r.status === 'closed');
            for (const r of closed) {
                try {
                    const reply = await this.client.request('league_round', { league: league.league, round: r.round });
                    if (drawn !== this.drawn) return;
                    results.append(roundResults(reply, league.scoring === 'handicap'));
                } catch (err) {
                    this.messages.error(err);
                }
            }
        });
    }

    /** "Download CSV" (the standings as a file) and "Print" (the print stylesheet keeps the tables). */
    #sheetButtons(l) {
        const download = () => {
            const url = URL.createObjectURL(new Blob([standingsCsv(this.standings ?? [])], { type: 'text/csv' }));
            const a = h('a', { href: url, download: `${l.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-standings.csv` });
            document.body.append(a);
            a.click();
            a.remove();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
        };
        return h('div', { class: 'buttons no-print' },
                 h('button', { type: 'button', class: 'small', id: 'standings-csv', text: 'Download CSV', on: { click: download } }),
                 h('button', { type: 'button', class: 'small', id: 'standings-print', text: 'Print', on: { click: () => window.print() } }));
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
                 l.invite_code && l.joining_open && l.status === 'forming' ? this.#inviteLink(l.invite_code) : null,
                 l.you.member ? h('span', { class: 'tag you', id: 'league-you', text: 'You are a member' }) : null,
                 joinAsPlayer);
    }

    /** The invite link (opens the join form with the code filled in) and a button to copy it. */
    #inviteLink(code) {
        const url = LeagueHome.inviteLink(code);
        const note = h('span', { class: 'muted', role: 'status' });
        const copy = async () => {
            try {
                await navigator.clipboard.writeText(url);
                note.textContent = ' Copied.';
            } catch {
                window.getSelection()?.selectAllChildren(link);
                note.textContent = ' Selected: copy it with your device\'s copy command.';
            }
        };
        const link = h('a', { id: 'league-invite-link', href: url, text: url });
        return h('p', { class: 'invite' }, 'Invite link: ', link, ' ',
                 h('button', { type: 'button', class: 'small', id: 'league-copy-link', text: 'Copy link', on: { click: copy } }), note);
    }

    #members(l) {
        const items = l.members.map((m) => h('li', { data: { player: m.player.id } },
            h('a', { href: `#/profile/${m.player.id}`, text: m.player.name }),
            h('span', { class: 'member-average', data: { source: m.average.source },
                        title: 'The average the next round uses: league games once a round is closed, else daily games, else the league\'s entering average',
                        text: ` \u00b7 ${averageText(m.average)}${m.handicap === null ? '' : ` \u00b7 handicap ${m.handicap}`}` }),
            m.removed_from_round !== null ? h('span', { class: 'muted', text: ` (removed from round ${m.removed_from_round})` }) : null,
            l.you.secretary && m.removed_from_round === null && l.status !== 'ended'
                ? h('button', { type: 'button', class: 'small danger', data: { remove: m.player.id }, text: 'Remove',
                                on: { click: () => this.#act('remove', { player: m.player.id }, `Remove ${m.player.name} from the league?`) } })
                : null));
        const note = l.scoring === 'handicap' && l.status === 'forming'
            ? h('p', { class: 'muted', id: 'handicap-preview', text: `Each member's handicap is ${l.handicap_percent}% of ` +
                `(${l.handicap_basis} - average) per game, from the average shown; the season starts with these.` }) : null;
        return h('div', { class: 'card-panel', id: 'league-members' }, h('h3', { text: `Members (${l.members.length})` }), note,
                 items.length ? h('ul', { class: 'league-list' }, ...items) : h('p', { class: 'muted', text: 'Nobody has joined yet.' }));
    }

    #secretary(l) {
        const button = (action, text, extra = {}, confirmText = null) => h('button', { type: 'button', data: { action, round: extra.round ?? null },
            class: action.startsWith('end') ? 'danger' : '', text, on: { click: () => this.#act(action, extra, confirmText) } });
        const buttons = [];
        if (l.status === 'forming') {
            buttons.push(l.joining_open ? button('close_joining', 'Close joining') : button('open_joining', 'Open joining'));
            buttons.push(button('start_season', 'Start the season'));
        }
        if (l.status === 'running') {
            for (const r of l.schedule.filter((r) => r.status === 'open')) {
                buttons.push(button('end_round', `End round ${r.round} now (${blindText(r)})`, { round: r.round },
                                    endRoundQuestion(r)));
            }
            buttons.push(button('end_season', 'End the season', {}, 'End the season? Every round left is closed.'));
        }
        const progress = l.schedule.filter((r) => r.status === 'open' && r.progress).map((r) => progressTable(r));
        return h('div', { class: 'card-panel secretary', id: 'secretary-actions' }, h('h3', { text: 'Secretary' }),
                 ...progress,
                 buttons.length ? h('div', { class: 'buttons' }, ...buttons) : h('p', { class: 'muted', text: 'The season is over.' }));
    }

    async #act(action, extra, confirmText) {
        this.messages.clearError();
        if (confirmText && !window.confirm(confirmText)) return;
        this.lastChange = '';
        try {
            const league = await busy(() => this.client.request('league_secretary', { league: this.league.league, action, ...extra }));
            await this.showDetail(league);
        } catch (err) {
            this.messages.error(err);
        }
    }

    async #joinOwn(code) {
        this.messages.clearError();
        this.lastChange = '';
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
