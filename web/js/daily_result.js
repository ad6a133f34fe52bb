// The daily's extras on the result card: the player's rank on the day's board with the share of
// players at or above it, the daily streak, and the countdown to the next daily (UTC midnight,
// the product's day).

/**
 * {rank, total} of the player's finished daily on `date`, or null (not on the board, or the
 * board could not be read: the card is complete without it).
 *
 * docs/protocol.md gives a finished game no rank, so the card asks the daily board centred on
 * the player (`around`) for its `me` line. HOOK (issue 17): should the server add `rank` and
 * `total` to the finished daily's game messages, fromSnapshot/planUpdate may carry them as
 * state.rank and state.total, used here first without a request.
 */
export async function dailyRank(client, state, date) {
    if (Number.isInteger(state.rank) && Number.isInteger(state.total)) {
        return { rank: state.rank, total: state.total };
    }
    try {
        const page = await client.request('leaderboard', { board: 'daily', date, around: true, limit: 1 });
        return page.me ? { rank: page.me.rank, total: page.total } : null;
    } catch {
        return null;
    }
}

/**
 * The `today` of the `daily` reply (rank, total, percentile, distribution) once the player's
 * attempt of the day is finished, or null (not finished, no ranked identity, a failed request).
 */
export async function dailyToday(client) {
    const daily = await dailyReply(client);
    return daily?.status === 'finished' ? daily.today ?? null : null;
}

/** The whole `daily` reply (its `today`, and `review` when the result is held), or null. */
export async function dailyReply(client) {
    try {
        return await client.request('daily');
    } catch {
        return null;
    }
}

/**
 * {current, longest} daily streak of the logged-in player (their `profile`), or null (a guest
 * the server gives no profile, or a failed request).
 */
export async function dailyStreak(client) {
    try {
        const profile = await client.request('profile');
        return profile.streak ?? null;
    } catch {
        return null;
    }
}

/** "Daily streak: 3 days (longest 5)." */
export function streakText({ current, longest }) {
    return `Daily streak: ${current} day${current === 1 ? '' : 's'} (longest ${longest}).`;
}

/** Milliseconds from `nowMs` to the next 00:00 UTC. */
export function msToNextDaily(nowMs) {
    const d = new Date(nowMs);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - nowMs;
}

/** "Next daily in 05:12:09, at 00:00 UTC (01:00 your time)". */
export function nextDailyText(nowMs) {
    const left = Math.max(0, Math.floor(msToNextDaily(nowMs) / 1000));
    const two = (n) => String(n).padStart(2, '0');
    const clock = `${two(Math.floor(left / 3600))}:${two(Math.floor(left / 60) % 60)}:${two(left % 60)}`;
    const at = new Date(nowMs + msToNextDaily(nowMs));
    const local = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    return `Next daily in ${clock}, at 00:00 UTC${local === '00:00' ? '' : ` (${local} your time)`}.`;
}
