// The tables of an arena's page: the live standings (the top lines with the player's own line
// pinned below them when it is not among them, ranks that moved since the last push marked),
// the player's games with their points against par, and after the end the podium and each
// game's revealed seed checked against the commitment this browser saw, with its verification
// link (the replay page, which the server verifies too).

import { commitmentOf } from '../solitaire/deal.js';
import { h, plural, withColumnsToggle } from '../dom.js';
import { linePct, ordinal, pctOfPar, pointsText, seenCommitment } from './arena_text.js';

const STREAK_TITLE = 'On fire: the next game at 90% of par or more scores double';

function lineRow(line, meId, before, onWatch) {
    const mine = line.player.id === meId;
    const was = before.get(line.player.id);
    const moved = was === undefined ? '' : was > line.rank ? 'up' : was < line.rank ? 'down' : '';
    const arrow = { up: '\u25b2', down: '\u25bc' }[moved] ?? '';
    return h('tr', { class: `${mine ? 'me' : ''}${moved ? ` moved-${moved}` : ''}`,
                     data: { player: line.player.id, rank: line.rank, points: line.points },
                     'aria-label': mine ? `Your line: rank ${line.rank}` : null },
             h('td', { class: 'rank' }, String(line.rank),
               arrow ? h('span', { class: 'moved', title: moved === 'up' ? 'Moved up' : 'Moved down', text: arrow }) : null),
             h('td', {}, h('a', { href: `#/profile/${line.player.id}`, text: line.player.name }),
               line.streak ? h('span', { class: 'streak', title: STREAK_TITLE }, ' \ud83d\udd25',
                               h('span', { class: 'sr-only', text: 'on fire' })) : null,
               line.playing && !mine && onWatch
                   ? h('button', { type: 'button', class: 'small watch', data: { watch: line.playing },
                                   'aria-label': `Watch ${line.player.name}'s game`, text: 'Watch',
                                   on: { click: () => onWatch(line.playing, line.player) } })
                   : null),
             h('td', { class: 'num strong points', text: String(line.points) }),
             h('td', { class: 'num games', text: String(line.games) }),
             h('td', { class: 'num pct extra', text: linePct(line) }));
}

/**
 * The standings: `lines` (the top, ranked), `me` (the player's line or null) pinned below when
 * not among them, `before` (player id -> rank shown before, to mark moves), onWatch(game,
 * player): "Watch" on the lines with a game in play. Returns the table in its box (phones fold
 * the % of par column), or a paragraph when nobody has joined.
 */
export function standingsTable(lines, me, before = new Map(), onWatch = null) {
    if (lines.length === 0) return h('p', { id: 'arena-standings', class: 'muted board-empty', text: 'Nobody has joined yet.' });
    const meId = me?.player.id ?? null;
    const rows = lines.map((l) => lineRow(l, meId, before, onWatch));
    const pinned = me && !lines.some((l) => l.player.id === meId)
        ? [h('tr', { class: 'gap', 'aria-hidden': 'true' }, h('td', { colspan: 5, text: '\u22ee' })),
           lineRow(me, meId, before, null)]
        : [];
    if (pinned.length) pinned[1].classList.add('pinned');
    return withColumnsToggle(h('table', { id: 'arena-standings', class: 'board arena-table' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col', text: 'Rank' }), h('th', { scope: 'col', text: 'Player' }),
          h('th', { scope: 'col', class: 'num', text: 'Points' }), h('th', { scope: 'col', class: 'num', text: 'Games' }),
          h('th', { scope: 'col', class: 'num extra', title: 'Average % of par over the finished games', text: '% of par' }))),
        h('tbody', {}, ...rows, ...pinned)));
}

/** Player id -> rank of the lines shown, for the next draw's move marks. */
export function ranksOf(lines, me) {
    const out = new Map(lines.map((l) => [l.player.id, l.rank]));
    if (me) out.set(me.player.id, me.rank);
    return out;
}

/**
 * The player's games: n, score, par, % of par, points (with their marks), and once the arena
 * has ended the seed with its check and the verification link. play(game) resumes one in play.
 */
export function gamesTable(arenaId, games, { ended, resume }) {
    if (games.length === 0) return h('p', { id: 'arena-games', class: 'muted', text: 'You have not played a game in this arena yet.' });
    const rows = games.map((g) => {
        const finished = g.status === 'finished';
        const pct = finished ? pctOfPar(g.score, g.par) : null;
        const points = finished
            ? h('td', { class: 'num strong points', data: { points: g.points ?? 0 } }, pointsText(g))
            : h('td', { class: 'num' }, h('button', { type: 'button', class: 'small primary', data: { resume: g.game },
                                                        text: 'Resume', on: { click: () => resume(g.game) } }));
        const tr = h('tr', { data: { n: g.n, game: g.game, status: g.status } },
                     h('th', { scope: 'row' }, `Game ${g.n}`, g.berserk ? h('span', { class: 'berserk-tag', title: 'Berserk: half the clock, +1 point at 80% of par or more', text: 'B' }) : null),
                     h('td', { class: 'num score', text: finished ? String(g.score) : 'playing' }),
                     h('td', { class: 'num par extra', text: finished && g.par !== null ? String(g.par) : '\u2013' }),
                     h('td', { class: 'num pct', text: pct === null ? '\u2013' : `${pct}%` }),
                     points);
        return tr;
    });
    const table = withColumnsToggle(h('table', { id: 'arena-games', class: 'board arena-table' },
        h('thead', {}, h('tr', {}, ...[['Game', ''], ['Score', 'num'], ['Par', 'num extra'], ['% of par', 'num'], ['Points', 'num']]
            .map(([t, cls]) => h('th', { scope: 'col', class: cls, text: t })))),
        h('tbody', {}, ...rows)));
    if (!ended) return table;
    return h('div', {}, table, verifyList(arenaId, games.filter((g) => g.seed)));
}

/** After the end: each game's seed, checked against the commitment seen here, and its replay. */
function verifyList(arenaId, games) {
    if (games.length === 0) return null;
    const items = games.map((g) => {
        const check = h('span', { class: 'check', data: { check: 'pending' }, text: 'checking\u2026' });
        checkSeed(g.seed, seenCommitment(arenaId, g.n), check);
        return h('li', { data: { n: g.n, game: g.game } },
                 h('a', { class: 'button-link small verify-link', href: `#/game/${g.game}`, text: `Verify game ${g.n}` }),
                 ' seed ', h('code', { class: 'hex seed', text: g.seed }), ' ', check);
    });
    return h('div', { id: 'arena-verify' },
             h('h4', { text: 'Every game, verifiable' }),
             h('p', { class: 'muted', text: 'The seeds are revealed now the arena has ended. Each one is hashed here and ' +
                 'compared with the commitment this browser was sent when the game began; its replay re-derives every ' +
                 'deal from the seed and the server replays the record.' }),
             h('ul', { class: 'seed-list' }, ...items));
}

async function checkSeed(seed, seen, el) {
    const computed = await commitmentOf(seed);
    if (seen === null) {
        el.textContent = 'this browser did not see its commitment';
        el.dataset.check = 'unknown';
    } else if (computed === seen) {
        el.textContent = '\u2713 matches the commitment sent with the game';
        el.dataset.check = 'ok';
    } else {
        el.textContent = `\u2717 does NOT match the commitment sent with the game (${seen})`;
        el.dataset.check = 'mismatch';
    }
}

/** The final podium: the top three lines. */
export function podium(lines) {
    const top = lines.slice(0, 3);
    if (top.length === 0) return null;
    return h('div', { class: 'card-panel arena-podium-panel' },
             h('h3', { text: 'Podium' }),
             h('ol', { id: 'arena-podium', class: 'arena-podium' }, ...top.map((l) =>
                 h('li', { class: `place-${l.rank}`, data: { rank: l.rank, player: l.player.id } },
                   h('span', { class: 'place', text: ordinal(l.rank) }),
                   h('a', { href: `#/profile/${l.player.id}`, class: 'name', text: l.player.name }),
                   h('span', { class: 'what', text: `${plural(l.points, 'point')} \u00b7 ${plural(l.games, 'game')} \u00b7 ${linePct(l)}% of par` })))));
}

/** The published table from % of par to points, the streak and berserk (docs/rules.md). */
export function pointsLegend() {
    return h('details', { class: 'legend muted', id: 'arena-legend' },
             h('summary', { text: 'How points are earned' }),
             h('p', { text: 'Each finished game scores by its score against its own deal\'s par (the best score with every card known):' }),
             h('table', { class: 'board arena-points-table' },
               h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: '% of par' }), h('th', { scope: 'col', class: 'num', text: 'Points' }))),
               h('tbody', {}, ...[['below 50', 0], ['50 to below 70', 1], ['70 to below 80', 2], ['80 to below 90', 3],
                                  ['90 to below 95', 4], ['95 to below 100', 5], ['100', 6]]
                   .map(([pct, pts]) => h('tr', {}, h('td', { text: pct }), h('td', { class: 'num', text: String(pts) }))))),
             h('p', { text: 'On fire (\ud83d\udd25): after two games in a row at 90% or more, each further game at 90% or more ' +
                 'scores double, until one below. Berserk (arenas with a clock): half the clock for a game, and 1 point more ' +
                 'at 80% or more. Ties: points, then average % of par, then who got there first.' }));
}
