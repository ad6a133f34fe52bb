#include "server/startup.hpp"

#include <unistd.h>

#include <cctype>
#include <cstring>
#include <iostream>

#include "storage/copy.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

std::string default_node_id(unsigned short port) {
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) != 0 || host[0] == 0) std::strcpy(host, "localhost");
    std::string id;
    for (const char* c = host; *c && id.size() < 56; ++c) {
        const unsigned char ch = static_cast<unsigned char>(*c);
        id += std::isalnum(ch) || ch == '.' || ch == '-' || ch == '_' ? *c : '-';
    }
    return id + ":" + std::to_string(port);
}

int migrate_command(const std::string& from_location, const std::string& to_location) {
    namespace storage = pinfall::storage;
    storage::Status st;
    auto from = storage::Store::open(from_location, &st);
    if (!from) {
        std::cerr << "pinfall-server: cannot open " << storage::redact_location(from_location)
                  << ": " << st.message() << "\n";
        return 1;
    }
    auto to = storage::Store::open(to_location, &st);
    if (!to) {
        std::cerr << "pinfall-server: cannot open " << storage::redact_location(to_location)
                  << ": " << st.message() << "\n";
        return 1;
    }
    storage::CopyCounts counts;
    if (st = storage::copy_database(*from, *to, &counts); !st.is_ok()) {
        std::cerr << "pinfall-server: copy failed, nothing written: " << st.message() << "\n";
        return 1;
    }
    for (const auto& [table, rows] : counts) std::cout << table << " " << rows << "\n";
    std::cout << "copied " << storage::redact_location(from_location) << " to "
              << storage::redact_location(to_location) << "\n";
    return 0;
}

}  // namespace pinfall::server
