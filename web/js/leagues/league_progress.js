// The open round's progress for the secretary: who has bowled which game, who is bowling one
// now, who has not started; and what "End round now" would do (games not started become
// blinds, games in play end where they stand). From the detail's `progress` (docs/protocol.md,
// "Leagues"), which live pushes keep current.

import { h, plural } from '../dom.js';

const MARK = { finished: ['\u2713', 'bowled'], playing: ['\u25b6', 'bowling now'], none: ['\u2013', 'not started'] };

/** The table of round r's progress (r.progress not null). */
export function progressTable(r) {
    const games = r.progress[0]?.games.length ?? 0;
    const head = h('tr', {}, h('th', { scope: 'col', text: 'Member' }),
                   ...Array.from({ length: games }, (_, i) => h('th', { scope: 'col', class: 'num', text: `Game ${i + 1}` })));
    const rows = r.progress.map((line) => h('tr', { data: { player: line.player.id } },
        h('th', { scope: 'row', text: line.player.name }),
        ...line.games.map((g, i) => h('td', { class: `num progress ${g}`, data: { game: i + 1, state: g },
                                              title: MARK[g][1], 'aria-label': MARK[g][1], text: MARK[g][0] }))));
    return h('div', { class: 'round-progress', data: { round: r.round } },
             h('h4', { text: `Round ${r.round}: ${blindText(r)}` }),
             h('table', { class: 'progress-table' }, h('thead', {}, head), h('tbody', {}, ...rows)),
             h('p', { class: 'muted legend', text: '\u2713 bowled \u00b7 \u25b6 bowling now \u00b7 \u2013 not started' }));
}

/** "2 games not started" / "every game started", for the heading and the End round button. */
export function blindText(r) {
    const playing = r.progress.reduce((n, l) => n + l.games.filter((g) => g === 'playing').length, 0);
    const parts = [r.not_started === 0 ? 'every game started' : `${plural(r.not_started, 'game')} not started`];
    if (playing) parts.push(`${plural(playing, 'game')} in play`);
    return parts.join(', ');
}

/** The confirmation for ending round r now. */
export function endRoundQuestion(r) {
    const playing = r.progress.reduce((n, l) => n + l.games.filter((g) => g === 'playing').length, 0);
    const blinds = r.not_started === 0 ? 'No game would become a blind.'
        : `${plural(r.not_started, 'game')} not started would become ${r.not_started === 1 ? 'a blind' : 'blinds'}.`;
    const inPlay = playing ? ` ${plural(playing, 'game')} in play would end where ${playing === 1 ? 'it stands' : 'they stand'}.` : '';
    return `End round ${r.round} now? ${blinds}${inPlay}`;
}
