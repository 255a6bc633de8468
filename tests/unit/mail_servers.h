// Real mail servers on loopback for tests: a free port, a child process
// started with its standard streams on /dev/null (so it never holds the
// test's pipes) and stopped by its pid, and a wait until the port listens.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "util/files.h"

namespace adjutant::testing {

inline int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

inline bool listening(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

class ServerProcess {
 public:
  ServerProcess() = default;
  ServerProcess(const ServerProcess&) = delete;
  ~ServerProcess() { stop(); }

  // Starts argv[0] (a path) and waits up to 20 s until `port` accepts connections.
  void start(const std::vector<std::string>& argv, int port) {
    pid_ = ::fork();
    if (pid_ == 0) {
      int null = ::open("/dev/null", O_RDWR);
      ::dup2(null, 0);
      ::dup2(null, 1);
      ::dup2(null, 2);
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    for (int i = 0; i < 200; ++i) {
      if (listening(port)) return;
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error(argv[0] + " exited before listening on port " +
                                 std::to_string(port));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    stop();
    throw std::runtime_error(argv[0] + " does not listen on port " + std::to_string(port));
  }

  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    for (int i = 0; i < 100 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (::waitpid(pid_, &status, WNOHANG) == 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
    }
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
};

inline constexpr const char* kDovecot = "/usr/sbin/dovecot";

// Who dovecot's processes run as: the running user, except that as root the
// login and mail processes must not be uid 0, so they run as nobody.
struct MailUsers {
  std::string internal_user, internal_group, login_user, mail_user, mail_group;
  uid_t mail_uid;
  gid_t mail_gid;
};

inline MailUsers mail_users() {
  MailUsers u;
  const passwd* me = ::getpwuid(::getuid());
  const group* my_group = ::getgrgid(::getgid());
  u.internal_user = me ? me->pw_name : "root";
  u.internal_group = my_group ? my_group->gr_name : "root";
  if (::getuid() != 0) {
    u.login_user = u.mail_user = u.internal_user;
    u.mail_group = u.internal_group;
    u.mail_uid = ::getuid();
    u.mail_gid = ::getgid();
    return u;
  }
  const passwd* nobody = ::getpwnam("nobody");
  if (!nobody) throw std::runtime_error("no user nobody for dovecot's mail processes");
  const group* nogroup = ::getgrgid(nobody->pw_gid);
  u.login_user = u.mail_user = "nobody";
  u.mail_group = nogroup ? nogroup->gr_name : "nogroup";
  u.mail_uid = nobody->pw_uid;
  u.mail_gid = nobody->pw_gid;
  return u;
}

// A dovecot of its own in `dir`: config, runtime and state folders, log, a
// static password ("secret") for every user; nothing under /etc is read or
// touched. With `per_user`, each user's maildir is dir/mail/<user>/Maildir
// (the local part of the login); else one maildir, dir/Maildir, for all.
inline std::filesystem::path write_dovecot_config(const std::filesystem::path& dir, int port,
                                                  const MailUsers& u, bool per_user = false) {
  for (const char* sub :
       {"run", "state", "home", "mail", "Maildir/new", "Maildir/cur", "Maildir/tmp"})
    std::filesystem::create_directories(dir / sub);
  std::filesystem::path conf = dir / "dovecot.conf";
  std::string d = dir.string();
  std::string location =
      per_user ? "maildir:" + d + "/mail/%n/Maildir" : "maildir:" + d + "/Maildir";
  std::string home = per_user ? d + "/mail/%n" : d + "/home";
  write_file_atomic(
      conf,
      "base_dir = " + d + "/run\nstate_dir = " + d + "/state\nlog_path = " + d +
          "/dovecot.log\nprotocols = imap\nlisten = 127.0.0.1\nssl = no\n"
          "disable_plaintext_auth = no\nauth_mechanisms = plain login\n"
          "default_internal_user = " +
          u.internal_user + "\ndefault_internal_group = " + u.internal_group +
          "\ndefault_login_user = " + u.login_user + "\nmail_location = " + location +
          "\nmail_uid = " + u.mail_user + "\nmail_gid = " + u.mail_group +
          "\nfirst_valid_uid = 0\nfirst_valid_gid = 0\n"
          "passdb {\n  driver = static\n  args = password=secret\n}\n"
          "userdb {\n  driver = static\n  args = uid=" +
          u.mail_user + " gid=" + u.mail_group + " home=" + home +
          "\n}\n"
          "service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = " +
          std::to_string(port) +
          "\n  }\n  inet_listener imaps {\n    port = 0\n  }\n"
          "  chroot =\n}\nservice anvil {\n  chroot =\n}\n"
          "service pop3-login {\n  inet_listener pop3 {\n    port = 0\n  }\n}\n");
  return conf;
}

inline void chown_tree(const std::filesystem::path& dir, uid_t uid, gid_t gid) {
  if (::chown(dir.c_str(), uid, gid) != 0) return;
  for (const auto& f : std::filesystem::recursive_directory_iterator(dir))
    (void)::chown(f.path().c_str(), uid, gid);
}

// Each player's mail on loopback under `dir`: dovecot serving the maildirs
// of `users` over IMAP (password "secret") and the SMTP sink `sink_script`
// (tests/tools/smtp_sink.py) delivering into them. Throws when a server
// does not start.
struct PlayersMail {
  int smtp_port = 0;
  int imap_port = 0;
  ServerProcess dovecot;
  ServerProcess smtp;

  void start(const std::filesystem::path& dir, const std::vector<std::string>& users,
             const std::string& sink_script) {
    namespace fs = std::filesystem;
    fs::permissions(dir, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                             fs::perms::others_read | fs::perms::others_exec);
    smtp_port = free_port();
    imap_port = free_port();
    while (imap_port == smtp_port) imap_port = free_port();
    MailUsers u = mail_users();
    fs::path conf = write_dovecot_config(dir / "dovecot", imap_port, u, true);
    for (const auto& who : users)
      for (const char* sub : {"new", "cur", "tmp"})
        fs::create_directories(dir / "dovecot" / "mail" / who / "Maildir" / sub);
    chown_tree(dir / "dovecot" / "mail", u.mail_uid, u.mail_gid);
    dovecot.start({kDovecot, "-F", "-c", conf.string()}, imap_port);
    smtp.start({"/usr/bin/python3", sink_script, std::to_string(smtp_port), (dir / "sink").string(),
                "--deliver", (dir / "dovecot" / "mail").string(), "--owner",
                std::to_string(u.mail_uid) + ":" + std::to_string(u.mail_gid)},
               smtp_port);
  }
};

}  // namespace adjutant::testing
