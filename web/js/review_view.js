// The coach's review on the replay page (docs/rules.md "Reviews"): the summary line (decisions'
// cost in expectation, score and luck, engine level, par), a chart (SVG) of the expected final
// score through the game, and every decision with its mark (?!, ?, ??) as Lichess marks moves;
// a decision takes the replay to the step it made. The review runs on the server's analysis
// pool; a ranked game is reviewed only after its reveal (the server says not_revealed before).

import { h } from './dom.js';
import { actionWords } from './hint_view.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 160;
const PAD = 24;

function svg(tag, attrs = {}, ...children) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    el.append(...children);
    return el;
}

/** The summary sentence of docs/rules.md, numbers rounded to whole points. */
export function summaryText(s) {
    const luck = Math.round(s.luck);
    return `Your decisions cost ${Math.round(s.cost)} points in expectation; you scored ${s.score} ` +
           `(luck: ${luck > 0 ? '+' : ''}${luck}); engine level on these deals: ${s.engine}; par ${s.par}`;
}

/** The chart: expected final score after each decision, the score and par as dashed lines. */
function chart(review) {
    const moves = review.moves;
    const values = [review.summary.start, ...moves.map((m) => m.expected)];
    const top = Math.max(review.par, ...values) + 5;
    const bottom = Math.max(0, Math.min(review.score, ...values) - 5);
    const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, values.length - 1);
    const y = (v) => H - PAD - ((v - bottom) * (H - 2 * PAD)) / Math.max(1, top - bottom);
    const path = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const level = (v, cls, label) => svg('g', { class: cls },
        svg('line', { x1: PAD, x2: W - PAD, y1: y(v), y2: y(v) }),
        svg('text', { x: W - PAD, y: y(v) - 3, 'text-anchor': 'end' }, `${label} ${v}`));
    const dots = moves.map((m, i) => (m.mark ? svg('circle', {
        cx: x(i + 1), cy: y(m.expected), r: 4, class: `mark-${{ '?!': 'dubious', '?': 'mistake', '??': 'blunder' }[m.mark]}`,
    }, svg('title', {}, `${m.index + 1}. ${m.played}${m.mark}: -${m.loss.toFixed(1)}`)) : null)).filter(Boolean);
    return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'review-chart', id: 'review-chart', role: 'img',
                        'aria-label': 'Expected final score after each decision' },
        level(review.par, 'par-line', 'par'), level(review.score, 'score-line', 'score'),
        svg('path', { d: path, class: 'expected-line' }), ...dots);
}

export class ReviewView {
    /**
     * onGo(step): show that replay step; stepOf(index): the step of the reviewed line's decision
     * `index` (a record with take-backs has more steps than decisions that stood).
     */
    constructor(client, messages, onGo, stepOf = (index) => index + 1) {
        this.client = client;
        this.messages = messages;
        this.onGo = onGo;
        this.stepOf = stepOf;
        this.el = h('section', { id: 'review', class: 'card-panel review', 'aria-label': 'Review' },
            h('h3', { text: 'The coach\u2019s review' }),
            h('p', { class: 'muted', text: 'Each decision judged with what you could see then.' }));
        this.items = [];
    }

    /** Asks for the review of game and fills the section; a refusal is shown in the section. */
    async load(game) {
        const status = h('p', { id: 'review-status', class: 'muted', text: 'The coach is reviewing the game\u2026' });
        this.el.append(status);
        let r;
        try {
            r = await this.client.request('review', { game });
        } catch (err) {
            status.textContent = err.code === 'not_revealed'
                ? 'A ranked game is reviewed once its day is revealed.' : `No review: ${err.message}`;
            status.dataset.code = err.code ?? '';
            return;
        }
        status.remove();
        this.#fill(r);
    }

    /** Marks the decision that led to replay step `step`. */
    highlight(step) {
        this.items.forEach((li, i) => li.classList.toggle('current', this.stepOf(i) === step));
    }

    #fill(r) {
        const s = r.summary;
        const costly = r.moves.filter((m) => m.mark);
        this.items = r.moves.map((m) => h('li', {
            class: m.mark ? `costly mark-${{ '?!': 'dubious', '?': 'mistake', '??': 'blunder' }[m.mark]}` : '',
            data: { index: m.index, mark: m.mark, loss: m.loss },
            on: { click: () => this.onGo(this.stepOf(m.index)) },
        }, h('span', { class: 'move-no', text: `${m.index + 1}.` }), h('code', { text: m.played }),
           m.mark ? h('strong', { class: 'mark', text: m.mark }) : null,
           m.played === m.best ? null : h('span', { class: 'muted', text: ` coach: ${actionWords(m.best)} (${m.best}), ` +
                                                       `\u2212${m.loss.toFixed(1)}` })));
        this.el.append(
            h('p', { id: 'review-summary', class: 'review-summary',
                     data: { cost: s.cost, luck: s.luck, engine: s.engine, par: s.par, score: s.score },
                     text: summaryText(s) }),
            chart(r),
            h('p', { class: 'muted', text: costly.length === 0 ? 'No costly decision: well bowled.'
                : `${costly.length} costly decision${costly.length === 1 ? '' : 's'}: ?! from 2 points, ? from 5, ?? from 10.` }),
            h('ol', { id: 'review-moves', class: 'review-moves' }, ...this.items),
            h('details', {}, h('summary', { text: `The par line (${r.par})` }),
              h('code', { id: 'review-par-line', text: r.par_line })));
    }
}
