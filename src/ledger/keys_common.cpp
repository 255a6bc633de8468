// What keys.h declares that needs no OpenSSL: the dispatch of a signature
// check (a VerifyAhead, a CryptoOracle, else the check itself), key ids and
// secret files. The WebAssembly build links this file and not keys.cpp.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "ledger/crypto_oracle.h"
#include "ledger/digest.h"
#include "ledger/keys.h"
#include "ledger/verify_ahead.h"
#include "util/error.h"

namespace adjutant::ledger {

namespace {

std::string errno_text() {
  return std::strerror(errno);
}

}  // namespace

bool verify_signature(std::string_view public_raw, std::string_view message,
                      std::string_view signature) {
  if (VerifyAhead* ahead = VerifyAhead::current())
    if (auto known = ahead->verdict(public_raw, message, signature)) return *known;
  if (CryptoOracle* oracle = CryptoOracle::current())
    return oracle->verify(public_raw, message, signature);
  return verify_signature_now(public_raw, message, signature);
}

std::string key_id(std::string_view public_raw) {
  return sha256_hex(public_raw).substr(0, 16);
}

void write_private_file(const std::filesystem::path& file, std::string_view content,
                        const std::string& error_id) {
  auto fail = [&](const std::string& what) {
    throw Error(error_id, file.string() + ": " + what + ": " + errno_text(), Exit::kEnvironment);
  };
  std::filesystem::path temp = file;
  temp += ".tmp-" + to_hex(random_bytes(6));

  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) fail("cannot create");
  bool ok = ::fchmod(fd, 0600) == 0;
  for (std::size_t done = 0; ok && done < content.size();) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (ok) done += static_cast<std::size_t>(n);
  }
  ok = ok && ::fsync(fd) == 0;
  int failed = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    failed = errno;
  }
  if (ok && ::rename(temp.c_str(), file.c_str()) != 0) {
    ok = false;
    failed = errno;
  }
  if (!ok) {
    ::unlink(temp.c_str());
    errno = failed;
    fail("cannot write");
  }
  // The rename is durable only once the directory entry is on disk too.
  std::filesystem::path dir = file.parent_path().empty() ? "." : file.parent_path();
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace adjutant::ledger
