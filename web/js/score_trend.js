// A profile's scores over time as a small SVG line chart (issue 17): the profile's `trend` (the
// last 100 finished games; an older server's `recent`, the last ten), oldest on the left, one
// dot a game coloured by its kind (practice, daily, league), the player's average as a dashed
// line. The chart says how many games it shows.

import { h } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 400;
const H = 160;
const PAD = { left: 34, right: 10, top: 12, bottom: 26 };

function svg(tag, attrs = {}, text = null) {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== null) el.textContent = text;
    return el;
}

/**
 * list: [{game, mode, score}] oldest first (`trend`), or `recent` ({..., finished_at}, newest
 * first); average: the profile's average.
 */
export function scoreTrend(list, average) {
    // Game ids rise as games start: they order games that finished in the same millisecond.
    const games = list.every((g) => g.finished_at)
        ? [...list].sort((a, b) => Date.parse(a.finished_at) - Date.parse(b.finished_at) || a.game - b.game)
        : list;
    const box = h('div', { id: 'score-trend', class: 'chart', data: { games: games.length } });
    if (games.length < 2) {
        box.append(h('p', { class: 'muted', text: 'The chart of your scores over time starts with your second game.' }));
        return box;
    }
    const top = Math.min(300, Math.max(50, Math.ceil(Math.max(...games.map((g) => g.score)) / 50) * 50));
    const plotW = W - PAD.left - PAD.right;
    const plotH = H - PAD.top - PAD.bottom;
    const x = (i) => PAD.left + (i * plotW) / (games.length - 1);
    const y = (v) => PAD.top + plotH - (v / top) * plotH;
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'trend', role: 'img',
                              'aria-label': `Scores of your last ${games.length} games, oldest first: ` +
                                  `${games.map((g) => g.score).join(', ')}.` });
    for (const v of [0, top / 2, top]) {
        root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: 'grid' }));
        root.append(svg('text', { x: PAD.left - 5, y: y(v) + 4, class: 'axis', 'text-anchor': 'end' }, String(v)));
    }
    if (Number.isFinite(average)) {
        root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(average), y2: y(average), class: 'average' }));
    }
    root.append(svg('path', { class: 'trend-line',
                              d: games.map((g, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(g.score).toFixed(1)}`).join(' ') }));
    games.forEach((g, i) => {
        const dot = svg('circle', { cx: x(i).toFixed(1), cy: y(g.score).toFixed(1), r: 4.5, class: `dot part-${g.mode}`,
                                    'data-score': g.score, 'data-game': g.game, 'data-mode': g.mode });
        dot.append(svg('title', {}, `Game ${g.game} (${g.mode}): ${g.score}`));
        root.append(dot);
    });
    root.append(svg('text', { x: PAD.left, y: H - 6, class: 'axis' }, 'older'));
    root.append(svg('text', { x: W - PAD.right, y: H - 6, class: 'axis', 'text-anchor': 'end' }, 'latest'));
    box.append(root, h('p', { class: 'muted small', text: `Your last ${games.length} finished games; ` +
                                 'the dashed line is your average over all your finished games.' }));
    return box;
}
