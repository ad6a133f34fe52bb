// Where a connection, game, lane or service runs its handlers: the executor of one of the
// server's io_contexts (IoPool, core/io_pool.hpp). Every io_context of the server is run by
// exactly one thread, so the handlers given to one executor never run concurrently and run in
// the order they were posted: a strand's guarantee, without asio::strand's machinery. That
// machinery (a mutex taken twice and an invoker posted per handler, and an atomic reference
// count touched by each of some eight executor copies a validated action) was about a sixth of
// the user time of an action (bench/ab.sh closed, docs/architecture.md "Threads").
//
// What differs from asio::strand: two objects placed on the same io_context share its thread,
// so running_in_this_thread() and dispatch() run inline between them too. That is safe (one
// thread), and the code never waits on one of its own executors.
//
// Named by its concrete type: held as boost::asio::any_io_executor, each post would allocate.
#pragma once

#include <boost/asio/io_context.hpp>

namespace pinfall::server {

using Strand = boost::asio::io_context::executor_type;

}  // namespace pinfall::server
