// A mailbox read and left as it was found (mailbox.h, kept_in_place).
#include "mail/mailbox.h"

namespace adjutant::mail {

namespace {

class KeptMailbox : public Mailbox {
 public:
  explicit KeptMailbox(std::unique_ptr<Mailbox> box) : box_(std::move(box)) {}
  std::vector<MessageRef> list() override { return box_->list(); }
  std::string read(const MessageRef& m) override { return box_->read(m); }
  std::string headers(const MessageRef& m) override { return box_->headers(m); }
  void set_aside(const MessageRef&) override {}
  void finish() override { box_->finish(); }

 private:
  std::unique_ptr<Mailbox> box_;
};

}  // namespace

std::unique_ptr<Mailbox> kept_in_place(std::unique_ptr<Mailbox> box) {
  return std::make_unique<KeptMailbox>(std::move(box));
}

}  // namespace adjutant::mail
