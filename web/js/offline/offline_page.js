// The part of the "server cannot be reached" page that works without it (issue 30): practice
// in this browser (offline, unranked, never sent to the server), resuming the offline game kept
// here, and, when the address asked for a page that needs the server, a line that says so in
// words: the daily challenge, leagues and arenas are ranked play. Hidden for a banned account
// (connection_banner.js gives that page its own words).

const NEEDS_SERVER = {
    daily: 'The daily challenge is ranked: it needs the server.',
    leagues: 'Leagues are ranked play: they need the server.',
    league: 'Leagues are ranked play: they need the server.',
    arenas: 'Arenas are ranked play: they need the server.',
    arena: 'Arenas are ranked play: they need the server.',
    settings: 'Settings are kept on the server: they open once it is back.',
};
const READS_SERVER = 'That page is read from the server: it opens once the server is back.';
const RANKED = 'The daily challenge, leagues and arenas are ranked: they need the server.';

export class OfflinePage {
    /** local: LocalGames; practice(): starts an offline game; resume(id): opens the kept one. */
    constructor(local, { practice, resume }) {
        const $ = (id) => document.getElementById(id);
        this.local = local;
        this.el = { panel: $('offline-play'), need: $('offline-need'), practice: $('offline-practice'),
                    resume: $('offline-resume') };
        this.el.practice.addEventListener('click', () => practice());
        this.el.resume.addEventListener('click', () => {
            const id = this.local.storedGame();
            if (id !== null) resume(id);
        });
    }

    /** Fills the panel; screen: the page the address asked for ("start" for none). */
    show(screen) {
        const banned = document.body.dataset.conn === 'banned';
        this.el.panel.hidden = banned;
        if (banned) return;
        const asked = ['start', 'play', 'offline'].includes(screen) ? null : NEEDS_SERVER[screen] ?? READS_SERVER;
        this.el.need.textContent = asked ?? RANKED;
        this.el.need.dataset.screen = screen;
        const kept = this.local.storedSummary();
        this.el.resume.hidden = !kept || kept.over;
    }
}
