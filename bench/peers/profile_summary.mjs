// Where a same-work peer's main thread goes: sums the self time of V8 CPU profiles (node
// --cpu-prof, written by bench/server.sh's profiled runs) by what the code belongs to, and prints
// a markdown table on stdout, one column per profile.
//
// Usage: node bench/peers/profile_summary.mjs <label>=<file.cpuprofile> ...
// Rows: the browser's engine (web/js), the peer's own glue (bench/peers), each npm package
// (node_modules/<package>), Node's own JavaScript (node:*), native functions by name (a system
// call's time shows under the binding that made it, e.g. writev), V8's garbage collector and
// "(program)" (V8 and native code outside JavaScript). Shares are of the main thread's busy
// samples (idle left out; the idle share is the last row). Other threads (the libuv pool, the
// deal worker, V8's helper threads) are not in a main-thread profile.
import fs from 'node:fs';

function categorize(frame) {
    const { url, functionName } = frame;
    if (!url) {
        if (functionName === '(idle)') return '(idle)';
        if (functionName === '(garbage collector)' || functionName === '(program)') return functionName;
        return `native: ${functionName || '(anonymous)'}`;
    }
    if (url.includes('/web/js/')) return 'web/js (the browser\'s engine)';
    const nm = url.lastIndexOf('node_modules/');
    if (nm >= 0) {
        const parts = url.slice(nm + 'node_modules/'.length).split('/');
        return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    }
    if (url.includes('/bench/peers/')) return 'bench/peers (the peer\'s glue)';
    if (url.startsWith('node:')) return 'node: (Node\'s JavaScript)';
    return 'other JavaScript';
}

function summarize(file) {
    const p = JSON.parse(fs.readFileSync(file, 'utf8'));
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const counts = new Map();
    for (const id of p.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
    const shares = new Map();
    let busy = 0;
    let idle = 0;
    for (const [id, c] of counts) {
        const cat = categorize(byId.get(id).callFrame);
        if (cat === '(idle)') {
            idle += c;
            continue;
        }
        busy += c;
        shares.set(cat, (shares.get(cat) ?? 0) + c);
    }
    for (const [k, v] of shares) shares.set(k, v / busy);
    return { shares, idle: idle / (idle + busy), samples: idle + busy };
}

const columns = process.argv.slice(2).map((arg) => {
    const eq = arg.indexOf('=');
    return { label: arg.slice(0, eq), ...summarize(arg.slice(eq + 1)) };
});
const cats = new Set(columns.flatMap((c) => [...c.shares.keys()]));
const rows = [...cats].map((cat) => ({ cat, vals: columns.map((c) => c.shares.get(cat) ?? 0) }))
    .sort((a, b) => Math.max(...b.vals) - Math.max(...a.vals));
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const shown = rows.filter((r) => Math.max(...r.vals) >= 0.01).slice(0, 14);
const rest = columns.map((_, i) => rows.filter((r) => !shown.includes(r)).reduce((s, r) => s + r.vals[i], 0));
console.log(`| Main thread, share of busy samples | ${columns.map((c) => c.label).join(' | ')} |`);
console.log(`|---|${columns.map(() => '---').join('|')}|`);
for (const r of shown) console.log(`| ${r.cat.replace(/\|/g, '\\|')} | ${r.vals.map(pct).join(' | ')} |`);
console.log(`| everything else | ${rest.map(pct).join(' | ')} |`);
console.log(`| (idle: share of all samples) | ${columns.map((c) => pct(c.idle)).join(' | ')} |`);
