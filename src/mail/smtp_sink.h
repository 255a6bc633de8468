// A minimal SMTP receiver on loopback, for `adjutant bench --tournament`: it
// takes every message libcurl sends (no TLS, no login), undoes the dot
// stuffing and hands each message, with its envelope recipients, to a
// callback on its own thread. A bench tool, not a mail server: it trusts
// its one client.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace adjutant::mail {

class SmtpSink {
 public:
  using Deliver =
      std::function<void(const std::vector<std::string>& recipients, const std::string& message)>;
  // Listens on a free port of 127.0.0.1. Error "mail.sink" (exit 4).
  explicit SmtpSink(Deliver deliver);
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  int port() const { return port_; }
  std::size_t received() const { return received_; }

 private:
  void serve();
  void session(int fd);

  Deliver deliver_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<std::size_t> received_{0};
  std::thread thread_;
};

}  // namespace adjutant::mail
