// The player's own held result (docs/protocol.md "Moderation": `review` of the player's own
// `daily` and `profile` recent games): "under review" with a line of explanation while a
// moderator checks it, "disqualified" once one has. A clean or cleared result has no mark.

import { h } from './dom.js';

export const REVIEW_WORDS = {
    review: ['under review', 'A moderator is checking this result; it is off the boards until then.'],
    disqualified: ['disqualified', 'A moderator disqualified this result; it stays off the boards.'],
};

/** The mark alone, for a table cell: a small tag, or null. */
export function reviewTag(review) {
    const words = REVIEW_WORDS[review];
    return words ? h('span', { class: `review-tag review-${review}`, data: { review }, title: words[1], text: words[0] }) : null;
}

/** The mark with its explanation, for the daily page and the result card: a paragraph, or null. */
export function reviewNote(review, id) {
    const words = REVIEW_WORDS[review];
    if (!words) return null;
    return h('p', { id, class: `review-note review-${review}`, data: { review } },
             reviewTag(review), ' ', h('span', { class: 'review-why', text: words[1] }));
}
