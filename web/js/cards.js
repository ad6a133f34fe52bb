// Card names and pin geometry shared by the views.
// Cards arrive as rank then suit: "AH", "2H" .. "10H", "AS" .. "10S" (docs/protocol.md).

const SUITS = {
    H: { symbol: '\u2665', name: 'hearts', red: true },
    S: { symbol: '\u2660', name: 'spades', red: false },
};

/** Splits a card name into its rank, suit symbol and colour; null for null. */
export function cardParts(card) {
    if (!card) return null;
    const suit = SUITS[card.slice(-1)] ?? { symbol: card.slice(-1), name: '', red: false };
    return { rank: card.slice(0, -1), suit: suit.symbol, suitName: suit.name, red: suit.red };
}

/** "10H" -> "10♥". */
export function cardLabel(card) {
    const p = cardParts(card);
    return p ? `${p.rank}${p.suit}` : '';
}

/** "AH" -> "ace of hearts", for screen readers. */
export function cardSpeech(card) {
    const p = cardParts(card);
    if (!p) return 'no card';
    const rank = p.rank === 'A' ? 'ace' : p.rank;
    return `${rank} of ${p.suitName}`;
}

/** Fills an element with a card face: rank over suit, red for hearts. */
export function fillCard(el, card) {
    el.replaceChildren();
    const p = cardParts(card);
    el.classList.toggle('red', Boolean(p?.red));
    if (!p) return;
    const rank = document.createElement('span');
    rank.className = 'rank';
    rank.textContent = p.rank;
    const suit = document.createElement('span');
    suit.className = 'suit';
    suit.textContent = p.suit;
    el.append(rank, suit);
}

/**
 * The triangle as a bowler sees it from the foul line: back row 7-8-9-10 on top, the headpin 1
 * at the bottom. Each entry is [pin, grid row, first grid column] on an 8-column grid where a
 * pin spans two columns, so each row sits half a pin in from the one above.
 */
export const PIN_LAYOUT = [
    [7, 1, 1], [8, 1, 3], [9, 1, 5], [10, 1, 7],
    [4, 2, 2], [5, 2, 4], [6, 2, 6],
    [2, 3, 3], [3, 3, 5],
    [1, 4, 4],
];

/** Today's date in UTC as YYYY-MM-DD (the product's day is the UTC day). */
export function utcDate(now = new Date()) {
    return now.toISOString().slice(0, 10);
}
