// The installable app's page side (issue 30): registers the service worker (sw.js: the app
// shell for offline use, the reminders' notifications) and takes a new version when one comes.
// A new shell takes over at once (the worker's skipWaiting and clients.claim); a page that was
// already run by an older one reloads on the change, so the visit shows the new version,
// unless the player is in the middle of a game: that page keeps running and the next visit
// opens the new one. body[data-sw] says how far it got ("registered", "controlled"), for tests.

/** The service worker's registration once made (null where the browser has none). */
let registration = null;

/**
 * midGame(): true while reloading would interrupt a game. Resolves with the registration, or
 * null where service workers are not available (an old browser, a page not served over
 * HTTPS or from localhost).
 */
export async function installServiceWorker({ midGame = () => false } = {}) {
    if (!('serviceWorker' in navigator)) return null;
    const sw = navigator.serviceWorker;
    const hadController = Boolean(sw.controller);
    let reloading = false;
    sw.addEventListener('controllerchange', () => {
        document.body.dataset.sw = 'controlled';
        if (!hadController || reloading) return;  // the first install: this page is already current
        if (midGame()) {
            document.body.dataset.swUpdate = 'next-visit';
            return;
        }
        reloading = true;
        location.reload();
    });
    try {
        registration = await sw.register('sw.js');
    } catch {
        return null;  // the app works without it, only not offline
    }
    document.body.dataset.sw = sw.controller ? 'controlled' : 'registered';
    return registration;
}

/** The registration, waiting for the worker to be active (push needs an active one). */
export async function activeRegistration() {
    if (!('serviceWorker' in navigator)) return null;
    if (!registration) {
        try {
            registration = await navigator.serviceWorker.register('sw.js');
        } catch {
            return null;
        }
    }
    return navigator.serviceWorker.ready;
}
