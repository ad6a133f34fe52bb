// The tables of a league's page: the schedule (rounds, dates, status, pairings, the player's
// opponent highlighted, "Play game N" for an open round), the standings and the results of a
// closed round (both sides' games side by side).

import { formatInstant, h } from '../dom.js';

const STATUS = { upcoming: 'Upcoming', open: 'Open: bowl now', closed: 'Closed' };

const name = (p) => p?.name ?? 'Vacancy';
const pts = (n) => String(n).replace('.5', '\u00bd');

/** The schedule; play(round, game) starts or resumes one of the player's games. */
export function scheduleTable(league, me, play) {
    if (league.schedule.length === 0) {
        return h('p', { id: 'league-schedule', class: 'muted',
                        text: 'The schedule is made when the secretary starts the season.' });
    }
    const rows = league.schedule.map((r) => {
        const mine = r.pairings.find((p) => p.a.id === me || p.b?.id === me) ?? null;
        const pairings = h('ul', { class: 'pairings' }, ...r.pairings.map((p) => {
            const isMine = p === mine;
            const side = (who) => h('span', { class: who && who.id !== me && isMine ? 'opponent' : (who?.id === me ? 'me' : '') },
                                    who ? who.name : 'bye');
            return h('li', { class: isMine ? 'mine' : '', data: { bye: p.b === null } },
                     side(p.a), p.b === null ? ' has a ' : ' vs ', p.b === null ? h('em', { class: 'bye', text: 'bye' }) : side(p.b));
        }));
        let you = null;
        if (mine) {
            const opp = mine.a.id === me ? mine.b : mine.a;
            you = h('p', { class: 'your-match' }, opp ? ['You bowl against ', h('strong', { class: 'opponent', text: opp.name })]
                                                       : 'You have a bye this round.');
        }
        const buttons = mine && r.status === 'open' && league.you.member
            ? h('div', { class: 'buttons' }, ...Array.from({ length: league.games_per_round }, (_, i) =>
                h('button', { type: 'button', class: 'primary small', data: { round: r.round, game: i + 1 },
                              text: `Play game ${i + 1}`, on: { click: () => play(r.round, i + 1) } })))
            : null;
        return h('tr', { class: mine ? 'your-round' : '', data: { round: r.round, status: r.status } },
                 h('th', { scope: 'row', text: `Round ${r.round}` }),
                 h('td', {}, h('div', { text: formatInstant(r.opens_at) }), h('div', { class: 'muted', text: `to ${formatInstant(r.closes_at)}` })),
                 h('td', {}, h('span', { class: `round-status ${r.status}`, text: STATUS[r.status] ?? r.status })),
                 h('td', {}, you, pairings, buttons));
    });
    return h('table', { id: 'league-schedule', class: 'board league-table' },
             h('thead', {}, h('tr', {}, ...['Round', 'Dates', 'Status', 'Pairings'].map((t) => h('th', { scope: 'col', text: t })))),
             h('tbody', {}, ...rows));
}

export function standingsTable(standings, me) {
    if (standings.length === 0) {
        return h('p', { id: 'league-standings', class: 'muted', text: 'No standings yet: they begin with the season.' });
    }
    const cols = ['Rank', 'Player', 'Games', 'Average', 'High game', 'High series', 'Scratch pins', 'Handicap pins',
                  'Points won', 'Points lost'];
    return h('table', { id: 'league-standings', class: 'board league-table' },
             h('thead', {}, h('tr', {}, ...cols.map((t) => h('th', { scope: 'col', text: t })))),
             h('tbody', {}, ...standings.map((s) => h('tr', { class: s.player.id === me ? 'me' : '', data: { player: s.player.id } },
                 h('td', { text: s.rank }), h('td', {}, h('a', { href: `#/profile/${s.player.id}`, text: s.player.name })),
                 ...[s.games, s.average, s.high_game, s.high_series, s.scratch_pins, s.handicap_pins]
                     .map((v) => h('td', { class: 'num', text: v ?? '\u2013' })),
                 h('td', { class: 'num', text: pts(s.points_won) }), h('td', { class: 'num', text: pts(s.points_lost) })))));
}

/** One closed round: every pairing with both sides' games side by side. */
export function roundResults(result, handicap) {
    const pairings = result.pairings.map((p) => {
        const games = Math.max(p.a.games.length, p.b.games.length, p.a.counted.length);
        const cell = (side, i) => {
            const g = side.games[i];
            const c = side.counted[i];
            const text = g === null || g === undefined ? (c !== undefined ? `${c} (blind)` : '\u2013')
                : (handicap && c !== undefined && c !== g ? `${g} (${c})` : String(g));
            return h('td', { class: 'num', text });
        };
        const row = (side) => h('tr', { class: side.points > (side === p.a ? p.b : p.a).points ? 'winner' : '' },
            h('th', { scope: 'row', text: name(side.player) }), h('td', { class: 'num', text: side.average }),
            handicap ? h('td', { class: 'num', text: side.handicap }) : null,
            ...Array.from({ length: games }, (_, i) => cell(side, i)),
            h('td', { class: 'num', text: side.series }), h('td', { class: 'num points', text: pts(side.points) }));
        return h('table', { class: 'board league-table round-pairing' },
                 h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Player' }), h('th', { scope: 'col', text: 'Avg' }),
                   handicap ? h('th', { scope: 'col', text: 'Hdcp' }) : null,
                   ...Array.from({ length: games }, (_, i) => h('th', { scope: 'col', text: `Game ${i + 1}` })),
                   h('th', { scope: 'col', text: 'Series' }), h('th', { scope: 'col', text: 'Points' }))),
                 h('tbody', {}, row(p.a), row(p.b)));
    });
    return h('section', { class: 'card-panel round-results', data: { round: result.round } },
             h('h4', { text: `Round ${result.round} results` }), ...pairings);
}
