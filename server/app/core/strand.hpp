// The strand every connection, game and lane runs on: a strand of the server's io_context, named
// by its concrete type. Held as boost::asio::any_io_executor instead, a strand does not fit the
// type-erased executor's inline storage, so holding one cost a heap block (some 100 bytes a
// connection) and every post to it two more allocations (the executor's prefer() copies): about
// two allocations a validated action (heaptrack, bench/loadgen closed loop).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace pinfall::server {

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

}  // namespace pinfall::server
