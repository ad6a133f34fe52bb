// The account: the top bar's chip (who is logged in), and the account screen: register with a
// name, log in on this device with a token from another one, show the token, log out. The
// token is kept in localStorage by the protocol Client, which logs in on every connection.

import { busy, copyText, fillScreen, h } from './dom.js';

export class AccountView {
    constructor(el, chip, client, messages) {
        this.el = el;
        this.chip = chip;
        this.client = client;
        this.messages = messages;
        this.player = null;
    }

    /** The logged-in player ({id, name}) or null; updates the chip. */
    setPlayer(player) {
        this.player = player;
        this.chip.textContent = player ? player.name : 'Register';
        this.chip.dataset.player = player ? String(player.id) : '';
        this.chip.classList.toggle('logged-in', Boolean(player));
        this.chip.title = player ? `Logged in as ${player.name}` : 'Playing as a guest: register or log in';
        if (document.body.dataset.screen === 'account') this.render();
    }

    show() {
        this.render();
    }

    render() {
        const content = this.player ? this.#loggedIn() : this.#guest();
        fillScreen(this.el, ...content);
    }

    #guest() {
        const name = h('input', { id: 'register-name', name: 'name', type: 'text', required: true,
                                  autocomplete: 'nickname', maxlength: 40,
                                  placeholder: '3-24 letters, digits, spaces, _ or -' });
        const register = h('form', { id: 'register-form', class: 'card-panel form-stack',
                                     on: { submit: (ev) => this.#register(ev, name) } },
            h('h3', { text: 'Register' }),
            h('p', { class: 'muted', text: 'A name is all it takes. Registered players play the ' +
                'daily challenge, appear on the leaderboards and keep a profile. Practice games ' +
                'you start from now on are yours too.' }),
            h('label', { class: 'field', for: 'register-name', text: 'Your name' }),
            name,
            h('button', { type: 'submit', id: 'register-button', class: 'primary', text: 'Register' }));
        const token = h('input', { id: 'login-token', type: 'text', required: true,
                                   autocomplete: 'off', spellcheck: 'false',
                                   placeholder: 'the 43-character token' });
        const login = h('form', { id: 'login-form', class: 'card-panel form-stack',
                                  on: { submit: (ev) => this.#login(ev, token) } },
            h('h3', { text: 'Already registered on another device?' }),
            h('p', { class: 'muted', text: 'Paste the token shown on your account page there.' }),
            h('label', { class: 'field', for: 'login-token', text: 'Token' }),
            token,
            h('button', { type: 'submit', id: 'login-button', text: 'Log in' }));
        return [h('h2', { text: 'Your account' }),
                h('p', { id: 'account-status', class: 'intro', text: 'You are playing as a guest.' }),
                register, login];
    }

    #loggedIn() {
        const p = this.player;
        const tokenBox = h('code', { id: 'token-text', class: 'token', hidden: true });
        const copy = h('button', { type: 'button', id: 'copy-token', hidden: true, text: 'Copy' });
        const reveal = h('button', { type: 'button', id: 'show-token', text: 'Show my token' });
        reveal.addEventListener('click', () => {
            tokenBox.textContent = this.client.token ?? '';
            tokenBox.hidden = false;
            copy.hidden = false;
            reveal.hidden = true;
        });
        copy.addEventListener('click', async () => {
            copy.textContent = (await copyText(tokenBox.textContent)) ? 'Copied' : 'Select it and copy';
        });
        const logout = h('button', { type: 'button', id: 'logout', class: 'danger', text: 'Log out on this device' });
        logout.addEventListener('click', () => this.#logout(logout));
        return [
            h('h2', { text: 'Your account' }),
            h('p', { id: 'account-status', class: 'intro' }, 'Logged in as ',
              h('strong', { id: 'account-name', text: p.name }), ` (player ${p.id}).`),
            h('div', { class: 'card-panel form-stack' },
              h('h3', { text: 'Your token' }),
              h('p', { class: 'muted', text: 'The token is the key to your account: this browser ' +
                  'keeps it and logs in with it on every visit. Keep a copy to log in on another ' +
                  'device; whoever has it plays as you. It cannot be shown again once forgotten.' }),
              h('div', { class: 'buttons' }, reveal, tokenBox, copy)),
            h('div', { class: 'buttons' },
              h('a', { class: 'button-link', href: '#/profile', text: 'My profile' }),
              h('a', { class: 'button-link', href: '#/daily', text: 'Today\'s challenge' }),
              logout),
        ];
    }

    async #register(ev, input) {
        ev.preventDefault();
        this.messages.clearError();
        const button = ev.target.querySelector('button');
        button.disabled = true;
        try {
            await busy(() => this.client.register(input.value.trim()));
        } catch (err) {
            this.messages.error(err);
            input.focus();
        } finally {
            button.disabled = false;
        }
    }

    async #login(ev, input) {
        ev.preventDefault();
        this.messages.clearError();
        try {
            await busy(() => this.client.login(input.value.trim()));
        } catch (err) {
            this.messages.error(err);
        }
    }

    async #logout(button) {
        if (!button.classList.contains('confirm')) {
            button.classList.add('confirm');
            button.textContent = 'Forget the token here? Copy it first to come back.';
            return;
        }
        await busy(() => this.client.logout());
    }
}
