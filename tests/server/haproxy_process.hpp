// Starts the real HAProxy (Debian's /usr/sbin/haproxy) on a free loopback port with the
// repository's docker/haproxy.cfg, in front of up to three nodes on loopback (the file's
// PINFALL_NODE1..3; a missing node gets an address where nothing listens). Stops it when
// destroyed. For the cluster tests (docs/scaling.md).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace pinfall::test {

class HaproxyProcess {
   public:
    // nodes: the nodes' ports on 127.0.0.1 (at most 3). Waits until the proxy accepts
    // connections; throws std::runtime_error when it does not start (haproxy's output in it).
    explicit HaproxyProcess(const std::vector<unsigned short>& nodes);
    ~HaproxyProcess();
    HaproxyProcess(const HaproxyProcess&) = delete;
    HaproxyProcess& operator=(const HaproxyProcess&) = delete;

    unsigned short port() const { return port_; }

   private:
    pid_t pid_ = -1;
    unsigned short port_ = 0;
    std::string log_;  // file of haproxy's output
};

// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then closed).
unsigned short free_port();

}  // namespace pinfall::test
