// pinfall bench peer: a Node WebSocket server (npm `ws`, pinned in package-lock.json) that
// stands in for a game server written in Node, for bench/server.sh.
//
// Contract: `node ws_peer.js [port] [reply_bytes]` listens on 127.0.0.1:port (0 or absent: a
// free port), WebSocket path /ws, and prints "listening on port N" on stdout. Every text message
// is parsed as JSON (an object with an integer `id`, like a Pinfall request) and answered with
// one text message {"type":"update","re":<id>,"pad":"xx..."} padded to reply_bytes bytes, the
// typical size of a Pinfall `update` (bench/server.sh measures it). A message that is not such
// JSON is answered {"type":"error",...}. No compression (permessage-deflate off, as in
// pinfall-server). Runs until SIGINT/SIGTERM.
'use strict';

const { WebSocketServer } = require('ws');

const port = Number(process.argv[2] || 0);
const replyBytes = Number(process.argv[3] || 0);

// Padding strings by length, so a reply is one JSON.stringify-free string concatenation.
const pads = new Map();
function pad(n) {
    let p = pads.get(n);
    if (p === undefined) {
        p = 'x'.repeat(n);
        pads.set(n, p);
    }
    return p;
}

function reply(id) {
    const head = '{"type":"update","re":' + id + ',"pad":"';
    const tail = '"}';
    const n = Math.max(0, replyBytes - head.length - tail.length);
    return head + pad(n) + tail;
}

const server = new WebSocketServer({
    host: '127.0.0.1',
    port,
    path: '/ws',
    perMessageDeflate: false,
    maxPayload: 8192,
});

server.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => {
        let msg;
        try {
            msg = isBinary ? null : JSON.parse(data.toString('utf8'));
        } catch (e) {
            msg = null;
        }
        if (!msg || typeof msg !== 'object' || !Number.isSafeInteger(msg.id)) {
            ws.send('{"type":"error","re":null,"code":"bad_request","message":"not a request"}');
            return;
        }
        ws.send(reply(msg.id));
    });
    ws.on('error', () => ws.terminate());
});

server.on('listening', () => {
    process.stdout.write('listening on port ' + server.address().port + '\n');
});

function stop() {
    for (const ws of server.clients) ws.terminate();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
