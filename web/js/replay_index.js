// The replay's index (issue 17): every step of a replay listed by frame and ball, each a button
// that jumps to it ("Frame 3 · Ball 2: 7♠ 4-8-9, stop"), the shown step marked. Steps are
// grouped by the frame and ball their action was made in; step 0 is the opening deal.

import { cardLabel } from './cards.js';
import { h } from './dom.js';
import { actionWords, ballOf } from './replay_words.js';

/** A step's button text, short: "7♠ 4-8-9", "stop", "resign", "undo". */
function shortLabel(step, before) {
    const a = step.action;
    if (!a) return 'start';
    if (a.kind !== 'play') return { stop: 'stop', resign: 'resign', undo: 'undo' }[a.kind];
    return `${cardLabel(before.piles[a.pile - 1].up)} ${[...a.pins].sort((x, y) => x - y).join('-')}`;
}

export class ReplayIndex {
    /** steps: the replay's steps; onGo(i): show step i. */
    constructor(steps, onGo) {
        this.buttons = [];
        const frames = new Map();  // frame -> Map(ball -> [buttons])
        steps.forEach((step, i) => {
            const before = i === 0 ? step.state : steps[i - 1].state;
            const { frame, ball } = i === 0 ? { frame: 1, ball: 1 } : ballOf(before);
            const words = actionWords(step, before);
            // The short label is what shows; the words follow for screen readers, so the name
            // read out starts with the text seen (WCAG "label in name").
            const button = h('button', { type: 'button', class: 'step-link', data: { step: i }, title: words,
                                         on: { click: () => onGo(i) } },
                             h('span', { class: 'step-short', text: shortLabel(step, before) }),
                             h('span', { class: 'sr-only', text: ` (step ${i}: ${words})` }));
            this.buttons.push(button);
            if (!frames.has(frame)) frames.set(frame, new Map());
            const balls = frames.get(frame);
            if (!balls.has(ball)) balls.set(ball, []);
            balls.get(ball).push(button);
        });
        this.el = h('nav', { id: 'replay-index', class: 'card-panel replay-index', 'aria-label': 'Frames and balls' },
            h('h3', { text: 'Jump to a ball' }),
            h('ol', { class: 'replay-frames' }, ...[...frames].map(([frame, balls]) => h('li', {
                class: 'replay-frame', data: { frame } },
                h('span', { class: 'frame-name', text: `Frame ${frame}` }),
                h('ul', {}, ...[...balls].map(([ball, buttons]) => h('li', { data: { ball } },
                    h('span', { class: 'ball-name', text: `Ball ${ball}` }), ...buttons)))))));
    }

    /** Marks step i as the one shown. */
    highlight(i) {
        this.buttons.forEach((b, k) => {
            b.classList.toggle('current', k === i);
            if (k === i) b.setAttribute('aria-current', 'step');
            else b.removeAttribute('aria-current');
        });
    }
}
