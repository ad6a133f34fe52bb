// Arenas in words (docs/rules.md "Arenas", docs/protocol.md "Arenas"): countdowns, an arena's
// settings, a game's points against par with its marks, and the commitments this browser saw
// for its arena games (checked against the seeds revealed at the end). Pure helpers and
// localStorage only; the pages are arena_home.js and arena_view.js.

import { plural } from '../dom.js';

const COMMITMENTS_KEY = 'pinfall.arena_commitments';  // {"<arena>/<n>": commitment}
const BERSERK_KEY = 'pinfall.arenaBerserk';            // "on": the next game is berserk

/** The player's Berserk choice, kept for the next game (the arena page and the result card). */
export function berserkWanted() {
    return localStorage.getItem(BERSERK_KEY) === 'on';
}

export function setBerserk(on) {
    localStorage.setItem(BERSERK_KEY, on ? 'on' : 'off');
}

/** "4:05", "1:02:03", "2 days 3:04:05" for a span of ms (0 and below: "0:00"). */
export function countdownText(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const days = Math.floor(total / 86400);
    const h = Math.floor((total % 86400) / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const mmss = `${String(m).padStart(h || days ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
    const clock = h || days ? `${h}:${mmss}` : mmss;
    return days ? `${plural(days, 'day')} ${clock}` : clock;
}

/** What an arena's countdown counts to: {label, at} ("Starts in", "Ends in") or null once over. */
export function countdownTarget(arena, now) {
    const starts = Date.parse(arena.starts_at);
    const ends = Date.parse(arena.ends_at);
    if (arena.status === 'upcoming' && now < starts) return { label: 'Starts in', at: starts };
    if (arena.status !== 'finished' && now < ends) return { label: 'Ends in', at: ends };
    return null;
}

export const STATUS_TEXT = { upcoming: 'Upcoming', live: 'Live', finished: 'Finished' };

const ENTRY_TEXT = { open: 'open to everyone ranked', registered: 'registered players only', league: 'league members only' };

/** "sackson rules · 30 minutes · clock 2:00 a game · open to everyone ranked". */
export function settingsText(a) {
    const parts = [`${a.ruleset} rules`, plural(a.duration_min, 'minute')];
    parts.push(a.clock_s ? `clock ${countdownText(a.clock_s * 1000)} a game` : 'no clock');
    parts.push(ENTRY_TEXT[a.entry] ?? a.entry);
    return parts.join(' \u00b7 ');
}

/** 100 x score / par with one decimal ("57.0"); a par of 0 counts as 100% (docs/rules.md). */
export function pctOfPar(score, par) {
    if (par === null || par === undefined) return null;
    return par > 0 ? (100 * score / par).toFixed(1) : '100.0';
}

/** "3 points", "8 points (doubled)", "5 points (+1 berserk)": a finished game's points. */
export function pointsText(g) {
    const marks = [g.doubled ? 'doubled' : null, g.berserk_bonus ? '+1 berserk' : null].filter(Boolean);
    return `${plural(g.points ?? 0, 'point')}${marks.length ? ` (${marks.join(', ')})` : ''}`;
}

/** "1st", "2nd", "3rd", "4th", ... */
export function ordinal(n) {
    const tens = n % 100;
    const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
    return `${n}${suffix}`;
}

/** The average % of par of a standings line ("93.5"), or "–" before a finished game. */
export function linePct(line) {
    return line.games > 0 ? Number(line.pct).toFixed(1) : '\u2013';
}

function seenCommitments() {
    try {
        return JSON.parse(localStorage.getItem(COMMITMENTS_KEY) ?? '{}') ?? {};
    } catch {
        return {};
    }
}

/** Keeps an arena game's commitment (the snapshot's `arena` block) to check its seed later. */
export function rememberCommitment(block) {
    if (!block?.commitment) return;
    const seen = seenCommitments();
    seen[`${block.arena}/${block.n}`] = block.commitment;
    const keys = Object.keys(seen);
    for (const k of keys.slice(0, Math.max(0, keys.length - 500))) delete seen[k];  // plenty
    localStorage.setItem(COMMITMENTS_KEY, JSON.stringify(seen));
}

/** The commitment this browser saw for game n of the arena, or null. */
export function seenCommitment(arena, n) {
    return seenCommitments()[`${arena}/${n}`] ?? null;
}
