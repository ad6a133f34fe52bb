// A guest's ranked identity (docs/rules.md and docs/protocol.md "Guests and the daily"): a
// visitor who is not signed in may play the daily as a guest; the server then makes a player
// named guest-xxxx for this browser's guest token. The page learns that name from `profile`
// (which answers such a guest as if logged in) and shows it on the top bar's chip and the daily
// page, so the guest knows which line on the board is theirs. Registering later turns that
// identity into the account, its games included (the server does it).

/** The guest's identity {id, name}, or null (logged in, or a guest who never played the daily). */
export async function guestIdentity(client) {
    if (client.player) return null;
    try {
        const profile = await client.request('profile');
        return profile.player ?? null;
    } catch (err) {
        if (err.code === 'login_required') return null;  // no identity yet: nothing to show
        throw err;
    }
}

export class GuestName {
    /** account: the AccountView, whose chip shows the name. */
    constructor(client, account) {
        this.client = client;
        this.account = account;
        this.identity = null;
    }

    /** Asks the server again (after a welcome or a guest's daily start); never throws. */
    async refresh() {
        try {
            this.identity = await guestIdentity(this.client);
        } catch {
            return this.identity;  // a failed read keeps what was known; the chip stays as it was
        }
        this.account.setGuest(this.identity);
        return this.identity;
    }

    /** Forgets the identity (a login or a registration: the account's name is shown instead). */
    clear() {
        this.identity = null;
        this.account.setGuest(null);
    }
}
