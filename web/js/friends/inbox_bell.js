// The top bar's bell: the inbox's unread count, and the way to the inbox (#/inbox). It shows
// for a ranked identity only (logged in, or a guest that played the daily): after every
// welcome and login the page asks `inbox` for one notice, whose `unread` is the count; each
// `notice` push carries the count after it, and so does every `inbox_read` answer (the inbox
// page hands those here). `login_required` hides the bell; any other failure (a timeout)
// leaves it as it was. A new notice is also said to screen readers (#inbox-live).

import { noticeText } from './friend_text.js';

export class InboxBell {
    /** bell: the top bar's #inbox-bell link (with #inbox-count inside); live: a role=status line. */
    constructor(client, bell, live) {
        this.client = client;
        this.bell = bell;
        this.count = bell.querySelector('#inbox-count');
        this.live = live;
        this.unread = null;  // null: no inbox (no ranked identity, or not known yet)
        this.asked = 0;      // the latest refresh's number: an older answer never overwrites a newer
        this.listeners = [];
    }

    /** fn(notice push) on every `notice` (the inbox page adds the notice to its list). */
    onNotice(fn) {
        this.listeners.push(fn);
    }

    /** Asks the server for the unread count; resolves with it, or null without an inbox. */
    async refresh() {
        const n = ++this.asked;
        try {
            const page = await this.client.request('inbox', { limit: 1 });
            if (n === this.asked) this.set(page.unread);
        } catch (err) {
            if (n === this.asked && ['login_required', 'banned', 'unknown_type', 'bad_request'].includes(err.code)) this.set(null);
        }
        return this.unread;
    }

    /** Shows the count (0: the bell without a number; null: no bell). */
    set(unread) {
        this.unread = Number.isInteger(unread) ? unread : null;
        this.bell.hidden = this.unread === null;
        this.bell.dataset.unread = String(this.unread ?? '');
        this.count.hidden = !this.unread;
        this.count.textContent = this.unread > 99 ? '99+' : String(this.unread ?? 0);
        this.bell.setAttribute('aria-label', !this.unread ? 'Inbox: no unread notices'
            : `Inbox: ${this.unread} unread notice${this.unread === 1 ? '' : 's'}`);
        this.bell.title = this.bell.getAttribute('aria-label');
    }

    /** A `notice` push: the count it carries, the words said, the listeners told. */
    apply(push) {
        if (push?.type !== 'notice' || !push.notice) return;
        this.set(Number.isInteger(push.unread) ? push.unread : (this.unread ?? 0) + 1);
        this.live.textContent = `New notice: ${noticeText(push.notice)}`;
        this.bell.classList.remove('ring');
        void this.bell.offsetWidth;  // restarts the animation for a second notice
        this.bell.classList.add('ring');
        for (const fn of this.listeners) fn(push);
    }
}
