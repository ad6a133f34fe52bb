// The score histogram of a profile as an SVG bar chart (no library): one bar per bin of the
// profile's `histogram` ({from, to, count}), the count over each bar, the bins' lower bounds
// under them, and a text summary for screen readers. A bin with `parts` (histogram_bins.js
// splitBins) is drawn as a stack, one segment a kind of game (practice, daily, league, earlier).

const NS = 'http://www.w3.org/2000/svg';
const PAD = { left: 36, right: 12, top: 22, bottom: 40 };

function svg(tag, attrs = {}, text = null) {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== null) el.textContent = text;
    return el;
}

/** A "nice" axis maximum at or above n: 1, 2, 5, 10, 20, 50 ... */
function niceMax(n) {
    if (n <= 1) return 1;
    const pow = 10 ** Math.floor(Math.log10(n));
    return [1, 2, 5, 10].map((m) => m * pow).find((v) => v >= n);
}

/**
 * bins: [{from, to, count}]; narrow: draw for a phone (a narrower drawing, so the text stays
 * readable once scaled down). Returns an <svg> element.
 */
export function histogramChart(bins, { narrow = false } = {}) {
    const W = narrow ? 400 : 640;
    const H = narrow ? 240 : 260;
    const total = bins.reduce((s, b) => s + b.count, 0);
    const max = niceMax(Math.max(0, ...bins.map((b) => b.count)));
    const plotW = W - PAD.left - PAD.right;
    const plotH = H - PAD.top - PAD.bottom;
    const slot = plotW / Math.max(1, bins.length);
    const summary = bins.filter((b) => b.count > 0).map((b) => `${b.count} from ${b.from} to ${b.to}`);
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: narrow ? 'histogram narrow' : 'histogram', role: 'img',
                              'aria-label': total === 0 ? 'No finished games yet.'
                                  : `Scores of ${total} games: ${summary.join('; ')}.` });
    root.append(svg('title', {}, 'Scores of finished games'));
    // Horizontal grid lines with their counts.
    const ticks = max <= 5 ? max : 5;
    for (let i = 0; i <= ticks; i++) {
        const value = (max / ticks) * i;
        const y = PAD.top + plotH - (value / max) * plotH;
        root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y, y2: y, class: 'grid' }));
        root.append(svg('text', { x: PAD.left - 6, y: y + 4, class: 'axis', 'text-anchor': 'end' },
                        Number.isInteger(value) ? String(value) : value.toFixed(1)));
    }
    bins.forEach((b, i) => {
        const x = PAD.left + i * slot;
        const h = (b.count / max) * plotH;
        const bar = svg('rect', { x: x + slot * 0.12, y: PAD.top + plotH - h, width: slot * 0.76,
                                  height: Math.max(h, 0), rx: 3, class: b.count > 0 ? 'bar' : 'bar empty',
                                  'data-from': b.from, 'data-to': b.to, 'data-count': b.count });
        bar.append(svg('title', {}, `${b.from}\u2013${b.to}: ${b.count} game${b.count === 1 ? '' : 's'}`));
        root.append(bar);
        let below = 0;
        for (const [kind, n] of Object.entries(b.parts ?? {})) {
            if (n === 0) continue;
            const ph = (n / max) * plotH;
            below += ph;
            const part = svg('rect', { x: x + slot * 0.12, y: PAD.top + plotH - below, width: slot * 0.76, height: ph,
                                       class: `part part-${kind}`, 'data-kind': kind, 'data-count': n,
                                       'data-from': b.from });
            part.append(svg('title', {}, `${b.from}\u2013${b.to}: ${n} ${kind}`));
            root.append(part);
        }
        if (b.count > 0) {
            root.append(svg('text', { x: x + slot / 2, y: PAD.top + plotH - h - 5, class: 'count',
                                      'text-anchor': 'middle' }, String(b.count)));
        }
        root.append(svg('text', { x: x + slot / 2, y: H - PAD.bottom + 16, class: 'axis',
                                  'text-anchor': 'middle' }, String(b.from)));
    });
    root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: PAD.top + plotH,
                              y2: PAD.top + plotH, class: 'baseline' }));
    const width = bins[0] ? bins[0].to - bins[0].from + 1 : 0;
    root.append(svg('text', { x: PAD.left + plotW / 2, y: H - 6, class: 'axis label',
                              'text-anchor': 'middle' }, `score (a bar: ${width} pins wide)`));
    return root;
}
