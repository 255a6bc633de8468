#include "game/batch_verify.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "game/fog.h"
#include "util/markup.h"

namespace adjutant::game {

namespace {

// An archive, or a side's sealed copy of a fog-of-war game (protocol 10a).
VerifyReport verify_any(const fs::path& dir, const VerifyOptions& options) {
  if (!is_sealed_copy(dir)) return verify_archive(dir, options);
  SealedReport s = verify_sealed(dir);
  VerifyReport r;
  r.ok = s.ok;
  r.lines = s.lines;
  r.adjudications = s.adjudications;
  r.dice = s.dice;
  r.head = s.head;
  r.where = s.where;
  r.error_id = s.error_id;
  r.message = s.message;
  r.exit_code = s.exit_code;
  if (s.ok && !s.revealed)
    r.caches.push_back(s.side + "'s sealed copy: " + std::to_string(s.commitments - s.opened) +
                       " of " + std::to_string(s.commitments) + " commitments not yet opened");
  return r;
}

}  // namespace

namespace fs = std::filesystem;

namespace {

void search(const fs::path& dir, std::vector<fs::path>& out, std::vector<Skipped>* skipped) {
  std::error_code ec;
  if (fs::exists(dir / "log.jsonl", ec)) {
    out.push_back(dir);
    return;
  }
  std::vector<fs::path> children;
  std::vector<Skipped> passed;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_directory(ec)) continue;
    if (e.is_symlink(ec))
      passed.push_back({e.path(), "a symbolic link"});
    else if (e.path().filename().string()[0] == '.')
      passed.push_back({e.path(), "a hidden folder"});
    else
      children.push_back(e.path());
  }
  std::sort(children.begin(), children.end());
  std::sort(passed.begin(), passed.end(),
            [](const Skipped& a, const Skipped& b) { return a.path < b.path; });
  if (skipped) skipped->insert(skipped->end(), passed.begin(), passed.end());
  for (const auto& c : children) search(c, out, skipped);
}

}  // namespace

std::vector<fs::path> find_archives(const std::vector<fs::path>& paths,
                                    std::vector<Skipped>* skipped) {
  std::vector<fs::path> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec))
      search(p, out, skipped);
    else
      out.push_back(p);
  }
  return out;
}

BatchResult verify_many(const std::vector<fs::path>& archives, int jobs,
                        const VerifyOptions& options,
                        const std::function<void(int, int, const BatchEntry&)>& progress) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  BatchResult r;
  r.entries.resize(archives.size());
  if (jobs <= 0) jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  jobs = std::min<int>(jobs, int(std::max<std::size_t>(1, archives.size())));
  // Archives side by side keep the cores busy; a second thread per archive
  // for its signatures would only take turns with them.
  VerifyOptions each = options;
  each.check_ahead = options.check_ahead && jobs == 1;
  std::atomic<std::size_t> next{0};
  std::atomic<int> done{0};
  std::mutex report_mutex;
  auto work = [&] {
    for (std::size_t i = next++; i < archives.size(); i = next++) {
      auto t0 = Clock::now();
      BatchEntry e{archives[i], verify_any(archives[i], each), 0};
      e.ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      r.entries[i] = e;
      int d = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(report_mutex);
        progress(d, int(archives.size()), e);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  bool newer = false, missing = false;
  for (const auto& e : r.entries) {
    if (e.report.ok) {
      ++r.passed;
      continue;
    }
    ++r.failed;
    newer = newer || e.report.exit_code == 5;
    missing = missing || e.report.exit_code == 1;
  }
  bool tampered = false, io = false;
  for (const auto& e : r.entries) {
    tampered = tampered || e.report.exit_code == 3;
    io = io || e.report.exit_code == 4;
  }
  r.exit_code = tampered ? 3 : io ? 4 : newer ? 5 : missing ? 1 : 0;
  r.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return r;
}

std::string junit_xml(const BatchResult& r) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", r.ms / 1000);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
  out += "<testsuite name=\"adjutant verify\" tests=\"" + std::to_string(r.entries.size()) +
         "\" failures=\"" + std::to_string(r.failed) + "\" errors=\"0\" time=\"" + seconds +
         "\">\n";
  for (const auto& e : r.entries) {
    std::snprintf(seconds, sizeof seconds, "%.3f", e.ms / 1000);
    out += "  <testcase classname=\"archive\" name=\"" + escape_markup(e.path.string()) +
           "\" time=\"" + seconds + "\"";
    if (e.report.ok) {
      out += "/>\n";
      continue;
    }
    std::string line = e.report.bad_line >= 0 ? std::to_string(e.report.bad_line) : "";
    out += ">\n    <failure type=\"" + escape_markup(e.report.error_id) + "\" message=\"" +
           escape_markup("[" + e.report.error_id + "] " + e.report.where +
                         (line.empty() ? "" : " (line " + line + ")")) +
           "\">" + escape_markup(e.report.message) + "</failure>\n  </testcase>\n";
  }
  out += "</testsuite>\n</testsuites>\n";
  return out;
}

ledger::Json batch_json(const BatchResult& r) {
  ledger::Json archives = ledger::Json::array();
  for (const auto& e : r.entries) {
    ledger::Json j = e.report.to_json();
    j["archive"] = e.path.string();
    archives.push_back(j);
  }
  return {
      {"archives", archives}, {"passed", r.passed}, {"failed", r.failed}, {"exit", r.exit_code}};
}

}  // namespace adjutant::game
