// The profile's histogram fitted to the player's scores: the server's `histogram` always spans
// 0-300 in 30-pin bins, which leaves a regular player's scores in one or two bars. The profile's
// `scores` (every finished game's score by kind) gives the bins from the scores themselves, a
// "nice" width (5, 10, 20, 25 or 50 pins) giving at most ten bars from the lowest score to the
// highest; splitBins then divides each bar by kind of game (practice, daily, league). Without
// `scores` (an older server) the bins come from the games `recent` lists when it lists them all,
// else from the server's bins cut to the range they fill, and the unlisted games stay
// "earlier", counted but not split.

const WIDTHS = [5, 10, 20, 25, 50];
const MAX_BARS = 10;

/** bins: the profile's histogram; scores: every finished game's score, or null if unknown. */
export function fitBins(bins, scores) {
    if (scores && scores.length > 0) return fromScores(scores);
    const used = bins.map((b, i) => (b.count > 0 ? i : -1)).filter((i) => i >= 0);
    if (used.length === 0) return bins;
    return bins.slice(used[0], used[used.length - 1] + 1);
}

function fromScores(scores) {
    const lo = Math.min(...scores);
    const hi = Math.max(...scores);
    const width = WIDTHS.find((w) => Math.floor(hi / w) - Math.floor(lo / w) + 1 <= MAX_BARS) ?? 50;
    const first = Math.floor(lo / width) * width;
    const bins = [];
    for (let from = first; from <= hi; from += width) {
        const to = Math.min(300, from + width - 1);
        bins.push({ from, to, count: scores.filter((s) => s >= from && s <= to).length });
    }
    return bins;
}

export const KINDS = ['practice', 'daily', 'league'];

/** scores: the profile's `scores` ({kind: [[score, count], ...]}); every game as {mode, score}. */
export function gamesOfScores(scores) {
    const games = [];
    for (const [mode, counts] of Object.entries(scores)) {
        for (const [score, count] of counts) {
            for (let i = 0; i < count; i++) games.push({ mode, score });
        }
    }
    return games;
}

/**
 * bins: fitted bins; games: the profile's `recent` ({mode, score}). Each bin gets `parts`:
 * {practice, daily, league, earlier} adding up to its count.
 */
export function splitBins(bins, games) {
    return bins.map((b) => {
        const parts = { practice: 0, daily: 0, league: 0, earlier: 0 };
        for (const g of games) {
            if (g.score >= b.from && g.score <= b.to) parts[KINDS.includes(g.mode) ? g.mode : 'practice']++;
        }
        parts.earlier = Math.max(0, b.count - parts.practice - parts.daily - parts.league);
        return { ...b, parts };
    });
}
