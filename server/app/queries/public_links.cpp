#include "server/app/queries/public_links.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include "protocol/json_writer.hpp"

namespace pinfall::server {

std::vector<std::string> lan_urls(unsigned short port) {
    std::vector<std::string> out;
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return out;
    for (const ifaddrs* i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
        if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
        char text[INET_ADDRSTRLEN] = {};
        const auto* in = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
        if (!inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) continue;
        const std::string url = "http://" + std::string(text) + ":" + std::to_string(port) + "/";
        bool seen = false;
        for (const auto& u : out) seen = seen || u == url;
        if (!seen) out.push_back(url);
    }
    freeifaddrs(list);
    return out;
}

std::vector<std::string> reachable_urls(const std::string& bind, unsigned short port) {
    if (bind == "0.0.0.0" || bind == "::") return lan_urls(port);
    in_addr a{};
    if (inet_pton(AF_INET, bind.c_str(), &a) != 1) return {};
    if ((ntohl(a.s_addr) >> 24) == 127) return {};
    return {"http://" + bind + ":" + std::to_string(port) + "/"};
}

std::string links_json(const std::string& public_url, const std::vector<std::string>& lan) {
    protocol::JsonWriter w(128);
    w.begin_object().key("public_url");
    if (public_url.empty()) {
        w.null();
    } else {
        w.value(public_url);
    }
    w.key("lan").begin_array();
    for (const auto& u : lan) w.value(u);
    w.end_array();
    return w.end_object().take();
}

}  // namespace pinfall::server
