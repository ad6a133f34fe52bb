// The sheets of a lane: one card per side in the order of play (or side order during the
// roll-off), with its name and members, its ten frames (the solitaire sheet view: marks and
// running totals), its score, and the side to bowl highlighted.

import { h } from '../dom.js';
import { SheetView } from '../sheet_view.js';

export function laneSheets(state) {
    const order = state.rolloff.order ?? state.sides.map((_, i) => i);
    const next = state.next?.side;
    const cards = order.map((side) => {
        const info = state.sides[side];
        const sheet = state.sheets[side];
        const turn = side === next && state.phase === 'play';
        const box = h('div', { class: 'sheet' });
        new SheetView(box).render(sheet, turn ? state.next.frame : 0);
        const tags = [];
        if (side === state.you) tags.push(h('span', { class: 'tag you', text: 'you' }));
        if (turn) tags.push(h('span', { class: 'tag turn', text: 'to bowl' }));
        if (sheet.complete) tags.push(h('span', { class: 'tag done', text: 'finished' }));
        return h('section', { class: `side-sheet sheet-wrap${turn ? ' turn' : ''}${side === state.you ? ' mine' : ''}`,
                              data: { side, score: sheet.score }, 'aria-label': `Sheet of ${info.name}` },
                 h('header', { class: 'side-head' },
                   h('h3', { class: 'side-title', text: info.name }), ...tags,
                   h('span', { class: 'side-score', text: String(sheet.score) })),
                 info.members.length > 0 && (state.teams || info.members.join() !== info.name)
                     ? h('p', { class: 'members muted', text: info.members.join(', ') }) : null,
                 box);
    });
    return h('div', { id: 'lane-sheets', class: 'lane-sheets' }, ...cards);
}
