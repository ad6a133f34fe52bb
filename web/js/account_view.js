// The account: the top bar's chip (who is logged in), and the account screen: register with a
// name and an optional password (the token shown once, "save it"), log in by name and password
// or with a token from another device, show the token, change the password, log out other
// devices (token rotation), log out. The token is kept in localStorage by the protocol Client,
// which logs in on every connection; passwords are never stored by the browser page.

import { busy, copyText, fillScreen, h } from './dom.js';

export class AccountView {
    constructor(el, chip, client, messages) {
        this.el = el;
        this.chip = chip;
        this.client = client;
        this.messages = messages;
        this.player = null;
        this.guest = null;  // a guest's ranked identity {id, name} (guest_identity.js), or null
        this.shownOnce = null;  // {token, why}: a token to show once (registration, rotation)
    }

    /** The logged-in player ({id, name}) or null; updates the chip. */
    setPlayer(player) {
        if (player?.id !== this.player?.id) this.shownOnce = null;
        this.player = player;
        this.chip.textContent = player ? player.name : 'Register';
        this.chip.dataset.player = player ? String(player.id) : '';
        this.chip.classList.toggle('logged-in', Boolean(player));
        this.chip.title = player ? `Logged in as ${player.name}` : 'Playing as a guest: register or log in';
        this.setGuest(player ? null : this.guest);
    }

    /** A guest who played the daily: the chip shows its guest-xxxx name until it registers. */
    setGuest(identity) {
        this.guest = this.player ? null : identity;
        if (this.guest) {
            this.chip.textContent = this.guest.name;
            this.chip.title = `Playing as the guest ${this.guest.name}: register to keep your games under a name of your own`;
        }
        this.chip.dataset.guest = this.guest?.name ?? '';
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
        const password = passwordInput('register-password', 'new-password', false);
        const register = h('form', { id: 'register-form', class: 'card-panel form-stack',
                                     on: { submit: (ev) => this.#register(ev, name, password) } },
            h('h3', { text: 'Register' }),
            h('p', { class: 'muted', text: 'A name is all it takes. Registered players play the ' +
                'daily challenge, appear on the leaderboards and keep a profile. Practice games ' +
                'you start from now on are yours too.' }),
            h('label', { class: 'field', for: 'register-name', text: 'Your name' }),
            name,
            h('label', { class: 'field', for: 'register-password', text: 'Password (optional)' }),
            password,
            h('p', { class: 'muted', text: 'With a password you can log in by name on any device. ' +
                'Without one, your token (shown once after registering) is the only key.' }),
            h('button', { type: 'submit', id: 'register-button', class: 'primary', text: 'Register' }));
        const loginName = h('input', { id: 'login-name', type: 'text', required: true,
                                       autocomplete: 'username', maxlength: 40 });
        const loginPassword = passwordInput('login-password', 'current-password', true);
        const byPassword = h('form', { id: 'password-login-form', class: 'card-panel form-stack',
                                       on: { submit: (ev) => this.#loginWithPassword(ev, loginName, loginPassword) } },
            h('h3', { text: 'Log in with your name and password' }),
            h('label', { class: 'field', for: 'login-name', text: 'Name' }),
            loginName,
            h('label', { class: 'field', for: 'login-password', text: 'Password' }),
            loginPassword,
            h('button', { type: 'submit', id: 'password-login-button', text: 'Log in' }));
        const token = h('input', { id: 'login-token', type: 'text', required: true,
                                   autocomplete: 'off', spellcheck: 'false',
                                   placeholder: 'the 43-character token' });
        const login = h('form', { id: 'login-form', class: 'card-panel form-stack',
                                  on: { submit: (ev) => this.#login(ev, token) } },
            h('h3', { text: 'Or log in with a token' }),
            h('p', { class: 'muted', text: 'Paste the token shown on your account page on another device.' }),
            h('label', { class: 'field', for: 'login-token', text: 'Token' }),
            token,
            h('button', { type: 'submit', id: 'login-button', text: 'Log in' }));
        return [h('h2', { text: 'Your account' }),
                h('p', { id: 'account-status', class: 'intro', text: this.guest
                    ? `You are playing as the guest ${this.guest.name}. Registering keeps its daily games and results, under your new name.`
                    : 'You are playing as a guest.' }),
                register, byPassword, login];
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
            ...(this.shownOnce ? [this.#tokenOnce()] : []),
            h('div', { class: 'card-panel form-stack' },
              h('h3', { text: 'Your token' }),
              h('p', { class: 'muted', text: 'The token is the key to your account: this browser ' +
                  'keeps it and logs in with it on every visit. Keep a copy to log in on another ' +
                  'device; whoever has it plays as you. It cannot be shown again once forgotten.' }),
              h('div', { class: 'buttons' }, reveal, tokenBox, copy)),
            this.#passwordForm(),
            this.#otherDevices(),
            h('div', { class: 'buttons' },
              h('a', { class: 'button-link', href: '#/profile', text: 'My profile' }),
              h('a', { class: 'button-link', href: '#/daily', text: 'Today\'s challenge' }),
              logout),
        ];
    }

    /** The token just made (registration or rotation), shown once with "save it". */
    #tokenOnce() {
        const { token, why } = this.shownOnce;
        const copy = h('button', { type: 'button', id: 'copy-new-token', text: 'Copy' });
        copy.addEventListener('click', async () => {
            copy.textContent = (await copyText(token)) ? 'Copied' : 'Select it and copy';
        });
        const done = h('button', { type: 'button', id: 'token-saved', class: 'primary', text: 'I saved it' });
        done.addEventListener('click', () => {
            this.shownOnce = null;
            this.render();
        });
        return h('div', { id: 'token-once', class: 'card-panel form-stack notice' },
            h('h3', { text: 'Save your token' }),
            h('p', { text: why }),
            h('code', { id: 'new-token', class: 'token', text: token }),
            h('div', { class: 'buttons' }, copy, done));
    }

    #passwordForm() {
        const current = passwordInput('current-password', 'current-password', false);
        const next = passwordInput('new-password', 'new-password', true);
        const status = h('p', { id: 'password-status', class: 'muted', role: 'status' });
        const form = h('form', { id: 'password-form', class: 'card-panel form-stack',
                                 on: { submit: (ev) => this.#changePassword(ev, current, next, status) } },
            h('h3', { text: 'Password' }),
            h('p', { class: 'muted', text: 'Set or change the password you log in with by name. ' +
                'The current one is optional here (you are logged in), but checked when given.' }),
            h('label', { class: 'field', for: 'current-password', text: 'Current password (optional)' }),
            current,
            h('label', { class: 'field', for: 'new-password', text: 'New password (8-128 characters)' }),
            next,
            h('button', { type: 'submit', id: 'change-password-button', text: 'Save password' }),
            status);
        return form;
    }

    #otherDevices() {
        const button = h('button', { type: 'button', id: 'logout-others', class: 'danger',
                                     text: 'Log out other devices' });
        button.addEventListener('click', () => this.#logoutOthers(button));
        return h('div', { class: 'card-panel form-stack' },
            h('h3', { text: 'Other devices' }),
            h('p', { class: 'muted', text: 'Gives this account a new token: every other browser ' +
                'and terminal logged in as you is logged out, and old copies of the token stop ' +
                'working. This device stays logged in.' }),
            h('div', { class: 'buttons' }, button));
    }

    async #register(ev, input, password) {
        ev.preventDefault();
        this.messages.clearError();
        const button = ev.target.querySelector('button');
        button.disabled = true;
        try {
            const withPassword = password.value !== '';
            const reply = await busy(() => this.client.register(input.value.trim(), password.value));
            password.value = '';
            this.shownOnce = { token: reply.token, why: withPassword
                ? 'You can log in by name and password. The token is for the terminal client ' +
                  '(pinfall login); it is shown this once.'
                : 'This token is the only key to your account: without a password there is no ' +
                  'other way back if this browser forgets it. Save it somewhere safe now; it is ' +
                  'shown this once (later only from this browser).' };
            this.render();
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

    async #loginWithPassword(ev, name, password) {
        ev.preventDefault();
        this.messages.clearError();
        try {
            await busy(() => this.client.loginWithPassword(name.value.trim(), password.value));
        } catch (err) {
            this.messages.error(err);
        } finally {
            password.value = '';
        }
    }

    async #changePassword(ev, current, next, status) {
        ev.preventDefault();
        this.messages.clearError();
        status.textContent = '';
        try {
            await busy(() => this.client.changePassword(next.value, current.value));
            status.textContent = 'Password saved. Log in by name with it on any device.';
        } catch (err) {
            this.messages.error(err);
        } finally {
            current.value = '';
            next.value = '';
        }
    }

    async #logoutOthers(button) {
        if (!button.classList.contains('confirm')) {
            button.classList.add('confirm');
            button.textContent = 'Log out every other device? Click again.';
            return;
        }
        this.messages.clearError();
        try {
            const token = await busy(() => this.client.logoutOthers());
            this.shownOnce = { token, why: 'Every other device is logged out. This is your ' +
                'account\'s new token (old copies no longer work): save it for the terminal ' +
                'client or another device.' };
            this.render();
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

function passwordInput(id, autocomplete, required) {
    return h('input', { id, name: id, type: 'password', required, autocomplete,
                        minlength: 8, maxlength: 128 });
}
