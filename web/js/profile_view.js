// A player's profile: statistics over their finished solitaire games (games, average, high game,
// strike and spare percentages per frame, daily streaks), the score histogram as a chart split
// by kind of game, the scores over time, the recent games with a replay link each, and the
// finished games on real lanes. Another player's profile has Follow and Block
// (friends/relation_panel.js).

import { busy, fillScreen, formatDay, formatWhen, h, plural, wayBack } from './dom.js';
import { histogramChart } from './histogram.js';
import { KINDS, fitBins, gamesOfScores, splitBins } from './histogram_bins.js';
import { scoreTrend } from './score_trend.js';
import { reviewNote, reviewTag } from './review_note.js';
import { setTitle } from './router.js';
import { relationPanel } from './friends/relation_panel.js';

const LANE_RULESETS = { 'compact-official': 'Compact Bowling', compact: 'Compact (simple)', tenpin: 'Ten-pin' };

/** The kinds of game the charts colour; "earlier" when some games are not listed. */
function legend(earlier) {
    const kinds = earlier ? [...KINDS, 'earlier'] : KINDS;
    const names = { practice: 'practice', daily: 'daily', league: 'league', earlier: 'earlier games (kind not listed)' };
    return h('ul', { class: 'chart-legend', id: 'histogram-legend' }, ...kinds.map((k) => h('li', { data: { kind: k } },
        h('span', { class: `swatch part-${k}`, 'aria-hidden': 'true' }), names[k])));
}

export class ProfileView {
    /** player(): the logged-in player or null; identity(): that, or a guest's ranked identity. */
    constructor(el, client, messages, { player, identity = player }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.player = player;
        this.identity = identity;
    }

    /** params.player: a player id, or null for the logged-in player. */
    async show({ player = null }) {
        if (player === null && !this.player()) {
            fillScreen(this.el, h('h2', { text: 'Profile' }),
                       h('div', { class: 'card-panel' },
                         h('p', { text: 'Your profile holds your statistics, a chart of your scores ' +
                             'and your recent games. Register to start one.' }),
                         h('a', { class: 'button-link primary', href: '#/account', text: 'Register' })));
            return;
        }
        let p;
        try {
            p = await busy(() => this.client.request('profile', player === null ? {} : { player }));
        } catch (err) {
            fillScreen(this.el, h('h2', { text: 'Profile' }), wayBack());
            this.messages.error(err);
            return;
        }
        const mine = p.player.id === (this.player() ?? this.identity())?.id;
        // Every finished game's kind and score (the server's `scores`), else those `recent` lists
        // when it lists them all; null when only some are known.
        const all = p.scores ? gamesOfScores(p.scores) : p.recent.length === p.games ? p.recent : null;
        setTitle(`${p.player.name}: profile`);
        fillScreen(this.el,
                   h('h2', { id: 'profile-name' }, p.player.name,
                     mine ? h('span', { class: 'muted', text: ' (you)' }) : null),
                   // Follow and Block on another player's profile (issue 29); your own links
                   // the Friends page.
                   mine ? h('p', { id: 'profile-friends' }, h('a', { href: '#/friends', text: 'Your friends, followers and invite link' }))
                       : relationPanel(this.client, this.messages, p.player, p.relation),
                   this.#stats(p),
                   h('div', { class: 'card-panel' },
                     h('h3', { text: 'Scores' }),
                     p.games === 0 ? h('p', { class: 'muted', text: 'No finished game yet: the chart of your scores starts with the first.' })
                         : h('div', { id: 'histogram', class: 'chart' }, histogramChart(
                             splitBins(fitBins(p.histogram, all ? all.map((g) => g.score) : null), all ?? p.recent),
                             { narrow: window.matchMedia('(max-width: 520px)').matches })),
                     p.games === 0 ? null : legend(!all),
                     p.games === 0 ? null : h('h3', { text: 'Scores over time' }),
                     p.games === 0 ? null : scoreTrend(p.trend ?? p.recent, p.average)),
                   this.#recent(p),
                   this.#lanes(p));
    }

    #stats(p) {
        const stat = (id, label, value, note = '') => h('div', { class: 'stat', data: { stat: id } },
            h('span', { class: 'stat-value', text: String(value) }),
            h('span', { class: 'stat-label', text: label }),
            note ? h('span', { class: 'stat-note', text: note }) : null);
        return h('div', { class: 'stats', id: 'profile-stats' },
                 stat('games', 'Games', p.games),
                 stat('average', 'Average', p.games ? p.average : '\u2013'),
                 stat('high', 'High game', p.games ? p.high_game : '\u2013'),
                 stat('strikes', 'Strikes', `${p.strike_pct}%`, 'of frames'),
                 stat('spares', 'Spares', `${p.spare_pct}%`, 'of frames'),
                 stat('streak', 'Daily streak', p.streak.current, `longest ${p.streak.longest}`),
                 // Par is known for practice games once over, ranked ones once revealed.
                 stat('par', 'Of par', p.par_pct === null || p.par_pct === undefined ? '\u2013'
                     : `${p.par_pct.toFixed(1)}%`, 'average score / par'));
    }

    #recent(p) {
        // Only the player's own profile marks a held result (`review`); one line says what it means.
        const rows = p.recent.map((g) => h('tr', { data: { game: g.game, review: g.review ?? '' } },
            h('td', {}, g.mode === 'daily' ? `Daily ${g.day}` : g.mode, g.review ? ' ' : null, reviewTag(g.review)),
            h('td', { class: 'num strong', text: String(g.score) }),
            h('td', { class: 'when', text: formatWhen(g.finished_at) }),
            h('td', {}, h('a', { class: 'button-link small', href: `#/game/${g.game}`,
                                 'aria-label': `Replay game ${g.game}`, text: 'Replay' }))));
        return h('div', { class: 'card-panel' },
                 h('h3', {}, 'Recent games ', h('span', { class: 'muted', text: `(${plural(p.games, 'finished game')})` })),
                 rows.length === 0 ? h('p', { class: 'muted', text: 'None yet.' })
                     : h('div', { class: 'table-wrap' },
                         h('table', { class: 'board', id: 'recent-games' },
                           h('thead', {}, h('tr', {}, h('th', { text: 'Game' }), h('th', { class: 'num', text: 'Score' }),
                                            h('th', { text: 'Finished' }), h('th', { text: '' }))),
                           h('tbody', {}, ...rows))),
                 ...[...new Set(p.recent.map((g) => g.review).filter(Boolean))]
                     .map((review) => reviewNote(review, `recent-${review}-note`)));
    }

    #lanes(p) {
        const lanes = p.lanes ?? [];
        const rows = lanes.map((l) => h('tr', { data: { lane: l.lane } },
            h('td', {}, h('a', { href: `#/lane/${l.lane}`, text: l.lane })),
            h('td', { text: LANE_RULESETS[l.ruleset] ?? l.ruleset }),
            h('td', { text: l.side }),
            h('td', { class: 'num strong', text: String(l.score) }),
            h('td', { class: 'when', text: formatDay(l.finished_at.slice(0, 10)) })));
        return h('div', { class: 'card-panel' },
                 h('h3', { text: 'Games on real lanes' }),
                 h('p', { class: 'muted', text: 'Scored on a lane page; they count in no solitaire figure.' }),
                 rows.length === 0 ? h('p', { class: 'muted', text: 'None yet.' })
                     : h('div', { class: 'table-wrap' },
                         h('table', { class: 'board', id: 'lane-games' },
                           h('thead', {}, h('tr', {}, ...['Lane', 'Rules', 'Side', 'Score', 'Finished']
                               .map((t) => h('th', { class: t === 'Score' ? 'num' : '', text: t })))),
                           h('tbody', {}, ...rows))));
    }
}
