// The rules of a play (docs/rules.md, "Knocking pins down"): which pin groups a ball card may knock
// down on a rack. Pins are numbered 1-10; a rack is the cards of the pins (null once down) and
// whether its first play has happened.

import { cardValue } from './deal.js';

/** Pins each pin touches (docs/rules.md, "Cards and pins"). */
export const ADJACENT = {
    1: [2, 3], 2: [1, 3, 4, 5], 3: [1, 2, 5, 6], 4: [2, 5, 7, 8], 5: [2, 3, 4, 6, 8, 9],
    6: [3, 5, 9, 10], 7: [4, 8], 8: [4, 5, 7, 9], 9: [5, 6, 8, 10], 10: [6, 9],
};
const BACK_ROW = new Set([7, 8, 9, 10]);

const adjacent = (a, b) => ADJACENT[a].includes(b);

/** True when the pins form one connected group. */
export function isConnected(pins) {
    const seen = new Set([pins[0]]);
    const todo = [pins[0]];
    while (todo.length > 0) {
        const p = todo.pop();
        for (const q of pins) {
            if (!seen.has(q) && adjacent(p, q)) {
                seen.add(q);
                todo.push(q);
            }
        }
    }
    return seen.size === pins.length;
}

/** True when every two of the pins are adjacent (the strict ruleset). */
export function isStrict(pins) {
    return pins.every((a, i) => pins.slice(i + 1).every((b) => adjacent(a, b)));
}

/** Every group of 1-3 pins, ascending, in lexicographic order (as the protocol lists them). */
function allGroups() {
    const out = [];
    for (let a = 1; a <= 10; a++) {
        out.push([a]);
        for (let b = a + 1; b <= 10; b++) {
            out.push([a, b]);
            for (let c = b + 1; c <= 10; c++) out.push([a, b, c]);
        }
    }
    const key = (g) => g.map((p) => String(p).padStart(2, '0')).join(',');
    return out.filter(isConnected).sort((x, y) => (key(x) < key(y) ? -1 : 1));
}
export const GROUPS = allGroups();  // the 64 connected groups

/** First play of a rack: no back-row pin; pin 5 only together with pin 2 or 3. */
export function firstPlayShape(group) {
    if (group.some((p) => BACK_ROW.has(p))) return false;
    return !group.includes(5) || group.includes(2) || group.includes(3);
}

/** A later play must hold a pin next to a position already cleared. */
export function touchesCleared(group, pins) {
    return group.some((p) => ADJACENT[p].some((q) => pins[q - 1] === null));
}

/**
 * The groups `ball` (a card name) may knock down on the rack `pins` (10 entries, card or null)
 * under `ruleset` ("sackson" or "strict"). `untouched`: no pin is down yet on this rack.
 */
export function legalGroups(ball, pins, ruleset, untouched) {
    if (!ball) return [];
    const value = cardValue(ball);
    return GROUPS.filter((g) => {
        if (g.some((p) => pins[p - 1] === null)) return false;
        if (ruleset === 'strict' && !isStrict(g)) return false;
        const sum = g.reduce((s, p) => s + cardValue(pins[p - 1]), 0);
        if (sum % 10 !== value) return false;
        return untouched ? firstPlayShape(g) : touchesCleared(g, pins);
    });
}
