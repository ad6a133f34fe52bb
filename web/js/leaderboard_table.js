// One page of a leaderboard as a table: rank, player (a link to the profile), score with
// strikes and spares and the game (a link to its replay), or average and games for
// best_average. The logged-in player's own line is marked. A revealed daily board has a "% of
// par" column (the day's par is public from its reveal on).

import { formatWhen, h, withColumnsToggle } from './dom.js';

/**
 * page: a `leaderboard` message. Returns the <table> (in a box with its phone's "All columns"
 * button: a phone shows rank, player, score and % of par), or a paragraph with no entries.
 */
export function boardTable(page, { empty = 'Nobody is on this board yet.' } = {}) {
    if (page.entries.length === 0) return h('p', { class: 'muted board-empty', text: empty });
    const average = page.board === 'best_average';
    const par = page.board === 'daily' && page.par !== null && page.par !== undefined;
    const head = average ? ['Rank', 'Player', 'Average', 'Games']
        : ['Rank', 'Player', 'Score', 'X', '/', page.board === 'daily' ? 'Finished' : 'Day',
           ...(par ? [`% of par ${page.par}`] : [])];
    const mine = page.me?.player.id;
    // Strikes, spares and the time are the columns a phone folds away (value columns 1 to 3).
    const extra = (i) => !average && i >= 1 && i <= 3;
    const rows = page.entries.map((e) => {
        const player = h('a', { href: `#/profile/${e.player.id}`, text: e.player.name });
        const cells = average
            ? [String(e.average), String(e.games)]
            : [h('a', { href: `#/game/${e.game}`, title: 'Replay this game', text: String(e.score) }),
               String(e.strikes), String(e.spares),
               page.board === 'daily' ? formatWhen(e.finished_at).replace(/^.*, /, '')
                   : e.finished_at.slice(0, 10),
               ...(par ? [e.par_pct === null ? '\u2013' : `${e.par_pct.toFixed(1)}%`] : [])];
        const tr = h('tr', { data: { player: e.player.id, rank: e.rank } },
                     h('td', { class: 'rank', text: String(e.rank) }), h('td', {}, player),
                     ...cells.map((c, i) => h('td', { class: `${i === 0 ? 'num strong' : 'num'}${extra(i) ? ' extra' : ''}` }, c)));
        if (e.player.id === mine) {
            tr.classList.add('me');
            tr.setAttribute('aria-label', `Your line: rank ${e.rank}`);
        }
        return tr;
    });
    return withColumnsToggle(h('table', { class: 'board', data: { board: page.board } },
             h('thead', {}, h('tr', {}, ...head.map((t, i) => h('th', { class: `${i > 1 ? 'num' : ''}${i > 1 && extra(i - 2) ? ' extra' : ''}`, text: t })))),
             h('tbody', {}, ...rows)));
}

/** The player's own line in words, e.g. "You: rank 3 of 17, 143 pins"; null when not on it. */
export function meLine(page) {
    const me = page.me;
    if (!me) return null;
    const what = page.board === 'best_average' ? `average ${me.average} over ${me.games} games`
                                               : `${me.score} pins`;
    return `You: rank ${me.rank} of ${page.total}, ${what}.`;
}
