// The player's pick in words under the piles ("Pile 1 (5♠) on pins 1-3-6: a legal play"), so
// the selection is readable on a phone where the highlighted pins may sit off the thumb; for a
// pick that is not a legal play, the rule it breaks with its pins and cards (#play-reason, while
// "Knock down" is off); and the legal groups of the chosen pile as chips (hints on) that pick a
// whole group at once.

import { cardLabel } from './cards.js';
import { h } from './dom.js';
import { checkPlay, detailText } from './solitaire/play_check.js';

export class PickView {
    /** selectionEl: the one-line pick; groupsEl: the chips of the legal groups. */
    constructor(selectionEl, groupsEl) {
        this.selection = selectionEl;
        this.groups = groupsEl;
    }

    /** choice: Choice; hints: whether hints are on; locked: whether the board takes input. */
    render(state, choice, { hints, locked }) {
        this.#renderSelection(state, choice);
        this.#renderGroups(state, choice, { hints, locked });
    }

    #renderSelection(s, choice) {
        const el = this.selection;
        el.hidden = s.over;
        if (s.over) return;
        if (choice.pile === null) {
            el.textContent = choice.pins.size > 0
                ? `Pin${choice.pins.size > 1 ? 's' : ''} ${choice.sortedPins().join('-')}: now choose a ball pile.`
                : 'Choose a ball pile, then pins.';
            el.dataset.legal = '';
            return;
        }
        const ball = s.piles[choice.pile - 1].up;
        const pins = choice.sortedPins();
        const legal = choice.isLegal(s);
        el.dataset.legal = String(legal);
        // The page judges the pick by the rules (in the server's order); should it ever find no
        // rule broken for a pick the server did not list, it says so rather than guess.
        const detail = pins.length === 0 || legal ? null : checkPlay(s, choice.pile, pins);
        const reason = detail ? detailText(detail) : 'The server lists no such play here.';
        // On the way to a legal group ("yet"), or off every group the pile allows.
        const onTheWay = !legal && pins.length > 0 && choice.groups(s).length > 0;
        el.replaceChildren(`Pile ${choice.pile} (`, h('strong', { text: cardLabel(ball) }), ')',
                           pins.length === 0 ? ': now pick pins.' : ` on pin${pins.length > 1 ? 's' : ''} ${pins.join('-')}`,
                           pins.length === 0 ? '' : legal ? ': a legal play.' : onTheWay ? ': not a legal play yet.' : ': not a legal play.',
                           pins.length === 0 || legal ? '' : ' ',
                           pins.length === 0 || legal ? '' : h('span', {
                               id: 'play-reason', class: 'play-reason', text: reason,
                               data: { code: detail?.code ?? '', rule: detail?.rule ?? '' } }));
    }

    #renderGroups(s, choice, { hints, locked }) {
        const box = this.groups;
        box.hidden = !hints || s.over;
        if (box.hidden) return;
        if (choice.pile === null) {
            box.textContent = locked ? '' : 'Highlighted piles have a legal play. Choose one.';
            return;
        }
        const groups = choice.groups(s);
        if (groups.length === 0) {
            box.textContent = choice.pins.size > 0
                ? 'No legal group holds these pins.' : 'This ball has no legal play now.';
            return;
        }
        box.replaceChildren(h('span', { text: 'Legal groups: ' }), ...groups.map((g) => h('button', {
            type: 'button', class: 'chip', data: { group: g.join(',') }, text: g.join('-'), disabled: locked,
        })));
    }
}
