#include "mail/curl_session.h"

#include "util/error.h"
#include "util/printable.h"

namespace adjutant::mail {

CurlSession::CurlSession(const Credentials& credentials, long timeout_seconds,
                         const char* protocols) {
  curl_ = curl_api().easy_init();
  if (!curl_) throw Error("mail.curl", "cannot start libcurl", Exit::kEnvironment);
  curl_api().easy_setopt(curl_, CURLOPT_ERRORBUFFER, error_);
  curl_api().easy_setopt(curl_, CURLOPT_PROTOCOLS_STR, protocols);
  curl_api().easy_setopt(curl_, CURLOPT_REDIR_PROTOCOLS_STR, protocols);
  curl_api().easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
  curl_api().easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT,
                         timeout_seconds < 15 ? timeout_seconds : 15L);
  curl_api().easy_setopt(curl_, CURLOPT_TIMEOUT, timeout_seconds);
  curl_api().easy_setopt(curl_, CURLOPT_USE_SSL, long(CURLUSESSL_TRY));
  if (!credentials.user.empty()) {
    curl_api().easy_setopt(curl_, CURLOPT_USERNAME, credentials.user.c_str());
    curl_api().easy_setopt(curl_, CURLOPT_PASSWORD, credentials.password.c_str());
  }
}

CurlSession::~CurlSession() {
  if (curl_) curl_api().easy_cleanup(curl_);
}

std::string CurlSession::error_text(CURLcode code) const {
  return error_[0] ? std::string(error_) : std::string(curl_api().easy_strerror(code));
}

void require_scheme(const std::string& url, std::initializer_list<const char*> schemes,
                    const char* id, const char* option) {
  std::string names;
  for (const char* s : schemes) {
    if (url.rfind(s, 0) == 0 && url.size() > std::string(s).size()) return;
    names += (names.empty() ? "" : " or ") + std::string(s);
  }
  throw Error(id, std::string(option) + " " + in_quotes(url) + " is not a " + names + " URL",
              Exit::kUsage);
}

bool unreachable(CURLcode code) {
  switch (code) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_GOT_NOTHING:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_WEIRD_SERVER_REPLY:
      return true;
    default:
      return false;
  }
}

}  // namespace adjutant::mail
