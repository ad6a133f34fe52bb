// jemalloc's settings for pinfall-server, read by jemalloc at start-up (its documented
// `malloc_conf` symbol; the MALLOC_CONF environment variable still overrides them). Built only
// when the server links jemalloc (server/CMakeLists.txt).
//
// dirty_decay_ms: pages freed by the application go back to the kernel over about a second
// instead of ten. A burst of connections leaves the pages of their handshakes (HTTP parser,
// upgrade buffers) free once they are open; with the default they stayed resident ten seconds
// longer, some 140 bytes a connection at 19,000 idle connections (docs/benchmarks.md,
// "Allocator"), for no measurable cost on the closed loop.
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "dirty_decay_ms:1000";
}
