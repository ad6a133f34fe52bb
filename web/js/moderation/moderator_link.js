// Whether the player is a moderator, and so whether the top bar links the Moderation page. No
// message says it, and the role may be granted or revoked at any time from the server's command
// line; so after every welcome and every login the page asks for the first line of the review
// queue once: an answer means a moderator (the link shows), `forbidden` means not (it hides).
// Any other failure (a timeout) leaves the link as it was. Guests are never moderators. The link
// exists only for moderators: everyone else's menu stays as it was.

export class ModeratorLink {
    /** nav: the top bar's links, which gain "Moderation" (#nav-moderation) for a moderator. */
    constructor(client, nav) {
        this.client = client;
        this.nav = nav;
        this.link = null;
        this.moderator = false;
        this.asked = 0;  // the latest probe's number: an older answer never overwrites a newer
    }

    /** Asks the server; resolves with true or false (the link shown or hidden). */
    async probe() {
        const n = ++this.asked;
        if (!this.client.player) {
            this.#set(false);
            return false;
        }
        try {
            await this.client.request('review_queue', { limit: 1 });
            if (n === this.asked) this.#set(true);
        } catch (err) {
            if (n === this.asked && (err.code === 'forbidden' || err.code === 'banned')) this.#set(false);
        }
        return this.moderator;
    }

    #set(on) {
        this.moderator = on;
        document.body.dataset.moderator = String(on);
        if (on && !this.link) {
            this.link = document.createElement('a');
            this.link.id = 'nav-moderation';
            this.link.href = '#/moderation';
            this.link.dataset.nav = 'moderation';
            this.link.textContent = 'Moderation';
            // The page may be shown already (a reload on #/moderation): mark it as router.js does.
            if (document.body.dataset.screen === 'moderation') this.link.setAttribute('aria-current', 'page');
            // Before Settings, which stays the menu's last link.
            this.nav.insertBefore(this.link, this.nav.querySelector('[data-nav="settings"]'));
        } else if (!on && this.link) {
            this.link.remove();
            this.link = null;
        }
    }
}
