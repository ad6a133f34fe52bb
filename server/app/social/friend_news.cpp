#include "server/app/social/friend_news.hpp"

#include <memory>

#include "protocol/social.hpp"
#include "storage/social.hpp"
#include "storage/store.hpp"

namespace pinfall::server {

void FriendNews::daily_finished(std::int64_t player, std::string name, std::string day,
                                int score) {
    auto friends = std::make_shared<std::vector<std::int64_t>>();
    d_.storage.read(
        [friends, player](storage::Store& s) {
            *friends = s.social().friends(player);
            return storage::Status::ok();
        },
        [this, friends, player, name = std::move(name), day = std::move(day),
         score](const storage::Status& st) {
            if (!st.is_ok() || friends->empty()) return;
            BoardQuery q{day, 0, friends->size(), std::nullopt, false, friends};
            d_.boards.daily(q, [this, player, name, day, score](BoardAnswer a) {
                std::vector<NoticeDraft> drafts;
                for (const auto& l : a.lines) {
                    if (l.line.score >= score) continue;
                    drafts.push_back(NoticeDraft{
                        l.line.player, "friend_passed",
                        "friend_passed:" + day + ":" + std::to_string(player),
                        protocol::notice_friend_passed({player, name}, day, score, l.line.score)});
                }
                d_.inbox.send(std::move(drafts));
            });
        });
}

}  // namespace pinfall::server
