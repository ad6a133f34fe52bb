// The top bar on a phone: one row (menu button, name, account, connection dot), the pages'
// links folded into a menu the button opens. On a wide screen the links sit in the bar and the
// button is hidden by the stylesheet; this module only keeps aria-expanded and the open state.

/** Wires #nav-toggle to #nav: opens and closes it, and closes it on navigation or Escape. */
export function installTopBar() {
    const toggle = document.getElementById('nav-toggle');
    const nav = document.getElementById('nav');
    const set = (open) => {
        toggle.setAttribute('aria-expanded', String(open));
        nav.classList.toggle('open', open);
    };
    toggle.addEventListener('click', () => set(toggle.getAttribute('aria-expanded') !== 'true'));
    nav.addEventListener('click', (ev) => {
        if (ev.target.closest('a')) set(false);
    });
    document.addEventListener('keydown', (ev) => {
        if (ev.key === 'Escape' && nav.classList.contains('open')) {
            set(false);
            toggle.focus();
        }
    });
    // A tap anywhere else closes the menu, as native menus do.
    document.addEventListener('click', (ev) => {
        if (nav.classList.contains('open') && !ev.target.closest('#nav, #nav-toggle')) set(false);
    });
    window.addEventListener('hashchange', () => set(false));
}
