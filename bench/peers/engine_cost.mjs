// The CPU cost of the browser's engine alone, as the same-work peers use it (practice.mjs), with
// no server and no network: the floor under the Colyseus room's and the boardgame.io server's
// CPU per action, which bench/server.sh prints next to them.
//
// Usage: node bench/peers/engine_cost.mjs [games]   (default 2000)
// Plays `games` practice games (sackson, fixed seeds, random legal plays: the load generator's
// games) and prints one line "RESULT games=.. actions=.. actions_per_game=.. deal_us_per_game=..
// deal_us_per_action=.. play_us_per_action=.. engine_us_per_action=.." on stdout: process CPU
// time (user + system) of dealAll (the 12 deals of a seed), and of Practice.act + visible (the
// play, its validation and the state the player may see) per action.
import { Practice, dealAll, seedFor } from './practice.mjs';

const games = Number(process.argv[2] || 2000);
const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;  // microseconds
};
let a = 0x9e3779b9;  // xorshift32: the choices of the plays
const random = () => {
    a ^= a << 13; a >>>= 0;
    a ^= a >>> 17;
    a ^= a << 5; a >>>= 0;
    return a / 4294967296;
};

// Warm up (JIT), not counted.
for (let g = 0; g < 50; g++) await dealAll(seedFor('warm', g));

let actions = 0;
let dealUs = 0;
let playUs = 0;
for (let g = 0; g < games; g++) {
    const seed = seedFor('engine-cost', g);
    let t = cpu();
    const deals = await dealAll(seed);
    dealUs += cpu() - t;
    t = cpu();
    const p = new Practice('sackson', seed, deals);
    let v = p.visible();
    while (!v.state.over) {
        const plays = v.state.legal.flatMap((groups, i) => groups.map((pins) => ({ pile: i + 1, pins })));
        const req = plays.length === 0 ? { type: 'stop' }
            : { type: 'play', ...plays[Math.floor(random() * plays.length)] };
        const error = p.act(req);
        if (error) throw new Error(`engine_cost: ${error}`);
        v = p.visible();
        actions++;
    }
    playUs += cpu() - t;
}
const f = (x) => x.toFixed(2);
process.stdout.write(`RESULT games=${games} actions=${actions} actions_per_game=${f(actions / games)} ` +
    `deal_us_per_game=${f(dealUs / games)} deal_us_per_action=${f(dealUs / actions)} ` +
    `play_us_per_action=${f(playUs / actions)} engine_us_per_action=${f((dealUs + playUs) / actions)}\n`);
