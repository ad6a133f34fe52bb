// "Report" on the page of someone else's ranked game (docs/protocol.md "Moderation", `report`):
// a small dialog asks for a reason (1-200 characters), sends it, and says "Reported, thank you."
// or why not (not on the boards yet, too many reports, the server's refusal). A report raises
// the game in the moderators' queue; it never flags the game by itself.

import { busy, h } from './dom.js';
import { sentence } from './messages.js';

export const REASON_MAX = 200;

/** The words for a refused report. */
export function reportErrorText(err) {
    switch (err?.code) {
    case 'login_required': return 'Only players on the boards may report: register or log in (or play a daily as a guest) first.';
    case 'over_budget': return `Too many reports from you: at most 10 in 24 hours. ${sentence(err.message ?? '')}`.trim();
    case 'unknown_game': return 'That game is not a finished ranked game: only those can be reported.';
    case 'bad_request': return `Not sent: ${sentence(err.message ?? 'the server refused it')}`;
    default: return sentence(err?.message ?? String(err));
    }
}

/** The "Report" button for game `game`, with its dialog (appended beside it). */
export function reportAction(client, game) {
    const reason = h('textarea', { id: 'report-reason', rows: 3, maxlength: REASON_MAX, required: true,
                                   'aria-describedby': 'report-about' });
    const status = h('p', { id: 'report-status', class: 'report-status', 'aria-live': 'polite' });
    const send = h('button', { type: 'submit', id: 'report-send', class: 'primary', text: 'Send report' });
    const close = h('button', { type: 'button', id: 'report-cancel', text: 'Cancel' });
    const form = h('form', { class: 'form-stack' },
        h('h2', { id: 'report-title', text: `Report game ${game}` }),
        h('p', { id: 'report-about', class: 'muted', text: 'Tell the moderators in a few words what looks wrong with this ' +
            'result (1 to 200 characters). A report puts the game higher in their queue; it never flags it by itself.' }),
        h('label', { for: 'report-reason', text: 'Reason' }), reason, status,
        h('div', { class: 'buttons' }, send, close));
    const dialog = h('dialog', { id: 'report-dialog', class: 'report-dialog', 'aria-labelledby': 'report-title' }, form);
    const say = (text, state, code = '') => {
        status.textContent = text;
        status.dataset.state = state;
        status.dataset.code = code;
        status.setAttribute('role', state === 'error' ? 'alert' : 'status');
    };
    close.addEventListener('click', () => dialog.close());
    form.addEventListener('submit', async (ev) => {
        ev.preventDefault();
        const text = reason.value.trim();
        if (text.length === 0) {
            say('Say in a few words why.', 'error', 'bad_request');
            return;
        }
        // The server counts bytes (200): a reason with accents may need fewer letters.
        if (new TextEncoder().encode(text).length > REASON_MAX) {
            say(`At most ${REASON_MAX} bytes: letters with accents count two. Shorten it a little.`, 'error', 'bad_request');
            return;
        }
        send.disabled = true;
        say('Sending\u2026', 'sending');
        try {
            await busy(() => client.request('report', { game, reason: text }));
            say('Reported, thank you.', 'ok');
            send.hidden = true;
            reason.disabled = true;
            close.textContent = 'Close';
        } catch (err) {
            say(reportErrorText(err), 'error', err.code ?? '');
        } finally {
            send.disabled = false;
        }
    });
    const button = h('button', { type: 'button', id: 'report-open', class: 'small report-button', text: 'Report',
                                 'aria-haspopup': 'dialog', on: { click: () => {
                                     if (!reason.disabled) say('', '');
                                     dialog.showModal();
                                     reason.focus();
                                 } } });
    return h('div', { class: 'buttons report-action' }, button,
             h('span', { class: 'muted', text: 'Something wrong with this result? Tell the moderators.' }), dialog);
}
