#include "mail/curl_api.h"

#include <dlfcn.h>

#include <mutex>
#include <string>

#include "util/error.h"

namespace adjutant::mail {

namespace {

template <typename F>
void bind(void* library, F& slot, const char* name) {
  void* symbol = ::dlsym(library, name);
  if (!symbol)
    throw Error("mail.no_curl", std::string("libcurl.so.4 has no ") + name, Exit::kEnvironment);
  slot = reinterpret_cast<F>(symbol);
}

CurlApi load() {
  // RTLD_LOCAL: its symbols and its dependencies' stay out of the program's
  // own lookup scope.
  void* library = ::dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* why = ::dlerror();
    throw Error("mail.no_curl",
                std::string("cannot load libcurl.so.4 (") + (why ? why : "unknown") +
                    "); install libcurl4 (make deps)",
                Exit::kEnvironment);
  }
  CurlApi api{};
  bind(library, api.global_init, "curl_global_init");
  bind(library, api.easy_init, "curl_easy_init");
  bind(library, api.easy_setopt, "curl_easy_setopt");
  bind(library, api.easy_perform, "curl_easy_perform");
  bind(library, api.easy_getinfo, "curl_easy_getinfo");
  bind(library, api.easy_cleanup, "curl_easy_cleanup");
  bind(library, api.easy_strerror, "curl_easy_strerror");
  bind(library, api.slist_append, "curl_slist_append");
  bind(library, api.slist_free_all, "curl_slist_free_all");
  api.global_init(CURL_GLOBAL_DEFAULT);
  return api;
}

}  // namespace

const CurlApi& curl_api() {
  // A failed load is retried by the next call (and fails the same way).
  static std::mutex mutex;
  static CurlApi api{};
  static bool loaded = false;
  std::lock_guard<std::mutex> hold(mutex);
  if (!loaded) {
    api = load();
    loaded = true;
  }
  return api;
}

}  // namespace adjutant::mail
