// SPDX-License-Identifier: GPL-3.0-or-later
// Reading gnubg's MET XML files (met/*.xml, described by met/met.dtd):
//
//   <met>
//     <info> <name>..</name> <description>..</description> <length>N</length> </info>
//     <pre-crawford-table type="explicit|zadeh|mec">
//       <row> <me>0.5</me> <me>..</me> .. </row> ..          (explicit)
//       <parameters> <parameter name="..">v</parameter> .. </parameters>   (zadeh, mec)
//     </pre-crawford-table>
//     <post-crawford-table type=".." player="both|0|1"> <row>..</row> or <parameters>.. </..>
//     (a second post-crawford-table when the players' rows differ)
//   </met>
//
// A small XML reader suffices: elements, attributes, text, comments, processing instructions,
// a DOCTYPE (with or without an internal subset), CDATA and the predefined and numeric entities.
// Anything not well-formed is an error naming the file and the line.
//
// Two quirks of gnubg's reader are kept because they decide what the shipped files mean:
//   * parameters of a post-Crawford table with player="both" belong to player 0's row only; player
//     1's row is then computed with the formula's default parameters (mec.xml: gammon rate 0.26
//     for player 0, 0.25 for player 1);
//   * every post-crawford-table element sets the type of *both* rows; the last one wins.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "eval/match_equity.h"

namespace tavla::eval {

namespace {

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;  // all character data directly inside, entities resolved
  std::vector<XmlElement> children;
  int line = 0;

  const std::string* attribute(std::string_view key) const {
    for (const auto& [k, v] : attributes)
      if (k == key) return &v;
    return nullptr;
  }
};

class XmlReader {
 public:
  explicit XmlReader(std::string_view s) : s_(s) {}

  // The document's root element, or nullopt with error() set.
  std::optional<XmlElement> read_document() {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // UTF-8 byte order mark
    if (!skip_misc()) return std::nullopt;
    if (at_end() || s_[pos_] != '<') return fail("expected the root element");
    XmlElement root;
    if (!read_element(root, 0)) return std::nullopt;
    if (!skip_misc()) return std::nullopt;
    if (!at_end()) return fail("content after the root element");
    return root;
  }

  const std::string& error() const { return error_; }

 private:
  static constexpr int kMaxDepth = 64;

  bool at_end() const { return pos_ >= s_.size(); }
  bool starts(std::string_view t) const { return s_.substr(pos_, t.size()) == t; }
  int line() const { return 1 + static_cast<int>(std::count(s_.begin(), s_.begin() + pos_, '\n')); }

  std::nullopt_t fail(std::string_view what) {
    if (error_.empty()) error_ = "line " + std::to_string(line()) + ": " + std::string(what);
    return std::nullopt;
  }
  bool failed(std::string_view what) {
    fail(what);
    return false;
  }

  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }

  // Skips up to and including `terminator`; false if it never comes.
  bool skip_past(std::string_view terminator, std::string_view what) {
    const size_t end = s_.find(terminator, pos_);
    if (end == std::string_view::npos) return failed("unterminated " + std::string(what));
    pos_ = end + terminator.size();
    return true;
  }

  // Whitespace, comments, processing instructions and a DOCTYPE outside the root element.
  bool skip_misc() {
    for (;;) {
      skip_space();
      if (starts("<!--")) {
        if (!skip_past("-->", "comment")) return false;
      } else if (starts("<?")) {
        if (!skip_past("?>", "processing instruction")) return false;
      } else if (starts("<!DOCTYPE")) {
        // The internal subset, if any, is in brackets and may contain '>'.
        int depth = 0;
        for (pos_ += 9; !at_end(); ++pos_) {
          if (s_[pos_] == '[') ++depth;
          if (s_[pos_] == ']') --depth;
          if (s_[pos_] == '>' && depth <= 0) break;
        }
        if (at_end()) return failed("unterminated DOCTYPE");
        ++pos_;
      } else {
        return true;
      }
    }
  }

  static bool name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
           c == ':' || static_cast<unsigned char>(c) >= 0x80;
  }

  bool read_name(std::string& out) {
    const size_t start = pos_;
    while (!at_end() && name_char(s_[pos_])) ++pos_;
    if (pos_ == start) return failed("expected a name");
    out.assign(s_.substr(start, pos_ - start));
    return true;
  }

  // Appends `raw` to `out` with entity references resolved.
  bool append_text(std::string_view raw, std::string& out) {
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const size_t semi = raw.find(';', i);
      if (semi == std::string_view::npos) return failed("'&' without ';'");
      const std::string_view ent = raw.substr(i + 1, semi - i - 1);
      if (ent == "amp")
        out += '&';
      else if (ent == "lt")
        out += '<';
      else if (ent == "gt")
        out += '>';
      else if (ent == "quot")
        out += '"';
      else if (ent == "apos")
        out += '\'';
      else if (ent.size() > 1 && ent[0] == '#') {
        const bool hex = ent[1] == 'x';
        unsigned code = 0;
        const std::string_view digits = ent.substr(hex ? 2 : 1);
        const auto r =
            std::from_chars(digits.data(), digits.data() + digits.size(), code, hex ? 16 : 10);
        if (digits.empty() || r.ec != std::errc() || r.ptr != digits.data() + digits.size() ||
            code == 0 || code > 0x10FFFF)
          return failed("bad character reference &" + std::string(ent) + ";");
        encode_utf8(code, out);
      } else {
        return failed("unknown entity &" + std::string(ent) + ";");
      }
      i = semi;
    }
    return true;
  }

  static void encode_utf8(unsigned c, std::string& out) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }

  // At '<' of a start tag.
  bool read_element(XmlElement& el, int depth) {
    if (depth > kMaxDepth) return failed("elements nested too deeply");
    el.line = line();
    ++pos_;
    if (!read_name(el.name)) return false;
    for (;;) {
      const size_t before = pos_;
      skip_space();
      if (at_end()) return failed("unterminated start tag <" + el.name + ">");
      if (starts("/>")) {
        pos_ += 2;
        return true;
      }
      if (s_[pos_] == '>') {
        ++pos_;
        break;
      }
      if (pos_ == before) return failed("expected whitespace in <" + el.name + ">");
      std::string key;
      if (!read_name(key)) return false;
      skip_space();
      if (at_end() || s_[pos_] != '=') return failed("attribute " + key + " without a value");
      ++pos_;
      skip_space();
      if (at_end() || (s_[pos_] != '"' && s_[pos_] != '\''))
        return failed("attribute " + key + " value not quoted");
      const char quote = s_[pos_++];
      const size_t end = s_.find(quote, pos_);
      if (end == std::string_view::npos) return failed("unterminated attribute " + key);
      std::string value;
      if (!append_text(s_.substr(pos_, end - pos_), value)) return false;
      if (el.attribute(key)) return failed("duplicate attribute " + key);
      el.attributes.emplace_back(std::move(key), std::move(value));
      pos_ = end + 1;
    }
    // Content.
    for (;;) {
      if (at_end()) return failed("<" + el.name + "> is never closed");
      if (starts("</")) {
        pos_ += 2;
        std::string closing;
        if (!read_name(closing)) return false;
        skip_space();
        if (at_end() || s_[pos_] != '>') return failed("malformed end tag </" + closing);
        if (closing != el.name)
          return failed("</" + closing + "> closes <" + el.name + "> (opened on line " +
                        std::to_string(el.line) + ")");
        ++pos_;
        return true;
      }
      if (starts("<!--")) {
        if (!skip_past("-->", "comment")) return false;
      } else if (starts("<![CDATA[")) {
        pos_ += 9;
        const size_t end = s_.find("]]>", pos_);
        if (end == std::string_view::npos) return failed("unterminated CDATA section");
        el.text += s_.substr(pos_, end - pos_);
        pos_ = end + 3;
      } else if (starts("<?")) {
        if (!skip_past("?>", "processing instruction")) return false;
      } else if (s_[pos_] == '<') {
        el.children.emplace_back();
        if (!read_element(el.children.back(), depth + 1)) return false;
      } else {
        const size_t end = std::min(s_.find('<', pos_), s_.size());
        if (!append_text(s_.substr(pos_, end - pos_), el.text)) return false;
        pos_ = end;
      }
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
  std::string error_;
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Interprets the element tree; errors are prefixed with the file name by the caller.
class MetInterpreter {
 public:
  std::optional<MetSpec> run(const XmlElement& root) {
    if (root.name != "met") return fail(root, "the root element is <" + root.name + ">, not <met>");
    MetSpec spec;
    bool have_info = false, have_length = false, have_pre = false;
    int post_tables = 0;
    for (const XmlElement& el : root.children) {
      if (el.name == "info") {
        have_info = true;
        for (const XmlElement& item : el.children) {
          if (item.name == "name") spec.info.name = item.text;
          if (item.name == "description") spec.info.description = item.text;
          if (item.name == "length") {
            const std::string_view t = trim(item.text);
            const auto r = std::from_chars(t.data(), t.data() + t.size(), spec.info.length);
            if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size())
              return fail(item, "<length> is not an integer: \"" + item.text + "\"");
            have_length = true;
          }
        }
      } else if (el.name == "pre-crawford-table") {
        if (have_pre) return fail(el, "more than one <pre-crawford-table>");
        have_pre = true;
        if (!read_table(el, spec.pre_crawford, /*post=*/false)) return std::nullopt;
      } else if (el.name == "post-crawford-table") {
        ++post_tables;
        if (!read_post_table(el, spec)) return std::nullopt;
      }
    }
    if (!have_info) return fail(root, "no <info> element");
    if (!have_length) return fail(root, "no <length> in <info>");
    if (spec.info.length < -1 || spec.info.length > kMetMaxAway)
      return fail(root, "length " + std::to_string(spec.info.length) + " outside -1.." +
                            std::to_string(kMetMaxAway));
    if (!have_pre) return fail(root, "no <pre-crawford-table>");
    if (post_tables == 0) return fail(root, "no <post-crawford-table>");
    return spec;
  }

  const std::string& error() const { return error_; }

 private:
  std::nullopt_t fail(const XmlElement& where, std::string_view what) {
    if (error_.empty()) error_ = "line " + std::to_string(where.line) + ": " + std::string(what);
    return std::nullopt;
  }
  bool failed(const XmlElement& where, std::string_view what) {
    fail(where, what);
    return false;
  }

  bool read_type(const XmlElement& el, MetTableSpec::Type& type) {
    type = MetTableSpec::Type::kExplicit;  // gnubg's default when the attribute is missing
    const std::string* t = el.attribute("type");
    if (!t || *t == "explicit") return true;
    if (*t == "zadeh")
      type = MetTableSpec::Type::kZadeh;
    else if (*t == "mec")
      type = MetTableSpec::Type::kMec;
    else
      return failed(el, "unknown table type \"" + *t + "\" (explicit, zadeh or mec)");
    return true;
  }

  bool read_number(const XmlElement& el, float& out) {
    const std::string_view t = trim(el.text);
    double v = 0.0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size())
      return failed(el, "<" + el.name + "> is not a number: \"" + el.text + "\"");
    out = static_cast<float>(v);  // gnubg reads a double and stores a float
    return true;
  }

  // Rows and parameters of one table element into `table` (type already set).
  bool read_contents(const XmlElement& el, MetTableSpec& table, bool post) {
    for (const XmlElement& part : el.children) {
      if (part.name == "row") {
        if (post && !table.rows.empty())
          return failed(part, "a post-Crawford table has a single <row>");
        std::vector<float>& row = table.rows.emplace_back();
        for (const XmlElement& me : part.children) {
          if (me.name != "me") continue;
          float v = 0.0f;
          if (!read_number(me, v)) return false;
          if (!(v >= 0.0f && v <= 1.0f))
            return failed(me, "match equity " + std::string(trim(me.text)) + " outside [0, 1]");
          row.push_back(v);
        }
        if (row.size() > kMetMaxAway)
          return failed(part, "row with more than " + std::to_string(kMetMaxAway) + " entries");
        if (table.rows.size() > kMetMaxAway)
          return failed(part, "more than " + std::to_string(kMetMaxAway) + " rows");
      } else if (part.name == "parameters") {
        for (const XmlElement& p : part.children) {
          if (p.name != "parameter") continue;
          const std::string* name = p.attribute("name");
          if (!name) return failed(p, "<parameter> without a name");
          float v = 0.0f;
          if (!read_number(p, v)) return false;
          table.parameters.emplace_back(*name, v);
        }
      }
    }
    return true;
  }

  bool read_table(const XmlElement& el, MetTableSpec& table, bool post) {
    if (!read_type(el, table.type)) return false;
    return read_contents(el, table, post);
  }

  bool read_post_table(const XmlElement& el, MetSpec& spec) {
    MetTableSpec::Type type;
    if (!read_type(el, type)) return false;
    const std::string* who = el.attribute("player");
    int player = 2;  // both
    if (who && *who == "0")
      player = 0;
    else if (who && *who == "1")
      player = 1;
    else if (who && *who != "both")
      return failed(el, "player=\"" + *who + "\" (both, 0 or 1)");
    // gnubg: each post-Crawford table element sets the type of both rows.
    spec.post_crawford[0].type = spec.post_crawford[1].type = type;
    MetTableSpec read;
    read.type = type;
    if (!read_contents(el, read, /*post=*/true)) return false;
    for (int p = 0; p < 2; ++p) {
      if (player != 2 && player != p) continue;
      if (!read.rows.empty()) spec.post_crawford[p].rows = read.rows;
      // gnubg: parameters of a table for both players go to player 0's row only.
      if (player == p || (player == 2 && p == 0))
        spec.post_crawford[p].parameters.insert(spec.post_crawford[p].parameters.end(),
                                                read.parameters.begin(), read.parameters.end());
    }
    return true;
  }

  std::string error_;
};

}  // namespace

engine::Result<MetSpec> parse_met_xml(std::string_view xml, std::string_view name) {
  XmlReader reader(xml);
  std::optional<XmlElement> root = reader.read_document();
  if (!root) return engine::Error{std::string(name) + ": malformed XML: " + reader.error()};
  MetInterpreter interpreter;
  std::optional<MetSpec> spec = interpreter.run(*root);
  if (!spec) return engine::Error{std::string(name) + ": not a valid MET: " + interpreter.error()};
  return std::move(*spec);
}

}  // namespace tavla::eval
