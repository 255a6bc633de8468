// One libcurl easy handle with the options every mail transfer shares:
// timeouts, STARTTLS when the server offers it, credentials kept in memory.
#pragma once

#include <curl/curl.h>

#include <string>

namespace adjutant::mail {

// Credentials come from options or the environment and are never written.
struct Credentials {
  std::string user;
  std::string password;
};

class CurlSession {
 public:
  CurlSession(const Credentials& credentials, long timeout_seconds);
  ~CurlSession();
  CurlSession(const CurlSession&) = delete;
  CurlSession& operator=(const CurlSession&) = delete;

  CURL* get() const { return curl_; }
  // The last transfer's error text ("Failed to connect to ..."), or curl's name for `code`.
  std::string error_text(CURLcode code) const;

 private:
  CURL* curl_ = nullptr;
  char error_[CURL_ERROR_SIZE] = {};
};

// Codes that mean the server could not be reached (as opposed to refusing).
bool unreachable(CURLcode code);

}  // namespace adjutant::mail
