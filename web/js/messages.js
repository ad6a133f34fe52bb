// The two message areas of the page: errors (role=alert, the server's words, never swallowed)
// and announcements (strike, spare, open frame; role=status).

export class Messages {
    constructor(errorEl, announceEl) {
        this.errorEl = errorEl;
        this.announceEl = announceEl;
    }

    /** Shows an error in words; a ServerError's code is kept on the element for tests. */
    error(err) {
        const text = typeof err === 'string' ? err : err.message || String(err);
        this.errorEl.textContent = text;
        this.errorEl.dataset.code = err?.code ?? '';
        this.errorEl.hidden = false;
        // Restart the shake so a repeated error is noticed too.
        this.errorEl.classList.remove('shake');
        void this.errorEl.offsetWidth;
        this.errorEl.classList.add('shake');
    }

    clearError() {
        this.errorEl.hidden = true;
        this.errorEl.textContent = '';
        this.errorEl.dataset.code = '';
    }

    /** kind: "strike", "spare", "open", "info" or "over". */
    announce(text, kind = 'info') {
        const el = this.announceEl;
        el.textContent = text;
        el.className = `announce ${kind}`;
        if (kind === 'strike' || kind === 'spare') {
            void el.offsetWidth;
            el.classList.add('pop');
        }
    }
}
