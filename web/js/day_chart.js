// Where a finished daily stands among the day's finished attempts (docs/protocol.md "The daily
// loop", the `daily` reply's `today`): the percentile in words and the day's score distribution
// as a small bar chart (SVG), the player's bin marked. Used by the result card and the daily
// page, so both read the same numbers the same way.

import { h } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 300;
const H = 90;
const BASE = 72;  // y of the bars' foot; the axis labels sit below it

function svg(tag, attrs = {}, ...children) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    el.append(...children);
    return el;
}

/** The bin of `score` (docs/protocol.md: 30 bins of `width`, 290-300 in the last). */
export function binOf(score, width, bins) {
    return Math.min(bins - 1, Math.floor(score / width));
}

/** "83.3% of today's 12 finished attempts scored the same as you or less." */
export function percentileText(today) {
    const n = today.total;
    return `${today.percentile.toFixed(1)}% of today's ${n} finished attempt${n === 1 ? '' : 's'} ` +
        `scored the same as you or less (rank ${today.rank}).`;
}

/**
 * The panel: percentile sentence and chart. today: {rank, total, percentile, distribution:
 * {width, counts}}; score: the player's score; id: the panel's element id.
 */
export function standingPanel(today, score, id) {
    const { width, counts } = today.distribution;
    const mine = binOf(score, width, counts.length);
    // Only the scores that occur, with the player's bin, and one empty bin either side: thirty
    // bins across 0-300 would leave most of a small chart blank.
    const used = counts.map((c, i) => (c > 0 || i === mine ? i : -1)).filter((i) => i >= 0);
    let from = Math.max(0, Math.min(...used) - 1);
    let to = Math.min(counts.length - 1, Math.max(...used) + 1);
    // At least six bins, so one busy bin still reads as a distribution and not a block.
    while (to - from < 5 && (from > 0 || to < counts.length - 1)) {
        if (to < counts.length - 1) to++;
        if (to - from < 5 && from > 0) from--;
    }
    const top = Math.max(1, ...counts);
    const slot = W / (to - from + 1);
    const bars = [];
    for (let i = from; i <= to; i++) {
        const hgt = (counts[i] / top) * (BASE - 8);
        const lo = i * width;
        const hi = i === counts.length - 1 ? 300 : lo + width - 1;
        bars.push(svg('rect', {
            x: ((i - from) * slot + 1).toFixed(1), y: (BASE - hgt).toFixed(1), width: Math.max(1, slot - 2).toFixed(1),
            height: hgt.toFixed(1), class: i === mine ? 'bar mine' : 'bar', 'data-bin': i, 'data-count': counts[i],
        }, svg('title', {}, `${lo}-${hi}: ${counts[i]}${i === mine ? ' (you)' : ''}`)));
    }
    const low = from * width;
    const high = to === counts.length - 1 ? 300 : (to + 1) * width;
    const label = (x, anchor, text) => svg('text', { x, y: H - 4, 'text-anchor': anchor }, String(text));
    const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'day-chart', role: 'img',
                               'aria-label': `Today's scores from ${low} to ${high}, your bin marked` },
        svg('line', { x1: 0, x2: W, y1: BASE, y2: BASE, class: 'axis' }), ...bars,
        label(0, 'start', low), label(W, 'end', high));
    return h('div', { id, class: 'day-standing', data: { percentile: today.percentile, rank: today.rank, total: today.total } },
             h('p', { class: 'day-percentile', text: percentileText(today) }), chart,
             h('p', { class: 'muted small', text: `Scores in bins of ${width}; yours is the dark bar.` }));
}
