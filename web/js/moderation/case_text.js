// A moderator's case in words (docs/protocol.md "Moderation", docs/integrity.md): its status and
// reason, what was played, the evidence against its thresholds, how an identity is linked, and
// the errors of the moderators' requests. Pure functions: they read the server's case objects
// and make text, nothing on the page.

import { sentence } from '../messages.js';

export const STATUS_WORDS = {
    clean: 'clean (on the boards)',
    review: 'under review (off the boards)',
    cleared: 'cleared (back on the boards)',
    disqualified: 'disqualified (off the boards for good)',
};

export const REASON_WORDS = {
    statistic: 'the game alone passed its thresholds',
    week: 'the player\u2019s last seven analysed games passed theirs',
    moderator: 'opened by a moderator',
    '': 'reported only, not flagged',
};

export const VIA_WORDS = { address: 'same address', browser: 'same browser' };

/** "2:4" -> "pile 2 on pin 4", with the pile's card when known: "7♠ (pile 2) on pin 4". */
export function choiceWords(token, card = null) {
    if (token === 's') return 'stop this ball';
    if (token === 'r') return 'resign';
    const [pile, pins] = token.split(':');
    const where = `pin${pins.includes(',') ? 's' : ''} ${pins.split(',').join('-')}`;
    return card ? `${card} (pile ${pile}) on ${where}` : `pile ${pile} on ${where}`;
}

/** "Daily 2026-12-03", "League 4, round 2, game 3", "practice". */
export function kindText(c) {
    if (c.mode === 'daily') return `Daily ${c.day}`;
    if (c.mode === 'league') return `League ${c.league}, round ${c.round}, game ${c.league_game}`;
    return c.mode;
}

/** "241 (par 245, 98.4% of par)", or "241 (par not known yet)". */
export function scoreText(c) {
    if (c.par === null || c.par === undefined) return `${c.score} (par not known yet)`;
    return `${c.score} (par ${c.par}, ${((100 * c.score) / c.par).toFixed(1)}% of par)`;
}

const fixed = (v) => (v === null || v === undefined ? '\u2013' : Number(v).toFixed(2));

/** "LLR 51.30 vs 21.50, z 4.10 vs 2.90": a statistic against its thresholds. */
export function versusText(figures, threshold) {
    return `LLR ${fixed(figures.llr)} vs ${fixed(threshold.llr)}, z ${fixed(figures.z)} vs ${fixed(threshold.z)}`;
}

/** One line on a game's own evidence, or why there is none. */
export function gameEvidenceText(e) {
    if (!e) return 'Not analysed yet.';
    if (e.deciding === 0) return `No deciding decision among ${e.decisions}: no evidence either way.`;
    return `${versusText(e, e.threshold)}: ${e.flagged ? 'flagged' : 'not flagged'} ` +
           `(${e.deciding} deciding of ${e.decisions} decisions, tau ${fixed(e.tau)}).`;
}

/** One line on the player's last seven analysed games. */
export function weekEvidenceText(e) {
    if (!e) return 'Not analysed yet.';
    const w = e.week;
    return `${versusText(w, w.threshold)}: ${w.flagged ? 'flagged' : 'not flagged'} ` +
           `(${w.games} game${w.games === 1 ? '' : 's'}, ${w.deciding} deciding decisions).`;
}

/** "+12.40" for an LLR term. */
export function signed(v) {
    const n = Number(v);
    return `${n > 0 ? '+' : n < 0 ? '\u2212' : ''}${Math.abs(n).toFixed(2)}`;
}

/**
 * Plain words for an error of a moderator's request; `what` names the request ("decide",
 * "open", "ban") where the same code means different things.
 */
export function moderationErrorText(err, what = '') {
    const server = err?.message ? sentence(err.message) : '';
    switch (err?.code) {
    case 'forbidden': return 'Only moderators may do that. The operator grants the role (pinfall-server moderator add).';
    case 'wrong_phase': return what === 'open'
        ? `This result was decided already; a decided case is not opened again. (${server})`
        : `Not done: this case's status does not allow it (a disqualified result is final). It may have ` +
          `changed meanwhile; reload it. (${server})`;
    case 'unknown_case': return 'This game has no case: only a result under review, or a cleared one, can be decided. ' +
        'Put it under review first.';
    case 'unknown_game': return 'No finished ranked game has that number.';
    case 'unknown_player': return 'No player has that id.';
    case 'bad_request': return `Refused: ${server}`;
    default: return server || String(err);
    }
}

/** Bytes of text in UTF-8 (notes count bytes on the server). */
export function utf8Length(text) {
    return new TextEncoder().encode(text).length;
}
