#include "server/app/core/io_pool.hpp"

#include <thread>

namespace pinfall::server {

IoPool::IoPool(unsigned threads) {
    contexts_.reserve(threads);
    guards_.reserve(threads);
    for (unsigned i = 0; i < threads; ++i) {
        contexts_.push_back(std::make_unique<Context>());
        guards_.emplace_back(contexts_.back()->get_executor());
    }
}

IoPool::~IoPool() { release(); }

Strand IoPool::next() {
    // Relaxed: any spread will do, only each connection's own placement must be one context.
    const unsigned k = turn_.fetch_add(1, std::memory_order_relaxed) % size();
    return contexts_[k]->get_executor();
}

void IoPool::run() {
    std::vector<std::thread> threads;
    threads.reserve(contexts_.size() - 1);
    for (std::size_t i = 1; i < contexts_.size(); ++i) {
        threads.emplace_back([ctx = contexts_[i].get()] { ctx->run(); });
    }
    contexts_.front()->run();
    for (auto& t : threads) t.join();
}

void IoPool::release() {
    std::lock_guard lock(guards_mutex_);
    guards_.clear();  // each guard's destructor ends its hold on its io_context
}

void IoPool::stop() {
    for (auto& c : contexts_) c->stop();
}

void IoPool::destroy_pending() {
    for (auto& c : contexts_) c->destroy_pending();
}

}  // namespace pinfall::server
