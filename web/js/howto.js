// "How to play", illustrated with the game's own drawing (the rack's pins and card faces, the
// burn's struck-through cards, the score sheet) and an SVG of which pins touch: shown on the
// landing page on a first visit (until "Got it"), and as a dialog from "?" on the play screen
// or "How to play" on the landing page. The rules are docs/rules.md's.

import { PIN_LAYOUT, fillCard } from './cards.js';
import { h } from './dom.js';
import { SheetView } from './sheet_view.js';

const SEEN_KEY = 'pinfall.howtoSeen';
const NS = 'http://www.w3.org/2000/svg';
// docs/rules.md "Two pins are adjacent" (engine/pins.hpp kAdjacent), each pair once.
const TOUCHING = [[1, 2], [1, 3], [2, 3], [2, 4], [2, 5], [3, 5], [3, 6], [4, 5], [4, 7], [4, 8],
                  [5, 6], [5, 8], [5, 9], [6, 9], [6, 10], [7, 8], [8, 9], [9, 10]];
// The worked example: 9 + 8 + 10 = 27 ends in 7, so a 7 takes pins 1, 2 and 3 (they all touch,
// and none is a back-row pin or pin 5, so it may be a rack's first play).
const EXAMPLE = { 1: '9H', 2: '8S', 3: '10H', 4: 'AS', 5: '4H', 6: '2S', 7: '6H', 8: '3S', 9: 'AH', 10: '5S' };
const EXAMPLE_PINS = [1, 2, 3];

function svg(tag, attrs = {}, text = null) {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== null) el.textContent = text;
    return el;
}

/** The triangle as numbered circles, a line between each pair of touching pins. */
function touchingDiagram() {
    const at = new Map(PIN_LAYOUT.map(([pin, row, col]) => [pin, { x: 30 + (col - 1) * 30 + 30, y: 28 + (row - 1) * 48 }]));
    const root = svg('svg', { viewBox: '0 0 300 190', class: 'howto-pins', role: 'img',
                              'aria-label': 'The ten pins: 7 8 9 10 at the back, then 4 5 6, 2 3, and pin 1 in front. ' +
                                  'Lines join the pins that touch.' });
    for (const [a, b] of TOUCHING) {
        root.append(svg('line', { x1: at.get(a).x, y1: at.get(a).y, x2: at.get(b).x, y2: at.get(b).y, class: 'touch' }));
    }
    for (const [pin, { x, y }] of at) {
        root.append(svg('circle', { cx: x, cy: y, r: 17, class: 'pin-dot' }));
        root.append(svg('text', { x, y: y + 6, 'text-anchor': 'middle', class: 'pin-label' }, String(pin)));
    }
    return root;
}

/**
 * A small rack drawn like the play screen's (its grid, card faces and pin numbers), with
 * classes of its own (demo-pin) so that nothing here is taken for the game's pins.
 */
function exampleRack() {
    const rack = h('div', { class: 'rack howto-rack', 'aria-hidden': 'true' });
    for (const [pin, row, col] of PIN_LAYOUT) {
        const face = h('span', { class: 'card' });
        fillCard(face, EXAMPLE[pin]);
        const el = h('span', { class: `demo-pin${EXAMPLE_PINS.includes(pin) ? ' picked' : ''}` },
                     face, h('span', { class: 'pin-no', text: String(pin) }));
        el.style.gridRow = String(row);
        el.style.gridColumn = `${col} / span 2`;
        rack.append(el);
    }
    return rack;
}

function card(code, extra = '') {
    const face = h('span', { class: `card ${extra}` });
    fillCard(face, code);
    return face;
}

/** The burn: each pile's face-up card goes, the next one turns up. */
function burnPicture() {
    const pile = (burned, next) => h('span', { class: 'howto-pile' },
        h('span', { class: `burned${burned.endsWith('H') ? ' red' : ''}`, text: burned.replace('H', '\u2665').replace('S', '\u2660') }),
        ' \u2192 ', card(next, 'howto-card'));
    return h('div', { class: 'howto-burn', role: 'img', 'aria-label': 'Pile 1: 5 of spades burned, 2 of spades turns up; ' +
                 'pile 2: 6 of hearts burned, 3 of spades up; pile 3: 3 of hearts burned, 2 of hearts up.' },
             pile('5S', '2S'), pile('6H', '3S'), pile('3H', '2H'));
}

function sheetPicture() {
    const box = h('div', { class: 'sheet howto-sheet' });
    const frames = [{ marks: 'X', total: 20 }, { marks: '7/', total: 38 }, { marks: '81', total: 47 }];
    while (frames.length < 10) frames.push({ marks: '', total: null });
    new SheetView(box).render({ frames, score: 47 }, 4);
    // The game's sheet, renamed so that nothing here is taken for the game's frames.
    for (const li of box.querySelectorAll('.frame')) li.classList.replace('frame', 'demo-frame');
    box.querySelector('.sheet-score').remove();
    return box;
}

/** The whole explanation, built fresh for each place it is shown. */
export function howtoContent() {
    const step = (title, ...body) => h('section', { class: 'howto-step' }, h('h3', { text: title }), ...body);
    return h('div', { class: 'howto-content' },
        step('1. Ten pins, each a card',
             h('p', { text: 'The ten pins are dealt face up in a triangle, pin 1 in front. Pins joined by a line touch: ' +
                 'only touching pins fall together.' }),
             touchingDiagram()),
        step('2. Knock pins down with a ball card',
             h('p', {}, 'Pick one of three ball piles; its face-up card is the ball. One pin falls to a card of its own ' +
               'rank. Two or three touching pins fall when the last digit of their sum is the ball (a 10 counts 0). ' +
               'Here the ball is ', card('7S', 'howto-card inline'), ': pins 1, 2 and 3 hold 9 + 8 + 10 = 27, ' +
               'which ends in 7, so all three fall.'),
             exampleRack(),
             h('p', { class: 'muted', text: 'The first play on a rack may not take a back-row pin (7-10), nor pin 5 ' +
                 'without pin 2 or 3. Every later play must take a pin next to one already down.' })),
        step('3. Ball 2 and the burn',
             h('p', { text: 'Ball 1 goes on as long as you like and a play exists; then press Stop. For ball 2 the ' +
                 'top card of each pile is burned (lost) and the next one turns up.' }),
             burnPicture()),
        step('4. Frames score like bowling',
             h('p', { text: 'All ten pins on ball 1 is a strike (X): 10 plus the next two balls. All ten after ball 2 ' +
                 'is a spare (/): 10 plus the next ball. Otherwise the frame scores the pins down. Ten frames, ' +
                 'a fresh deal each; 300 is perfect.' }),
             sheetPicture()));
}

export class HowTo {
    /** dialog: the <dialog> for "?"; inline: the landing page's first-visit slot. */
    constructor(dialog, inline) {
        this.dialog = dialog;
        this.inline = inline;
        this.body = dialog.querySelector('#howto-dialog-body');
        dialog.querySelector('#howto-close').addEventListener('click', () => dialog.close());
    }

    /** Opens the dialog (from "?" or the landing page's link). */
    open() {
        this.body.replaceChildren(howtoContent());
        if (!this.dialog.open) this.dialog.showModal();
        this.dialog.querySelector('#howto-close').focus();
    }

    /** On the landing page: the how-to inline until the player says "Got it" once. */
    firstVisit() {
        if (localStorage.getItem(SEEN_KEY) === '1') {
            this.inline.hidden = true;
            return;
        }
        if (this.inline.childElementCount === 0) {
            const done = h('button', { type: 'button', id: 'howto-done', class: 'primary', text: 'Got it',
                                       on: { click: () => {
                                           localStorage.setItem(SEEN_KEY, '1');
                                           this.inline.hidden = true;
                                       } } });
            this.inline.append(h('h2', { id: 'howto-title', text: 'New here? How to play' }), howtoContent(), done);
        }
        this.inline.hidden = false;
    }
}
