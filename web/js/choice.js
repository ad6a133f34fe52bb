// What the player has picked for the next play: one ball pile and some pins, and the hints
// derived from the legal plays (docs/protocol.md, "Legal plays") for that pick.

export class Choice {
    constructor() {
        this.pile = null;
        this.pins = new Set();
    }

    reset() {
        this.pile = null;
        this.pins.clear();
    }

    /** Picks a pile (the pins picked stay picked). */
    choosePile(pile) {
        this.pile = pile;
    }

    /** Toggles a pin; a pin that is down cannot be picked. Returns false when refused. */
    togglePin(pin, state) {
        if (state.pins[pin - 1] === null) return false;
        if (this.pins.has(pin)) this.pins.delete(pin);
        else this.pins.add(pin);
        return true;
    }

    /** Drops picks that no longer make sense for the state (pins down, emptied pile). */
    fit(state) {
        for (const pin of [...this.pins]) if (state.pins[pin - 1] === null) this.pins.delete(pin);
        if (this.pile !== null && state.piles[this.pile - 1].up === null) this.pile = null;
    }

    sortedPins() {
        return [...this.pins].sort((a, b) => a - b);
    }

    /** True when the pick (a pile and its pins) is one of the legal plays the server sent. */
    isLegal(state) {
        if (this.pile === null || this.pins.size === 0) return false;
        const pins = this.sortedPins();
        return state.legal[this.pile - 1].some((g) => g.length === pins.length && g.every((p, i) => p === pins[i]));
    }

    /** The legal groups of the chosen pile that hold every picked pin. */
    groups(state) {
        if (this.pile === null) return [];
        return state.legal[this.pile - 1].filter((g) => [...this.pins].every((p) => g.includes(p)));
    }

    /** Pins to highlight: every pin of a group that still fits the pick. */
    hintPins(state) {
        return new Set(this.groups(state).flat());
    }

    /** Piles to highlight: those with at least one legal play. */
    static hintPiles(state) {
        const piles = new Set();
        state.legal.forEach((groups, i) => {
            if (groups.length > 0) piles.add(i + 1);
        });
        return piles;
    }
}
