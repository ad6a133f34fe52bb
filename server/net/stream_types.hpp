// The concrete I/O object types of a connection. Every connection runs on its own strand of the
// io_context; naming that strand's type here (instead of the type-erased any_io_executor that
// beast::tcp_stream and asio::ip::tcp::socket default to) spares each operation a
// heap-allocated, reference-counted executor copy and keeps the pending-operation objects small,
// which matters for both the time per message and the memory an idle connection holds.
#pragma once

#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/basic_stream.hpp>

namespace pinfall::server::net {

using ConnStrand = boost::asio::strand<boost::asio::io_context::executor_type>;
// An accepted TCP socket bound to its connection's strand.
using ConnSocket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, ConnStrand>;
// The HTTP side: Beast's stream with timeouts (the handshake timeout covers request reads).
using HttpStream = boost::beast::basic_stream<boost::asio::ip::tcp, ConnStrand>;

}  // namespace pinfall::server::net
