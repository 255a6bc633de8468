#include "mail/mime_parse.h"

#include <algorithm>
#include <cctype>

namespace adjutant::mail {

namespace {

constexpr int kMaxDepth = 16;
constexpr std::size_t kMaxParts = 500;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// Splits at the first empty line (CRLF or LF); the body starts after it.
std::pair<std::string_view, std::string_view> split_head(std::string_view raw) {
  std::size_t pos = 0;
  while (pos < raw.size()) {
    std::size_t end = raw.find('\n', pos);
    if (end == std::string_view::npos) return {raw, {}};
    std::string_view line = raw.substr(pos, end - pos);
    if (line.empty() || line == "\r") return {raw.substr(0, pos), raw.substr(end + 1)};
    pos = end + 1;
  }
  return {raw, {}};
}

// `type/sub; key=value; key="quoted value"; key*=utf-8''percent%20encoded`
std::pair<std::string, std::map<std::string, std::string>> parse_params(std::string_view v) {
  std::map<std::string, std::string> params;
  std::size_t semi = v.find(';');
  std::string value = lower(trim(v.substr(0, semi)));
  std::size_t pos = semi;
  while (pos != std::string_view::npos && pos < v.size()) {
    ++pos;
    std::size_t eq = v.find('=', pos);
    if (eq == std::string_view::npos) break;
    std::string key = lower(trim(v.substr(pos, eq - pos)));
    std::size_t i = eq + 1;
    while (i < v.size() && (v[i] == ' ' || v[i] == '\t')) ++i;
    std::string val;
    if (i < v.size() && v[i] == '"') {
      for (++i; i < v.size() && v[i] != '"'; ++i) {
        if (v[i] == '\\' && i + 1 < v.size()) ++i;
        val += v[i];
      }
      pos = v.find(';', i);
    } else {
      std::size_t end = v.find(';', i);
      val = trim(v.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i));
      pos = end;
    }
    if (!key.empty() && key.back() == '*') {
      key.pop_back();
      std::size_t q = val.find('\'');
      std::size_t q2 = q == std::string::npos ? q : val.find('\'', q + 1);
      if (q2 != std::string::npos) val = val.substr(q2 + 1);
      std::string decoded;
      for (std::size_t k = 0; k < val.size(); ++k) {
        if (val[k] == '%' && k + 2 < val.size() && std::isxdigit((unsigned char)val[k + 1]) &&
            std::isxdigit((unsigned char)val[k + 2])) {
          decoded += char(std::stoi(val.substr(k + 1, 2), nullptr, 16));
          k += 2;
        } else {
          decoded += val[k];
        }
      }
      val = decoded;
    }
    params[key] = val;
  }
  return {value, params};
}

void parse_into(MimePart& part, std::string_view raw, int depth, std::size_t& count);

// The body parts between "--boundary" lines; the preamble and epilogue are dropped.
std::vector<std::string_view> split_multipart(std::string_view body, const std::string& boundary) {
  std::vector<std::string_view> parts;
  const std::string dash = "--" + boundary;
  std::size_t pos = 0;
  std::size_t part_start = std::string_view::npos;
  while (pos <= body.size()) {
    std::size_t end = body.find('\n', pos);
    std::size_t line_end = end == std::string_view::npos ? body.size() : end;
    std::string_view line = body.substr(pos, line_end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.rfind(dash, 0) == 0) {
      std::string_view rest = line.substr(dash.size());
      bool close = rest.rfind("--", 0) == 0;
      if (close || trim(rest).empty()) {
        if (part_start != std::string_view::npos) {
          // The line break before the delimiter belongs to the delimiter.
          std::size_t stop = pos;
          if (stop > part_start && body[stop - 1] == '\n') --stop;
          if (stop > part_start && body[stop - 1] == '\r') --stop;
          parts.push_back(body.substr(part_start, stop - part_start));
        }
        if (close) return parts;
        part_start = end == std::string_view::npos ? body.size() : end + 1;
      }
    }
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  if (part_start != std::string_view::npos && part_start < body.size())
    parts.push_back(body.substr(part_start));  // no closing delimiter: keep what came
  return parts;
}

void parse_into(MimePart& part, std::string_view raw, int depth, std::size_t& count) {
  auto [head, body] = split_head(raw);
  part.headers = parse_headers(head);
  std::string ctype = part.header("content-type");
  if (!ctype.empty()) {
    auto [type, params] = parse_params(ctype);
    if (type.find('/') != std::string::npos) part.content_type = type;
    part.params = params;
  }
  auto [disposition, dparams] = parse_params(part.header("content-disposition"));
  part.attachment = disposition == "attachment";
  part.filename = dparams.count("filename")   ? dparams["filename"]
                  : part.params.count("name") ? part.params["name"]
                                              : "";
  if (part.multipart() && part.params.count("boundary") && depth < kMaxDepth) {
    for (std::string_view sub : split_multipart(body, part.params["boundary"])) {
      if (++count > kMaxParts) break;
      part.parts.emplace_back();
      parse_into(part.parts.back(), sub, depth + 1, count);
    }
    return;
  }
  std::string encoding = lower(trim(part.header("content-transfer-encoding")));
  if (encoding == "base64")
    part.body = decode_base64(body);
  else if (encoding == "quoted-printable")
    part.body = decode_quoted_printable(body);
  else
    part.body = std::string(body);
  if (part.content_type == "message/rfc822" && depth < kMaxDepth && ++count <= kMaxParts) {
    part.parts.emplace_back();
    parse_into(part.parts.back(), part.body, depth + 1, count);
  }
}

void collect(const MimePart& p, std::vector<const MimePart*>& out) {
  if (p.parts.empty()) {
    out.push_back(&p);
    return;
  }
  for (const MimePart& c : p.parts) collect(c, out);
}

}  // namespace

std::string MimePart::header(std::string_view name) const {
  for (const auto& [k, v] : headers)
    if (k == name) return v;
  return "";
}

std::vector<std::pair<std::string, std::string>> parse_headers(std::string_view raw) {
  std::string_view head = split_head(raw).first;
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t pos = 0;
  while (pos < head.size()) {
    std::size_t end = head.find('\n', pos);
    if (end == std::string_view::npos) end = head.size();
    std::string_view line = head.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos = end + 1;
    if (line.empty()) continue;
    if ((line[0] == ' ' || line[0] == '\t') && !out.empty()) {
      out.back().second += " " + trim(line);
      continue;
    }
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) continue;  // mbox "From " line and junk
    out.push_back({lower(trim(line.substr(0, colon))), trim(line.substr(colon + 1))});
  }
  return out;
}

MimePart parse_message(std::string_view raw) {
  MimePart m;
  std::size_t count = 0;
  parse_into(m, raw, 0, count);
  return m;
}

std::vector<const MimePart*> leaves(const MimePart& message) {
  std::vector<const MimePart*> out;
  collect(message, out);
  return out;
}

std::string decode_base64(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-') return 62;
    if (c == '/' || c == '_') return 63;
    return -1;
  };
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (char c : text) {
    if (c == '=') break;
    int v = value(c);
    if (v < 0) continue;
    buffer = (buffer << 6) | unsigned(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += char((buffer >> bits) & 0xff);
    }
  }
  return out;
}

std::string decode_quoted_printable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c != '=') {
      out += c;
      continue;
    }
    // A soft line break: "=" then optional blanks then the line end.
    std::size_t j = i + 1;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
    if (j < text.size() && (text[j] == '\n' || text[j] == '\r')) {
      if (text[j] == '\r' && j + 1 < text.size() && text[j + 1] == '\n') ++j;
      i = j;
      continue;
    }
    if (j == text.size()) break;
    if (i + 2 < text.size() && std::isxdigit((unsigned char)text[i + 1]) &&
        std::isxdigit((unsigned char)text[i + 2])) {
      out += char(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

std::vector<std::string> addresses(std::string_view value) {
  std::vector<std::string> out;
  std::string current;
  bool quoted = false;
  int angle = 0, comment = 0;
  std::string inside;
  auto finish = [&] {
    std::string a = inside.empty() ? trim(current) : trim(inside);
    if (a.find('@') != std::string::npos) out.push_back(a);
    current.clear();
    inside.clear();
  };
  for (std::size_t i = 0; i < value.size(); ++i) {
    char c = value[i];
    if (quoted) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        quoted = false;
      continue;
    }
    if (comment) {
      if (c == '(') ++comment;
      if (c == ')') --comment;
      continue;
    }
    if (c == '"')
      quoted = true;
    else if (c == '(')
      comment = 1;
    else if (c == '<')
      angle = 1, inside.clear();
    else if (c == '>')
      angle = 0;
    else if (c == ',' && !angle)
      finish();
    else if (angle)
      inside += c;
    else if (c != ' ' && c != '\t')
      current += c;
  }
  finish();
  return out;
}

}  // namespace adjutant::mail
