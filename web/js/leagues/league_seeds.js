// Fair deals in a league: each round's seed commitments (SHA-256 of each game's seed), which
// the server publishes while the round is open, remembered by this browser; once the round
// closes and its seeds are revealed, each seed is hashed here and compared with the
// commitment this browser saw before the reveal (docs/rules.md, "Seeds, commitments and
// reveals"), as the daily page does for a day.

import { commitmentOf } from '../solitaire/deal.js';
import { h } from '../dom.js';

const KEY = 'pinfall.league_commitments';  // {"league/round/game": commitment} seen here
const KEEP = 500;                           // enough for several seasons

function seen() {
    try {
        return JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {};
    } catch {
        return {};
    }
}

/** Remembers the commitments of the rounds not yet revealed (the first one seen stays). */
export function rememberCommitments(league) {
    const all = seen();
    let added = false;
    for (const r of league.schedule) {
        if (r.seeds !== null) continue;
        r.commitments.forEach((c, i) => {
            const k = `${league.league}/${r.round}/${i + 1}`;
            if (!(k in all)) {
                all[k] = c;
                added = true;
            }
        });
    }
    if (!added) return;
    const keys = Object.keys(all).slice(-KEEP);
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(keys.map((k) => [k, all[k]]))));
}

/**
 * The "Fair deals" panel: for each round, its commitments, and for a closed round its seeds
 * with the check (filled in asynchronously; data-check "ok", "mismatch" or "unknown").
 */
export function seedsPanel(league) {
    if (league.schedule.length === 0) return null;
    const mine = seen();
    const rows = league.schedule.map((r) => {
        const games = r.commitments.map((c, i) => {
            const k = `${league.league}/${r.round}/${i + 1}`;
            const seed = r.seeds?.[i] ?? null;
            const check = h('span', { class: 'check', data: { check: seed ? 'pending' : 'committed' },
                                      text: seed ? 'checking\u2026' : 'seed secret until the round closes' });
            if (seed) verify(seed, mine[k] ?? null, c, check);
            return h('li', { data: { round: r.round, game: i + 1 } },
                     `Game ${i + 1}: `, h('code', { class: 'hex', title: 'SHA-256 of the seed', text: c }),
                     seed ? [' seed ', h('code', { class: 'hex seed', text: seed })] : null, ' ', check);
        });
        return h('div', { class: 'round-seeds', data: { round: r.round } },
                 h('h4', { text: `Round ${r.round}` }), h('ul', { class: 'seed-list' }, ...games));
    });
    return h('details', { class: 'card-panel fairness', id: 'league-seeds' },
             h('summary', { text: 'Fair deals: seed commitments' }),
             h('p', { class: 'muted', text: 'Every member bowls the same deals in a game of a round. Before a round ' +
                 'closes only the SHA-256 of each seed is public; this browser keeps what it saw and checks the seeds ' +
                 'against it when the round closes.' }),
             ...rows);
}

async function verify(seed, seenHere, published, el) {
    const computed = await commitmentOf(seed);
    if (seenHere === null) {
        const ok = computed === published;
        el.textContent = ok ? 'matches the published commitment (this browser did not see it before the reveal)'
                            : '\u2717 does NOT match the published commitment';
        el.dataset.check = ok ? 'unknown' : 'mismatch';
    } else if (computed === seenHere) {
        el.textContent = '\u2713 matches the commitment this browser saw before the reveal';
        el.dataset.check = 'ok';
    } else {
        el.textContent = `\u2717 does NOT match the commitment seen before the reveal (${seenHere})`;
        el.dataset.check = 'mismatch';
    }
}
