// The tables of a league's page: the schedule (rounds, dates, status, pairings, the player's
// opponent highlighted, "Play game N" for an open round), the standings and the results of a
// closed round (both sides' games side by side).

import { formatWhen, h, withColumnsToggle } from '../dom.js';

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
                 h('td', {}, h('div', { text: formatWhen(r.opens_at, { utc: true }) }), h('div', { class: 'muted', text: `to ${formatWhen(r.closes_at, { utc: true })}` })),
                 h('td', {}, h('span', { class: `round-status ${r.status}`, text: STATUS[r.status] ?? r.status })),
                 h('td', {}, you, pairings, buttons));
    });
    return h('table', { id: 'league-schedule', class: 'board league-table' },
             h('thead', {}, h('tr', {}, ...['Round', 'Dates', 'Status', 'Pairings'].map((t) => h('th', { scope: 'col', text: t })))),
             h('tbody', {}, ...rows));
}

// Standings columns: header, its explanation (title and the legend), the value.
const STANDING_COLS = [
    ['Rank', 'Place by points won, then scratch pins', (s) => s.rank],
    ['Player', null, null],
    ['Games', 'League games bowled (blinds not counted)', (s) => s.games],
    ['Avg', 'Average: scratch pins / games, rounded down', (s) => s.average],
    ['High game', 'Highest scratch game', (s) => s.high_game],
    ['High series', 'Highest scratch series (one round\'s games)', (s) => s.high_series],
    ['Scratch', 'Scratch pins: pins bowled', (s) => s.scratch_pins],
    ['Hdcp pins', 'Pins bowled plus handicap (equals scratch in a scratch league)', (s) => s.handicap_pins],
    ['Won', 'Points won', (s) => pts(s.points_won)],
    ['Lost', 'Points lost', (s) => pts(s.points_lost)],
];

const PHONE_COLS = new Set(['Rank', 'Player', 'Avg', 'Won']);

export function standingsTable(standings, me) {
    if (standings.length === 0) {
        return h('p', { id: 'league-standings', class: 'muted', text: 'No standings yet: they begin with the season.' });
    }
    // A phone shows rank, player, average and points won; the rest is one tap away.
    const cls = (t) => `${t === 'Player' ? '' : 'num'}${PHONE_COLS.has(t) ? '' : ' extra'}`;
    return withColumnsToggle(h('table', { id: 'league-standings', class: 'board league-table' },
             h('thead', {}, h('tr', {}, ...STANDING_COLS.map(([t, why]) =>
                 h('th', { scope: 'col', class: cls(t), title: why, text: t })))),
             h('tbody', {}, ...standings.map((s) => h('tr', { class: s.player.id === me ? 'me' : '', data: { player: s.player.id } },
                 ...STANDING_COLS.map(([t, , value]) => (t === 'Player'
                     ? h('td', {}, h('a', { href: `#/profile/${s.player.id}`, text: s.player.name }))
                     : h('td', { class: cls(t), text: value(s) ?? '\u2013' }))))))));
}

/** Standings as CSV text (RFC 4180: quoted where needed, CRLF lines), for the secretary's wall. */
export function standingsCsv(standings) {
    const quote = (v) => {
        const t = String(v ?? '');
        return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
    };
    const head = ['Rank', 'Player', 'Games', 'Average', 'High game', 'High series', 'Scratch pins', 'Handicap pins',
                  'Points won', 'Points lost'];
    const rows = standings.map((s) => [s.rank, s.player.name, s.games, s.average, s.high_game, s.high_series,
                                       s.scratch_pins, s.handicap_pins, s.points_won, s.points_lost]);
    return [head, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** The explanation of the standings' and results' columns, and of how points are won. */
export function legend(handicap) {
    return h('div', { class: 'legend muted', id: 'league-legend' },
             h('p', {}, h('strong', { text: 'Points: ' }),
               '1 for each game won (\u00bd each on a tie) + 1 for the higher series (\u00bd each on a tie), ' +
               `decided on ${handicap ? 'handicap scores (scratch + handicap)' : 'scratch scores'}. ` +
               'A game not bowled is a blind: it counts the absent member\'s average - 10 for the opponent only.'),
             h('p', {}, h('strong', { text: 'Score cells: ' }),
               handicap ? 'scratch (with handicap), e.g. 143 (206); a blind shows its blind score the same way.'
                        : 'scratch pins; a blind shows its blind score.'),
             h('dl', { class: 'legend-cols' }, ...STANDING_COLS.filter(([, why]) => why)
                 .flatMap(([t, why]) => [h('dt', { text: t }), h('dd', { text: why })])));
}

/** One closed round: every pairing with both sides' games side by side, in aligned columns. */
export function roundResults(result, handicap) {
    const games = Math.max(0, ...result.pairings.flatMap((p) => [p.a.counted.length, p.b.counted.length]));
    const pairings = result.pairings.map((p) => {
        // Every cell the same way: scratch, then (with handicap) in a handicap league; a blind
        // or a vacancy shows its score as scratch, marked.
        const cell = (side, i) => {
            const g = side.games[i];
            const c = side.counted[i];
            if (c === undefined) return h('td', { class: 'num', text: '\u2013' });
            const bowled = g !== null && g !== undefined;
            const scratch = bowled ? g : c - (handicap ? side.handicap : 0);
            const mark = bowled ? '' : (side.player ? 'blind ' : 'vacancy ');
            return h('td', { class: `num${bowled ? '' : ' blind'}`, title: bowled ? null : (side.player
                         ? 'Blind: not bowled; average - 10 counts for the opponent only' : 'Vacancy score of a bye'),
                     text: `${mark}${scratch}${handicap ? ` (${c})` : ''}` });
        };
        const row = (side) => h('tr', { class: side.points > (side === p.a ? p.b : p.a).points ? 'winner' : '' },
            h('th', { scope: 'row', text: name(side.player) }), h('td', { class: 'num', text: side.average }),
            handicap ? h('td', { class: 'num', text: side.handicap }) : null,
            ...Array.from({ length: games }, (_, i) => cell(side, i)),
            h('td', { class: 'num', text: side.series }), h('td', { class: 'num points', text: pts(side.points) }));
        const th = (text, title) => h('th', { scope: 'col', class: text === 'Player' ? '' : 'num', title, text });
        return h('table', { class: 'board league-table round-pairing' },
                 h('colgroup', {}, h('col', { class: 'c-player' }), h('col', { class: 'c-num' }),
                   handicap ? h('col', { class: 'c-num' }) : null,
                   ...Array.from({ length: games }, () => h('col', { class: 'c-game' })),
                   h('col', { class: 'c-num' }), h('col', { class: 'c-num' })),
                 h('thead', {}, h('tr', {}, th('Player'), th('Avg', 'Average used this round'),
                   handicap ? th('Hdcp', 'Handicap per game') : null,
                   ...Array.from({ length: games }, (_, i) => th(`Game ${i + 1}`, handicap ? 'Scratch (with handicap)' : 'Scratch')),
                   th('Series', handicap ? 'Sum of the games with handicap' : 'Sum of the games'),
                   th('Points', 'Game points + series point won this round'))),
                 h('tbody', {}, row(p.a), row(p.b)));
    });
    return h('section', { class: 'card-panel round-results', data: { round: result.round } },
             h('h4', { text: `Round ${result.round} results` }), ...pairings);
}
