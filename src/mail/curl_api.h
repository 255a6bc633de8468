// libcurl, loaded when a command first speaks SMTP or IMAP rather than when
// the program starts: libcurl and the two dozen libraries it needs cost every
// command most of its start-up time (docs/performance.md), and most commands
// never send mail. Only the types and constants of <curl/curl.h> are used at
// compile time; every call goes through curl_api().
#pragma once

#include <curl/curl.h>

namespace adjutant::mail {

struct CurlApi {
  CURLcode (*global_init)(long flags);
  CURL* (*easy_init)();
  CURLcode (*easy_setopt)(CURL* curl, CURLoption option, ...);
  CURLcode (*easy_perform)(CURL* curl);
  CURLcode (*easy_getinfo)(CURL* curl, CURLINFO info, ...);
  void (*easy_cleanup)(CURL* curl);
  const char* (*easy_strerror)(CURLcode code);
  curl_slist* (*slist_append)(curl_slist* list, const char* text);
  void (*slist_free_all)(curl_slist* list);
};

// The functions of libcurl.so.4, loaded and curl_global_init'ed once (thread
// safe). Error "mail.no_curl" (exit 4) when the library cannot be loaded.
const CurlApi& curl_api();

}  // namespace adjutant::mail
