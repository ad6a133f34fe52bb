// The inbox (#/inbox): the player's notices, newest first, each in words with its links
// (friend_text.js), unread ones marked; "Mark read" on one (`inbox_read` with `notice`) and
// "Mark all read" (`all`), each answer's unread count handed to the bell; older pages through
// `next_cursor` ("Older notices"). A `notice` push while the page is open puts the notice on top.

import { busy, fillScreen, formatWhen, h } from '../dom.js';
import { friendWords, noticeParts, noticeText } from './friend_text.js';

const PAGE = 20;

export class InboxView {
    /** bell: the top bar's InboxBell (its count follows every answer here). */
    constructor(el, client, messages, { bell }) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.bell = bell;
        this.notices = [];
        this.unread = 0;
        this.cursor = null;
        bell.onNotice((push) => this.#pushed(push));
    }

    async show() {
        this.notices = [];
        this.cursor = null;
        let page;
        try {
            page = await busy(() => this.client.request('inbox', { limit: PAGE }));
        } catch (err) {
            this.#noInbox(err);
            return;
        }
        this.#take(page);
        this.#render();
    }

    #noInbox(err) {
        if (err.code === 'login_required') {
            fillScreen(this.el, h('h2', { text: 'Inbox' }),
                       h('div', { class: 'card-panel', id: 'inbox-none' },
                         h('p', { text: 'Your inbox tells you when someone follows you, when a friend passes your ' +
                             'daily score, when a league round opens or closes and when an arena you joined starts. ' +
                             'It needs an account or a played daily.' }),
                         h('div', { class: 'buttons' },
                           h('a', { class: 'button-link primary', href: '#/account', text: 'Register or log in' }),
                           h('a', { class: 'button-link', href: '#/daily', text: 'Play today\u2019s daily' }))));
            return;
        }
        fillScreen(this.el, h('h2', { text: 'Inbox' }));
        this.messages.error(err, friendWords(err));
    }

    #take(page) {
        const known = new Set(this.notices.map((n) => n.id));
        this.notices.push(...page.notices.filter((n) => !known.has(n.id)));
        this.unread = page.unread;
        this.cursor = page.next_cursor ?? null;
        this.bell.set(this.unread);
    }

    #render() {
        if (document.body.dataset.screen !== 'inbox') return;
        const list = this.notices.length === 0
            ? h('p', { class: 'muted', id: 'inbox-empty', text: 'No notices yet. Follow players from their profiles or the ' +
                'Friends page: you hear when they pass your daily score, and when someone follows you.' })
            : h('ol', { class: 'inbox-list', id: 'inbox-list' }, ...this.notices.map((n) => this.#item(n)));
        fillScreen(this.el,
                   h('div', { class: 'inbox-head' },
                     h('h2', { text: 'Inbox' }),
                     h('p', { id: 'inbox-unread', class: 'muted', data: { unread: this.unread },
                              text: this.unread === 0 ? 'Everything is read.'
                                  : `${this.unread} unread notice${this.unread === 1 ? '' : 's'}.` }),
                     this.unread > 0 ? h('button', { type: 'button', id: 'inbox-read-all', text: 'Mark all read',
                                                      on: { click: () => this.#read({ all: true }) } }) : null),
                   list,
                   this.cursor !== null ? h('p', { class: 'buttons' },
                       h('button', { type: 'button', id: 'inbox-older', text: 'Older notices',
                                     on: { click: () => this.#older() } })) : null,
                   h('p', { class: 'muted small-print', text: 'Notices are kept for 30 days. ' }, h('a', { href: '#/friends', text: 'Your friends' })));
    }

    #item(n) {
        const parts = noticeParts(n).map((p) => (typeof p === 'string' ? p
            : h('a', { href: p.href, text: p.text, on: { click: () => { if (!n.read) this.#read({ notice: n.id }); } } })));
        return h('li', { class: `notice-item${n.read ? '' : ' unread'}`, data: { id: n.id, kind: n.kind, read: n.read },
                         'aria-label': `${n.read ? '' : 'Unread: '}${noticeText(n)}` },
                 h('p', { class: 'notice-text' }, n.read ? null : h('span', { class: 'new-badge', text: 'New' }), n.read ? null : ' ', ...parts),
                 h('p', { class: 'notice-meta' },
                   h('time', { class: 'muted', datetime: n.at, text: formatWhen(n.at) }),
                   n.read ? null : h('button', { type: 'button', class: 'small notice-read', text: 'Mark read',
                                                 'aria-label': `Mark read: ${noticeText(n)}`,
                                                 on: { click: () => this.#read({ notice: n.id }) } })));
    }

    async #read(fields) {
        this.messages.clearError();
        let reply;
        try {
            reply = await busy(() => this.client.request('inbox_read', fields));
        } catch (err) {
            this.messages.error(err, friendWords(err));
            return;
        }
        for (const n of this.notices) if (fields.all || n.id === fields.notice) n.read = true;
        this.unread = reply.unread;
        this.bell.set(this.unread);
        this.#render();
    }

    async #older() {
        this.messages.clearError();
        const before = this.notices.length;
        try {
            this.#take(await busy(() => this.client.request('inbox', { cursor: this.cursor, limit: PAGE })));
        } catch (err) {
            this.messages.error(err, friendWords(err));
            return;
        }
        this.#render();
        // The first older notice takes the focus the button had (the button may be gone).
        const first = this.el.querySelectorAll('.notice-item')[before];
        if (first) {
            first.tabIndex = -1;
            first.focus();
        }
    }

    /** A notice pushed while the inbox is open goes on top (pushes come newest last). */
    #pushed(push) {
        if (document.body.dataset.screen !== 'inbox') return;
        if (!this.notices.some((n) => n.id === push.notice.id)) this.notices.unshift(push.notice);
        this.notices.sort((a, b) => b.id - a.id);
        if (Number.isInteger(push.unread)) this.unread = push.unread;
        this.#render();
    }
}
