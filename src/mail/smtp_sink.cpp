#include "mail/smtp_sink.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include "util/error.h"

namespace adjutant::mail {

namespace {

class Lines {
 public:
  explicit Lines(int fd) : fd_(fd) {}
  // One line without its CR LF; false at the end of the connection.
  bool next(std::string& line) {
    for (;;) {
      std::size_t eol = buf_.find("\r\n");
      if (eol != std::string::npos) {
        line = buf_.substr(0, eol);
        buf_.erase(0, eol + 2);
        return true;
      }
      char chunk[65536];
      ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      buf_.append(chunk, std::size_t(n));
    }
  }

 private:
  int fd_;
  std::string buf_;
};

void reply(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::send(fd, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += std::size_t(n);
  }
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return s;
}

}  // namespace

SmtpSink::SmtpSink(Deliver deliver) : deliver_(std::move(deliver)) {
  listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::listen(listener_, 16) != 0 ||
      ::getsockname(listener_, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    if (listener_ >= 0) ::close(listener_);
    throw Error("mail.sink", "cannot listen on 127.0.0.1", Exit::kEnvironment);
  }
  port_ = ntohs(a.sin_port);
  thread_ = std::thread([this] { serve(); });
}

SmtpSink::~SmtpSink() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  ::close(listener_);
}

void SmtpSink::serve() {
  while (!stop_) {
    pollfd p{listener_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    int fd = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    session(fd);
    ::close(fd);
  }
}

void SmtpSink::session(int fd) {
  Lines in(fd);
  reply(fd, "220 adjutant-bench ESMTP\r\n");
  std::vector<std::string> recipients;
  std::string line;
  while (in.next(line)) {
    std::string verb = upper(line.substr(0, line.find(' ')));
    if (verb == "EHLO") {
      reply(fd, "250-adjutant-bench\r\n250 8BITMIME\r\n");
    } else if (verb == "MAIL") {
      recipients.clear();
      reply(fd, "250 OK\r\n");
    } else if (verb == "RCPT") {
      std::size_t open = line.find('<'), close = line.find('>');
      if (open != std::string::npos && close != std::string::npos && close > open)
        recipients.push_back(line.substr(open + 1, close - open - 1));
      reply(fd, "250 OK\r\n");
    } else if (verb == "DATA") {
      reply(fd, "354 end with .\r\n");
      std::string message;
      while (in.next(line) && line != ".")
        message += (line.rfind("..", 0) == 0 ? line.substr(1) : line) + "\r\n";
      deliver_(recipients, message);
      ++received_;
      reply(fd, "250 OK\r\n");
    } else if (verb == "QUIT") {
      reply(fd, "221 bye\r\n");
      return;
    } else {
      reply(fd, "250 OK\r\n");
    }
  }
}

}  // namespace adjutant::mail
