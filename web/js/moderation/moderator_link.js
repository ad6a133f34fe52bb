// Whether the player is a moderator, and so whether the top bar links the Moderation page. No
// message says it, and the role may be granted or revoked at any time from the server's command
// line; so after every welcome and every login the page asks for the first line of the review
// queue once: an answer means a moderator (the link shows), `forbidden` means not (it hides).
// Any other failure (a timeout) leaves the link as it was. Guests are never moderators.

export class ModeratorLink {
    /** link: the top bar's Moderation link (hidden until the role is known). */
    constructor(client, link) {
        this.client = client;
        this.link = link;
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
        this.link.hidden = !on;
        document.body.dataset.moderator = String(on);
    }
}
