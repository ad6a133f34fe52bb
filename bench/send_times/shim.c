/* pinfall bench: how long each send() and sendmsg() of a process takes, wall clock. Loaded with
 * LD_PRELOAD by bench/send_times.sh into pinfall-server or the raw TCP echo peer.
 *
 * Contract: wraps send() and sendmsg() (the calls Asio and bench/peers/echo_server.c write
 * with), timing each with CLOCK_MONOTONIC (the vDSO: no system call of its own) into a
 * histogram of 100 ns buckets up to 100 us (longer calls in the last one). At exit (a
 * destructor: the process must end through exit(), as both do on SIGTERM) it writes, when
 * SEND_TIMES_OUT names a file, one line of key=value figures: calls, mean_ns, p50_ns, p99_ns,
 * over15_pct (the share of calls of 15 us or longer) and over15_ns_a_call (the time those
 * calls took, over all calls). Counters are plain: only the process's one writing thread may
 * send (pinfall-server with --threads 1, the echo peer). Not part of the server.
 *
 * Why wall clock: a call that the kernel or the hypervisor holds up (a page fault on the copy,
 * a wake-up of the reader's idle CPU, a preemption) is long, and the thread's CPU time would
 * not show all of it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#define BUCKET_NS 100
#define BUCKETS 1001
#define SLOW_NS 15000

static unsigned long hist[BUCKETS];
static unsigned long calls;
static double total_ns;
static ssize_t (*real_sendmsg)(int, const struct msghdr *, int);
static ssize_t (*real_send)(int, const void *, size_t, int);

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void record(double ns) {
    int b = (int)(ns / BUCKET_NS);
    if (b >= BUCKETS) b = BUCKETS - 1;
    hist[b]++;
    calls++;
    total_ns += ns;
}

ssize_t sendmsg(int fd, const struct msghdr *msg, int flags) {
    if (!real_sendmsg) real_sendmsg = (ssize_t(*)(int, const struct msghdr *, int))dlsym(RTLD_NEXT, "sendmsg");
    const double start = now_ns();
    const ssize_t n = real_sendmsg(fd, msg, flags);
    record(now_ns() - start);
    return n;
}

ssize_t send(int fd, const void *buf, size_t len, int flags) {
    if (!real_send) real_send = (ssize_t(*)(int, const void *, size_t, int))dlsym(RTLD_NEXT, "send");
    const double start = now_ns();
    const ssize_t n = real_send(fd, buf, len, flags);
    record(now_ns() - start);
    return n;
}

/* The upper edge of the bucket where the cumulative count reaches share of the calls. */
static long percentile_ns(double share) {
    unsigned long seen = 0;
    for (int b = 0; b < BUCKETS; b++) {
        seen += hist[b];
        if ((double)seen >= share * (double)calls) return (long)(b + 1) * BUCKET_NS;
    }
    return (long)BUCKETS * BUCKET_NS;
}

__attribute__((destructor)) static void write_summary(void) {
    const char *out = getenv("SEND_TIMES_OUT");
    if (!out || calls == 0) return;
    unsigned long slow = 0;
    double slow_ns = 0;
    for (int b = SLOW_NS / BUCKET_NS; b < BUCKETS; b++) {
        slow += hist[b];
        slow_ns += (double)hist[b] * ((double)b + 0.5) * BUCKET_NS;  /* bucket middles */
    }
    FILE *f = fopen(out, "w");
    if (!f) return;
    fprintf(f, "calls=%lu mean_ns=%.0f p50_ns=%ld p99_ns=%ld over15_pct=%.2f over15_ns_a_call=%.0f\n",
            calls, total_ns / (double)calls, percentile_ns(0.5), percentile_ns(0.99),
            100.0 * (double)slow / (double)calls, slow_ns / (double)calls);
    fclose(f);
}
