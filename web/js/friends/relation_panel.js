// Follow / Unfollow and Block / Unblock on another player's profile, from `profile.relation`
// (docs/protocol.md "Friends and the inbox"): each button sends its request and the panel is
// drawn again from the `relation` answered. A visitor without a ranked identity (relation
// null) is told what following needs. Blocking takes a second click (it removes both follows).

import { busy, h } from '../dom.js';
import { friendWords, relationText } from './friend_text.js';

/**
 * The panel for `player` ({id, name}), or null on a server that sends no relation.
 * relation: profile.relation (null without a ranked identity).
 */
export function relationPanel(client, messages, player, relation) {
    if (relation === undefined) return null;
    const box = h('div', { class: 'card-panel relation-panel', id: 'profile-relation' });
    if (relation === null) {
        box.append(h('p', { id: 'relation-text' }, `To follow ${player.name} and compare your dailies, `,
                        h('a', { href: '#/account', text: 'register or log in' }), ', or ',
                        h('a', { href: '#/daily', text: 'play today\u2019s daily' }), ' as a guest first.'));
        return box;
    }
    draw(box, client, messages, player, relation);
    return box;
}

function draw(box, client, messages, player, rel) {
    const act = async (type) => {
        messages.clearError();
        try {
            const reply = await busy(() => client.request(type, { player: player.id }));
            draw(box, client, messages, player, reply);
            box.querySelector(`#${type === 'block' || type === 'unblock' ? 'block' : 'follow'}-button`)?.focus();
        } catch (err) {
            messages.error(err, friendWords(err));
        }
    };
    const follow = rel.blocked ? null
        : h('button', { type: 'button', id: 'follow-button', class: rel.following ? '' : 'primary',
                        'aria-pressed': String(rel.following), text: rel.following ? 'Unfollow' : rel.follower ? 'Follow back' : 'Follow',
                        on: { click: () => act(rel.following ? 'unfollow' : 'follow') } });
    const block = h('button', { type: 'button', id: 'block-button', class: 'danger', 'aria-pressed': String(rel.blocked),
                                text: rel.blocked ? 'Unblock' : 'Block' });
    block.addEventListener('click', () => {
        if (rel.blocked) return act('unblock');
        // A block removes both follows: the second click does it.
        if (!block.classList.contains('confirm')) {
            block.classList.add('confirm');
            block.textContent = `Block ${player.name}: press again`;
            return undefined;
        }
        return act('block');
    });
    box.dataset.following = String(rel.following);
    box.dataset.follower = String(rel.follower);
    box.dataset.friend = String(rel.friend);
    box.dataset.blocked = String(rel.blocked);
    box.replaceChildren(
        h('p', { id: 'relation-text', class: rel.friend ? 'strong' : '', text: relationText(rel, player.name) }),
        h('div', { class: 'buttons' }, follow, block),
        rel.blocked ? null : h('p', { class: 'muted small-print', text: 'Blocking removes the follows both ways; they cannot ' +
            'follow you, and nothing of theirs reaches your inbox.' }));
}
