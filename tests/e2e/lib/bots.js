// Other players for the boards: each opens its own WebSocket from inside a page (node 20 has no
// WebSocket of its own), registers, plays the day's challenge for a few legal plays and resigns,
// so the daily leaderboard fills with different scores.

/**
 * Puts window.pinfallBotConnect in the page: opens a WebSocket to the page's server and resolves
 * with {ws, request(type, fields)}, request resolving with the reply to its id (rejecting on an
 * error reply). page.evaluate cannot carry functions, so the bots find it there.
 */
async function installConnect(page) {
    await page.evaluate(() => {
        window.pinfallBotConnect = function connect() {
            return new Promise((resolve, reject) => {
                const ws = new WebSocket(`ws://${location.host}/ws`);
                let id = 0;
                const waiting = new Map();
                ws.onmessage = (ev) => {
                    const msg = JSON.parse(ev.data);
                    const w = waiting.get(msg.re);
                    if (!w) return;
                    waiting.delete(msg.re);
                    if (msg.type === 'error') w.reject(new Error(`${msg.code}: ${msg.message}`));
                    else w.resolve(msg);
                };
                const request = (type, fields = {}) => new Promise((res, rej) => {
                    id++;
                    waiting.set(id, { resolve: res, reject: rej });
                    ws.send(JSON.stringify({ type, id, ...fields }));
                });
                ws.onopen = () => resolve({ ws, request });
                ws.onerror = () => reject(new Error('bot could not connect'));
            });
        };
    });
}

/**
 * Registers `names` as players who each finish today's daily attempt; player i makes i + 1
 * plays before resigning. Resolves with [{name, game, score}].
 */
export async function botsPlayDaily(page, names) {
    await installConnect(page);
    return page.evaluate(async (names) => {
        const connect = window.pinfallBotConnect;
        const out = [];
        for (const [i, name] of names.entries()) {
            const { ws, request } = await connect();
            await request('hello', { version: 1 });
            await request('register', { name });
            let msg = await request('daily_start');
            for (let plays = 0; plays <= i; plays++) {
                const pile = msg.legal.findIndex((groups) => groups.length > 0);
                if (pile < 0) break;
                msg = await request('play', { game: msg.game, pile: pile + 1, pins: msg.legal[pile][0] });
            }
            const over = await request('resign', { game: msg.game });
            out.push({ name, game: msg.game, score: over.events.at(-1).score });
            ws.close();
        }
        return out;
    }, names);
}

/**
 * A running league made over raw WebSockets from inside the page: names[0] registers and
 * creates it (bowling in it too, starting on `startDate`), the others register and join with
 * its invite code, and the season starts. Resolves with {league, tokens: {name: token}}.
 */
export async function botsLeague(page, names, startDate) {
    await installConnect(page);
    return page.evaluate(async ({ names, startDate }) => {
        const connect = window.pinfallBotConnect;
        const tokens = {};
        const sockets = [];
        let secretary = null;
        let league = null;
        for (const [i, name] of names.entries()) {
            const bot = await connect();
            sockets.push(bot.ws);
            await bot.request('hello', { version: 1 });
            tokens[name] = (await bot.request('register', { name })).token;
            if (i === 0) {
                secretary = bot;
                league = await bot.request('league_create', { name: 'Phone League', rounds: 3, start_date: startDate,
                                                              secretary_bowls: true });
            } else {
                await bot.request('league_join', { code: league.invite_code });
            }
        }
        await secretary.request('league_secretary', { league: league.league, action: 'start_season' });
        for (const ws of sockets) ws.close();
        return { league: league.league, tokens };
    }, { names, startDate });
}
