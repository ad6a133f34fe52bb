// The Friends page (#/friends): the players you follow, who follow you, the friends among them
// (you follow each other) and whom you block, each a link to the profile (Unfollow, Follow
// back, Unblock beside them); follow a player by name; your invite link with its QR code and
// Copy (`friend_invite`, "Make a new link" renews it). An invite link, #/friends/add/TOKEN,
// follows its owner and says so. It needs a ranked identity (logged in, or a guest that played
// the daily): without one the page says so, and the token is kept (localStorage
// pinfall.friendInvite) and followed the next time the Friends page opens with one.

import { busy, copyText, fillScreen, formatWhen, h } from '../dom.js';
import { qrSvg } from '../lanes/lane_qr.js';
import { setTitle } from '../router.js';
import { FOLLOW_LIMIT, friendWords, relationText } from './friend_text.js';

export const PENDING_INVITE_KEY = 'pinfall.friendInvite';

/** The address that follows the owner of `invite`. */
export function inviteLink(invite) {
    return `${location.origin}/#/friends/add/${encodeURIComponent(invite)}`;
}

export class FriendsView {
    constructor(el, client, messages) {
        this.el = el;
        this.client = client;
        this.messages = messages;
        this.result = null;  // the panel saying what an invite or a follow by name did
        this.data = null;    // the last `friends` reply
    }

    /** params.invite: the token of an invite link, or null for the page itself. */
    async show({ invite = null } = {}) {
        this.result = null;
        const token = invite ?? localStorage.getItem(PENDING_INVITE_KEY);
        if (token) {
            const done = await this.#followInvite(token, invite !== null);
            if (!done) return;
        }
        await this.#load();
    }

    /** Follows an invite's owner; false when the page was drawn instead (no ranked identity). */
    async #followInvite(token, fromLink) {
        let rel;
        try {
            rel = await busy(() => this.client.request('follow', { invite: token }));
        } catch (err) {
            if (err.code === 'login_required') {
                localStorage.setItem(PENDING_INVITE_KEY, token);
                this.#needIdentity(true);
                return false;
            }
            // A refusal is final for this token: it is not tried again.
            localStorage.removeItem(PENDING_INVITE_KEY);
            this.result = h('div', { class: 'card-panel notice', id: 'friend-add-result', data: { code: err.code } },
                            h('h3', { text: fromLink ? 'The invite link' : 'The invite link you opened earlier' }),
                            h('p', { text: friendWords(err) ?? err.message }));
            return true;
        }
        localStorage.removeItem(PENDING_INVITE_KEY);
        const p = rel.player;
        this.result = h('div', { class: 'card-panel notice', id: 'friend-add-result', data: { player: p.id, friend: rel.friend } },
                        h('h3', {}, 'You follow ', h('a', { href: `#/profile/${p.id}`, text: p.name }), ' now'),
                        h('p', { text: rel.friend ? `${p.name} follows you too: you are friends.`
                            : `Once ${p.name} follows you too, you are friends.` }),
                        h('p', { class: 'muted', text: `${p.name}'s results are on your Friends boards now.` }));
        return true;
    }

    #needIdentity(invited) {
        fillScreen(this.el, h('h2', { text: 'Friends' }),
                   h('div', { class: 'card-panel', id: 'friends-need-identity' },
                     invited ? h('p', { class: 'lead', text: 'Someone invited you to follow them.' }) : null,
                     h('p', { text: 'Following players needs an account or a played daily: register or log in, or play ' +
                         'today\u2019s daily as a guest. Then open the Friends page again' +
                         (invited ? ': this invite is kept and followed then.' : '.') }),
                     h('div', { class: 'buttons' },
                       h('a', { class: 'button-link primary', href: '#/account', id: 'friends-register', text: 'Register or log in' }),
                       h('a', { class: 'button-link', href: '#/daily', id: 'friends-daily', text: 'Play today\u2019s daily' }))));
    }

    async #load() {
        let data;
        try {
            data = await busy(() => this.client.request('friends'));
        } catch (err) {
            if (err.code === 'login_required') {
                this.#needIdentity(false);
                return;
            }
            fillScreen(this.el, h('h2', { text: 'Friends' }), this.result);
            this.messages.error(err, friendWords(err));
            return;
        }
        this.data = data;
        this.#render();
    }

    #render() {
        const d = this.data;
        setTitle('Friends');
        const limit = d.follow_limit ?? FOLLOW_LIMIT;
        const following = new Set(d.following.map((e) => e.player.id));
        fillScreen(this.el,
                   h('h2', { text: 'Friends' }),
                   this.result,
                   h('p', { class: 'intro', text: 'Follow players to see them on your Friends board and hear when they ' +
                       'pass your daily score. Two players who follow each other are friends.' }),
                   h('div', { class: 'friends-grid' },
                     this.#list('friends', 'Friends', d.friends, 'None yet: friends are players who follow you back.'),
                     this.#list('following', `You follow (${d.following_total ?? d.following.length} of at most ${limit})`,
                                d.following, 'Nobody yet: follow players from their profile, by name or with their link.',
                                (e) => this.#button('Unfollow', 'unfollow', e.player)),
                     this.#list('followers', `Your followers (${d.followers_total ?? d.followers.length})`, d.followers,
                                'Nobody yet: share your invite link.',
                                (e) => (following.has(e.player.id) ? null : this.#button('Follow back', 'follow', e.player, true)),
                                d.followers_total > d.followers.length ? `The newest ${d.followers.length} are listed.` : null),
                     this.#list('blocked', 'Blocked', d.blocked, 'Nobody.', (e) => this.#button('Unblock', 'unblock', e.player))),
                   h('div', { class: 'friends-grid' }, this.#byName(), this.#invite(d.invite)));
    }

    #list(id, title, entries, empty, action = () => null, note = null) {
        return h('section', { class: 'card-panel friends-list', id: `${id}-panel`, 'aria-labelledby': `${id}-title` },
                 h('h3', { id: `${id}-title`, text: title }),
                 entries.length === 0 ? h('p', { class: 'muted', text: empty })
                     : h('ul', { id: `${id}-list`, class: 'people' }, ...entries.map((e) => h('li', { data: { player: e.player.id } },
                         h('span', { class: 'who' },
                           h('a', { href: `#/profile/${e.player.id}`, text: e.player.name }), ' ',
                           e.since ? h('span', { class: 'muted since', text: `since ${formatWhen(e.since)}` }) : null),
                         action(e)))),
                 note ? h('p', { class: 'muted small-print', text: note }) : null);
    }

    #button(text, type, player, primary = false) {
        return h('button', { type: 'button', class: `small${primary ? ' primary' : ''}`, data: { action: type },
                             'aria-label': `${text} ${player.name}`, text,
                             on: { click: () => this.#act(type, { player: player.id }) } });
    }

    /** A follow, unfollow or unblock from the lists; the lists are read again after it. */
    async #act(type, fields) {
        this.messages.clearError();
        try {
            await busy(() => this.client.request(type, fields));
        } catch (err) {
            this.messages.error(err, friendWords(err));
            return false;
        }
        await this.#load();
        return true;
    }

    #byName() {
        const input = h('input', { id: 'follow-name', type: 'text', required: true, maxlength: 40, autocomplete: 'off',
                                   spellcheck: 'false', placeholder: 'Ann Lee', 'aria-label': 'Player name' });
        return h('form', { id: 'follow-name-form', class: 'card-panel form-stack',
                           on: { submit: (ev) => this.#followName(ev, input) } },
                 h('h3', { text: 'Follow a player by name' }),
                 h('div', { class: 'inline-form' }, input,
                   h('button', { type: 'submit', id: 'follow-name-button', class: 'primary', text: 'Follow' })),
                 h('p', { id: 'follow-name-result', role: 'status' }));
    }

    async #followName(ev, input) {
        ev.preventDefault();
        this.messages.clearError();
        const name = input.value.trim();
        if (!name) return;
        let rel;
        try {
            rel = await busy(() => this.client.request('follow', { name }));
        } catch (err) {
            const words = err.code === 'unknown_player' ? `No player is called \u201c${name}\u201d.` : friendWords(err);
            this.messages.error(err, words);
            return;
        }
        const p = rel.player;
        this.result = h('div', { class: 'card-panel notice', id: 'friend-add-result', data: { player: p.id, friend: rel.friend } },
                        h('p', {}, h('a', { href: `#/profile/${p.id}`, text: p.name }), ': ', relationText(rel, p.name)));
        await this.#load();
    }

    #invite(invite) {
        const box = h('section', { class: 'card-panel invite-panel', id: 'invite-panel', 'aria-labelledby': 'invite-title' },
                      h('h3', { id: 'invite-title', text: 'Your invite link' }));
        if (!invite) {
            box.append(h('p', { class: 'muted', text: 'No invite link yet.' }));
            return box;
        }
        const url = inviteLink(invite);
        const status = h('span', { id: 'invite-copied', class: 'muted', role: 'status' });
        const renew = h('button', { type: 'button', id: 'invite-renew', class: 'small', text: 'Make a new link' });
        renew.addEventListener('click', async () => {
            // The old link stops working: the second click makes the new one.
            if (!renew.classList.contains('confirm')) {
                renew.classList.add('confirm');
                renew.textContent = 'The old link stops working: press again';
                return;
            }
            this.messages.clearError();
            try {
                const reply = await busy(() => this.client.request('friend_invite', { renew: true }));
                this.data = { ...this.data, invite: reply.invite };
            } catch (err) {
                this.messages.error(err, friendWords(err));
                return;
            }
            this.#render();
            this.el.querySelector('#invite-copy')?.focus();
        });
        box.dataset.url = url;
        box.append(
            h('p', { class: 'muted', text: 'Whoever opens it follows you (and you see them among your followers). ' +
                'Show the code to a phone\u2019s camera, or send the link.' }),
            h('div', { class: 'qr-art invite-qr', id: 'invite-qr' }, qrSvg(url)),
            h('p', { class: 'invite-url' }, h('a', { id: 'invite-link', href: url, text: url })),
            h('div', { class: 'buttons' },
              h('button', { type: 'button', id: 'invite-copy', class: 'primary', text: 'Copy the link',
                            on: { click: async () => {
                                status.textContent = (await copyText(url)) ? 'Copied.' : 'Your browser refused: copy the link above by hand.';
                            } } }),
              renew),
            status);
        return box;
    }
}

