// Deals from a seed, exactly as docs/rules.md says ("Deals"): SHA-256 blocks of
// seed || u32be(k) || u32be(j) give 32-bit words; Fisher-Yates from i = 19 down to 1 with
// rejection sampling; then pins 1-10, pile 1 (5 cards), pile 2 (3), pile 3 (2), tops first.
// Runs in the browser and in node (both have crypto.subtle); tests/e2e/deals.test.js checks it
// against tests/vectors/deals.txt.

export const DECK_SIZE = 20;
export const PILE_SIZES = [5, 3, 2];

/** Card id 0-19 to its name: ids 0-9 are A..10 of hearts, 10-19 A..10 of spades. */
export function cardName(id) {
    const rank = (id % 10) + 1;
    return `${rank === 1 ? 'A' : rank}${id < 10 ? 'H' : 'S'}`;
}

/** "AH" -> 1, "10S" -> 0: the card's value in sums (a 10 counts 0). */
export function cardValue(name) {
    const rank = name.slice(0, -1);
    return rank === 'A' ? 1 : Number(rank) % 10;
}

/** 64 hex characters (either case) to 32 bytes; null when malformed. */
export function seedBytes(hex) {
    if (typeof hex !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hex)) return null;
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    return out;
}

export async function sha256(bytes) {
    return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

/** Lowercase hex of bytes. */
export function toHex(bytes) {
    return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The words of deal k: an async iterator over big-endian u32 of successive SHA-256 blocks. */
async function* words(seed, k) {
    const input = new Uint8Array(40);
    input.set(seed, 0);
    const view = new DataView(input.buffer);
    view.setUint32(32, k >>> 0, false);
    for (let j = 0; ; j++) {
        view.setUint32(36, j >>> 0, false);
        const block = new DataView((await sha256(input)).buffer);
        for (let w = 0; w < 8; w++) yield block.getUint32(4 * w, false);
    }
}

/**
 * Shuffles [0..19] with Fisher-Yates, drawing from `next()` (an async function returning u32
 * words), rejecting words at or above floor(2^32 / n) * n. Exported so a test can feed it words.
 */
export async function shuffle(next) {
    const deck = Array.from({ length: DECK_SIZE }, (_, i) => i);
    for (let i = DECK_SIZE - 1; i >= 1; i--) {
        const n = i + 1;
        const limit = Math.floor(2 ** 32 / n) * n;
        let x;
        do x = await next(); while (x >= limit);
        const j = x % n;
        [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck;
}

/** Deal k of a seed (hex or bytes): {pins: [10 names], piles: [[5], [3], [2]] tops first}. */
export async function dealFromSeed(seed, k) {
    const bytes = typeof seed === 'string' ? seedBytes(seed) : seed;
    if (!bytes) throw new Error('a seed is 64 hex characters');
    const it = words(bytes, k);
    const deck = await shuffle(async () => (await it.next()).value);
    const names = deck.map(cardName);
    return {
        pins: names.slice(0, 10),
        piles: [names.slice(10, 15), names.slice(15, 18), names.slice(18, 20)],
    };
}

/** A deal written as the protocol's reveal and the vectors do: "pins | p1 / p2 / p3". */
export function dealText(deal) {
    return `${deal.pins.join(' ')} | ${deal.piles.map((p) => p.join(' ')).join(' / ')}`;
}

/** The daily commitment of a revealed seed: SHA-256 of its 32 raw bytes, lowercase hex. */
export async function commitmentOf(seedHex) {
    const bytes = seedBytes(seedHex);
    return bytes ? toHex(await sha256(bytes)) : null;
}
