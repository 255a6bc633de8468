// One libcurl easy handle with the options every mail transfer shares:
// timeouts, STARTTLS when the server offers it, credentials kept in memory.
#pragma once

#include "mail/curl_api.h"

#include <initializer_list>
#include <string>

namespace adjutant::mail {

// Credentials come from options or the environment and are never written.
struct Credentials {
  std::string user;
  std::string password;
};

class CurlSession {
 public:
  // `protocols` ("smtp,smtps") are the only schemes libcurl may speak, on
  // the URL given and on any redirect.
  CurlSession(const Credentials& credentials, long timeout_seconds, const char* protocols);
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

// Error `id` (exit 2) unless `url` starts with one of `schemes` ("smtp://").
void require_scheme(const std::string& url, std::initializer_list<const char*> schemes,
                    const char* id, const char* option);

// Codes that mean the server could not be reached (as opposed to refusing).
bool unreachable(CURLcode code);

}  // namespace adjutant::mail
