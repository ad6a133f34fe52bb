// Deals of a seed, synchronously, for boardgame.io's moves (which must be synchronous: the
// game's reducer runs them inside immer's produce). The browser's deal code (web/js/solitaire/
// deal.js, through ../practice.mjs) is asynchronous (it awaits crypto.subtle.digest), so it runs
// in a worker thread and dealsSync() waits for its answer with Atomics.wait, then takes it with
// receiveMessageOnPort (the way npm's `synckit` makes an async function synchronous).
//
// Contract: dealsSync(seedHex) (main thread only; the worker starts on the first call) returns the 12 deals of the seed ({pins, piles}, as loadDeals
// of replay.js gives them) or throws. It blocks the calling thread while the worker deals (a
// few hundred microseconds; docs/benchmarks.md measures the cost).
import { MessageChannel, Worker, isMainThread, receiveMessageOnPort, workerData }
    from 'node:worker_threads';

import { dealAll } from '../practice.mjs';

let call = null;

function startWorker() {
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(new URL(import.meta.url), {
        workerData: { signal, port: port2 },
        transferList: [port2],
    });
    worker.unref();
    port1.unref();
    call = (seed) => {
        Atomics.store(signal, 0, 0);
        port1.postMessage(seed);
        if (Atomics.wait(signal, 0, 0, 10000) === 'timed-out') throw new Error('deal worker timed out');
        const got = receiveMessageOnPort(port1);
        if (!got) throw new Error('deal worker: no answer');
        if (got.message.error) throw new Error(got.message.error);
        return got.message.deals;
    };
}

if (!isMainThread && workerData?.port) {
    const { signal, port } = workerData;
    port.on('message', async (seed) => {
        let answer;
        try {
            answer = { deals: await dealAll(seed) };
        } catch (e) {
            answer = { error: String(e) };
        }
        port.postMessage(answer);
        Atomics.store(signal, 0, 1);
        Atomics.notify(signal, 0);
    });
}

export function dealsSync(seedHex) {
    if (!isMainThread) throw new Error('dealsSync: only from the main thread');
    if (!call) startWorker();
    return call(seedHex);
}
