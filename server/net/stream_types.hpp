// The concrete I/O object types of a connection. Every connection runs on the executor of one
// of the server's io_contexts (a Strand: core/strand.hpp, one thread each); naming its type here
// (instead of the type-erased any_io_executor that beast::tcp_stream and asio::ip::tcp::socket
// default to) spares each operation a heap-allocated executor copy and keeps the
// pending-operation objects small, which matters for both the time per message and the memory
// an idle connection holds.
#pragma once

#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/basic_stream.hpp>

#include "server/app/core/strand.hpp"

namespace pinfall::server::net {

using ConnStrand = Strand;
// An accepted TCP socket bound to its connection's io_context.
using ConnSocket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, ConnStrand>;
// The HTTP side: Beast's stream with timeouts (the handshake timeout covers request reads).
using HttpStream = boost::beast::basic_stream<boost::asio::ip::tcp, ConnStrand>;

}  // namespace pinfall::server::net
