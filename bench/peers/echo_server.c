/* pinfall bench peer: a raw TCP echo server, newline-framed, for bench/server.sh.
 *
 * Contract: `echo_server [port] [reply_bytes]` listens on 127.0.0.1:port (0 or absent: a free
 * port) and prints "listening on port N" on stdout. Every '\n'-terminated line a client sends is
 * answered with that line, padded with spaces to reply_bytes bytes when shorter, then '\n':
 * the same message sizes as the WebSocket runs, with a newline in place of WebSocket framing,
 * and no parsing. One thread, level-triggered epoll, non-blocking sockets; bytes a client does
 * not read are buffered (up to 1 MiB a connection, then it is dropped). Runs until SIGINT or
 * SIGTERM. */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_EVENTS 256
#define OUT_LIMIT (1 << 20)

struct buf {
    char *data;
    size_t len, cap;
};

struct conn {
    struct buf in, out;
    int want_out; /* EPOLLOUT is registered */
};

static volatile sig_atomic_t stopping;
static struct conn **conns;
static size_t conns_cap;
static size_t reply_bytes;

static void on_signal(int sig) { (void)sig; stopping = 1; }

/* Appends n bytes from p, or n unset bytes when p is NULL. */
static void buf_append(struct buf *b, const char *p, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n) cap *= 2;
        b->data = realloc(b->data, cap);
        if (!b->data) abort();
        b->cap = cap;
    }
    if (p) memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void buf_consume(struct buf *b, size_t n) {
    memmove(b->data, b->data + n, b->len - n);
    b->len -= n;
}

static void drop(int ep, int fd) {
    epoll_ctl(ep, EPOLL_CTL_DEL, fd, NULL);
    close(fd);
    if ((size_t)fd < conns_cap && conns[fd]) {
        free(conns[fd]->in.data);
        free(conns[fd]->out.data);
        free(conns[fd]);
        conns[fd] = NULL;
    }
}

/* Writes what is buffered; asks for EPOLLOUT while some is left. 0 on success. */
static int flush_out(int ep, int fd, struct conn *c) {
    while (c->out.len > 0) {
        ssize_t n = send(fd, c->out.data, c->out.len, MSG_NOSIGNAL);
        if (n > 0) {
            buf_consume(&c->out, (size_t)n);
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            break;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return -1;
        }
    }
    if (c->want_out != (c->out.len > 0)) {
        c->want_out = c->out.len > 0;
        struct epoll_event ev = {.events = EPOLLIN | (c->want_out ? EPOLLOUT : 0), .data.fd = fd};
        epoll_ctl(ep, EPOLL_CTL_MOD, fd, &ev);
    }
    return c->out.len > OUT_LIMIT ? -1 : 0;
}

/* Reads what is there, answers every complete line. 0 while the connection stays open. */
static int on_readable(int ep, int fd, struct conn *c) {
    char chunk[16384];
    for (;;) {
        ssize_t n = recv(fd, chunk, sizeof chunk, 0);
        if (n == 0) return -1;
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            return -1;
        }
        buf_append(&c->in, chunk, (size_t)n);
        if ((size_t)n < sizeof chunk) break;
    }
    size_t start = 0;
    for (;;) {
        char *nl = memchr(c->in.data + start, '\n', c->in.len - start);
        if (!nl) break;
        size_t line = (size_t)(nl - (c->in.data + start));
        size_t pad = line < reply_bytes ? reply_bytes - line : 0;
        buf_append(&c->out, c->in.data + start, line);
        buf_append(&c->out, NULL, pad + 1);
        memset(c->out.data + c->out.len - pad - 1, ' ', pad);
        c->out.data[c->out.len - 1] = '\n';
        start += line + 1;
    }
    if (start) buf_consume(&c->in, start);
    return flush_out(ep, fd, c);
}

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 0;
    reply_bytes = argc > 2 ? (size_t)atol(argv[2]) : 0;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int one = 1;
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                               .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (bind(lfd, (struct sockaddr *)&addr, sizeof addr) || listen(lfd, 4096)) {
        perror("echo_server: bind/listen");
        return 1;
    }
    socklen_t alen = sizeof addr;
    getsockname(lfd, (struct sockaddr *)&addr, &alen);
    printf("listening on port %d\n", ntohs(addr.sin_port));
    fflush(stdout);
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = lfd};
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev);
    struct epoll_event events[MAX_EVENTS];
    while (!stopping) {
        int n = epoll_wait(ep, events, MAX_EVENTS, 200);
        for (int i = 0; i < n; ++i) {
            int fd = events[i].data.fd;
            if (fd == lfd) {
                int cfd;
                while ((cfd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    if ((size_t)cfd >= conns_cap) {
                        size_t cap = conns_cap ? conns_cap : 1024;
                        while (cap <= (size_t)cfd) cap *= 2;
                        conns = realloc(conns, cap * sizeof *conns);
                        memset(conns + conns_cap, 0, (cap - conns_cap) * sizeof *conns);
                        conns_cap = cap;
                    }
                    conns[cfd] = calloc(1, sizeof(struct conn));
                    struct epoll_event cev = {.events = EPOLLIN, .data.fd = cfd};
                    epoll_ctl(ep, EPOLL_CTL_ADD, cfd, &cev);
                }
                continue;
            }
            struct conn *c = conns[fd];
            int bad = (events[i].events & (EPOLLERR | EPOLLHUP)) != 0;
            if (!bad && (events[i].events & EPOLLIN)) bad = on_readable(ep, fd, c) != 0;
            if (!bad && (events[i].events & EPOLLOUT)) bad = flush_out(ep, fd, c) != 0;
            if (bad) drop(ep, fd);
        }
    }
    close(lfd);
    return 0;
}
