// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's export settings (exsExport; set.c's CommandSetExport..., show.c's CommandShowExport):
// `set export include|show|moves|cube|html|png ...' and `show export', in gnubg's words. They are
// kept, shown and saved (`save settings', shell_settings_file.cpp); which of tavla's exports
// honour them is said in the README (gnubg's own `show export' warns that not all are honoured).
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {

// gnubg's BOARD_WIDTH and BOARD_HEIGHT: the board image's size in units of the size setting.
constexpr int kBoardWidth = 108;
constexpr int kBoardHeight = 82;

const char* yes_no(bool f) {
  return f ? "yes" : "no";
}

// gnubg's aszSkillType, in its order (very bad, bad, doubtful, none).
const char* const kSkillNames[] = {"very bad", "bad", "doubtful"};

// gnubg's show.c writes each label, then "\r" and six tabs, then ": value".
constexpr const char* kColumn = "\r\t\t\t\t\t\t: ";

}  // namespace

const char* Shell::ExportSettings::html_type_name(int type) {
  static const char* const names[] = {"gnu", "bbs", "fibs2html"};  // gnubg's aszHTMLExportType
  return names[type];
}

void Shell::cmd_set_export_include_annotations(std::string& args) {
  toggle("annotations", export_.include_annotations, args, "Include annotations in exports",
         "Do not include annotations in exports");
}

void Shell::cmd_set_export_include_analysis(std::string& args) {
  toggle("analysis", export_.include_analysis, args, "Include analysis in exports",
         "Do not include analysis in exports");
}

void Shell::cmd_set_export_include_statistics(std::string& args) {
  toggle("statistics", export_.include_statistics, args, "Include statistics in exports",
         "Do not include statistics in exports");
}

void Shell::cmd_set_export_include_matchinfo(std::string& args) {
  toggle("matchinfo", export_.include_match_info, args, "Include match information in exports",
         "Do not include match information in exports");
}

// gnubg ends neither message with a newline (the next output follows on the same line).
void Shell::cmd_set_export_show_board(std::string& args) {
  const std::optional<int> n = parse_number(args);
  if (!n || *n < 0) {
    out("You must specify a semi-positive number.\n");
    return;
  }
  export_.display_board = *n;
  if (*n == 0)
    out("The board will never been shown in exports.");
  else
    outf("The board will be shown every %d. move in exports.", *n);
}

// gnubg's ParsePlayer takes the whole rest of the line: an empty one is a prefix of "both".
void Shell::cmd_set_export_show_player(std::string& args) {
  const std::string word = trim(args);
  const int p = parse_player(word);
  if (p < 0) {
    outf("Unknown player `%s' (see `help set export show player').\n", word.c_str());
    return;
  }
  export_.side = p + 1;
  if (p == 2)
    out("Analysis, boards etc will be shown for both players in exports.\n");
  else
    outf("Analysis, boards etc will only be shown for player %s in exports.\n", name(p).c_str());
}

void Shell::cmd_set_export_moves_number(std::string& args) {
  const std::optional<int> n = parse_number(args);
  if (!n || *n < 0) {
    out("You must specify a semi-positive number.\n");
    return;
  }
  export_.moves = *n;
  outf("Show at most %d moves in exports.\n", *n);
}

void Shell::cmd_set_export_moves_probabilities(std::string& args) {
  toggle("probabilities", export_.moves_probabilities, args,
         "Show detailed probabilities for moves", "Do not show detailed probabilities for moves");
}

void Shell::cmd_set_export_cube_probabilities(std::string& args) {
  toggle("probabilities", export_.cube_probabilities, args,
         "Show detailed probabilities for cube decisions",
         "Do not show detailed probabilities for cube decisions");
}

// `set export moves|cube parameters ...': gnubg's pParameter names the pair the words after set.
namespace {
const CommandEntry* export_parameters_table() {
  const CommandEntry* set = find_command(top_commands(), "set")->sub;
  const CommandEntry* moves = find_command(find_command(set, "export")->sub, "moves")->sub;
  return find_command(moves, "parameters")->sub;
}
}  // namespace

void Shell::cmd_set_export_moves_parameters(std::string& args) {
  export_parameters_ = export_.moves_parameters;
  handle(args, export_parameters_table(), false);
}

void Shell::cmd_set_export_cube_parameters(std::string& args) {
  export_parameters_ = export_.cube_parameters;
  handle(args, export_parameters_table(), false);
}

void Shell::cmd_set_export_parameters_evaluation(std::string& args) {
  toggle("evaluation", export_parameters_[0], args, "Show detailed parameters for evaluations",
         "Do not show detailed parameters for evaluations");
}

void Shell::cmd_set_export_parameters_rollout(std::string& args) {
  toggle("rollout", export_parameters_[1], args, "Show detailed parameters for rollouts",
         "Do not show detailed parameters for rollouts");
}

void Shell::set_export_display(bool& flag, std::string& args, const char* command,
                               const char* what) {
  toggle(command, flag, args, strf("Export %s.", what).c_str(),
         strf("Do not export %s.", what).c_str());
}

void Shell::cmd_set_export_moves_display_verybad(std::string& args) {
  set_export_display(export_.moves_display[0], args, "export moves display very bad",
                     "moves marked 'very bad'");
}
void Shell::cmd_set_export_moves_display_bad(std::string& args) {
  set_export_display(export_.moves_display[1], args, "export moves display bad",
                     "moves marked 'bad'");
}
void Shell::cmd_set_export_moves_display_doubtful(std::string& args) {
  set_export_display(export_.moves_display[2], args, "export moves display doubtful",
                     "moves marked 'doubtful'");
}
void Shell::cmd_set_export_moves_display_unmarked(std::string& args) {
  set_export_display(export_.moves_display[3], args, "export moves display unmarked",
                     "unmarked moves");
}
void Shell::cmd_set_export_cube_display_verybad(std::string& args) {
  set_export_display(export_.cube_display[0], args, "export cube display very bad",
                     "cube decisions marked 'very bad'");
}
void Shell::cmd_set_export_cube_display_bad(std::string& args) {
  set_export_display(export_.cube_display[1], args, "export cube display bad",
                     "cube decisions marked 'bad'");
}
void Shell::cmd_set_export_cube_display_doubtful(std::string& args) {
  set_export_display(export_.cube_display[2], args, "export cube display doubtful",
                     "cube decisions marked 'doubtful'");
}
void Shell::cmd_set_export_cube_display_unmarked(std::string& args) {
  set_export_display(export_.cube_display[3], args, "export cube display unmarked",
                     "unmarked cube decisions");
}
void Shell::cmd_set_export_cube_display_actual(std::string& args) {
  set_export_display(export_.cube_display[4], args, "export cube display actual",
                     "actual cube decisions");
}
void Shell::cmd_set_export_cube_display_missed(std::string& args) {
  set_export_display(export_.cube_display[5], args, "export cube display missed",
                     "missed cube decisions");
}
void Shell::cmd_set_export_cube_display_close(std::string& args) {
  set_export_display(export_.cube_display[6], args, "export cube display close",
                     "close cube decisions");
}

void Shell::set_export_html_type(int type) {
  export_.html_type = type;
  outf("HTML export type is now: \n%s\n", ExportSettings::html_type_name(type));
}
void Shell::cmd_set_export_html_type_bbs(std::string&) {
  set_export_html_type(1);
}
void Shell::cmd_set_export_html_type_fibs2html(std::string&) {
  set_export_html_type(2);
}
void Shell::cmd_set_export_html_type_gnu(std::string&) {
  set_export_html_type(0);
}

// gnubg's SetExportHTMLCSS: silent when nothing changes; leaving "external" calls its
// CommandNotImplemented first.
void Shell::set_export_html_css(int css) {
  static const char* const what[] = {"in <head>", "inline (inside tags)",
                                     "external file (\"gnubg.css\")"};
  if (export_.html_css == css) return;
  if (export_.html_css == 2) out("That command is not yet implemented.\n");
  export_.html_css = css;
  outf("CSS stylesheet for HTML export: %s\n", what[css]);
}
void Shell::cmd_set_export_html_css_head(std::string&) {
  set_export_html_css(0);
}
void Shell::cmd_set_export_html_css_inline(std::string&) {
  set_export_html_css(1);
}
void Shell::cmd_set_export_html_css_external(std::string&) {
  set_export_html_css(2);
}

void Shell::cmd_set_export_html_pictureurl(std::string& args) {
  if (trim(args).empty()) {
    out("You must specify a URL. See `help set export html pictureurl'.\n");
    return;
  }
  std::optional<std::string> url = next_token(args);
  export_.picture_url = url ? *url : "";
  outf("URL for picture in HTML export is now: \n%s\n", export_.picture_url.c_str());
}

void Shell::cmd_set_export_html_size(std::string& args) {
  const std::optional<int> n = parse_number(args);
  if (!n || *n < 1 || *n > 20) {
    out("You must specify a size between 1 and 20.\n");
    return;
  }
  export_.html_size = *n;
  outf("Size of generated HTML images is %dx%d pixels\n", *n * kBoardWidth, *n * kBoardHeight);
}

void Shell::cmd_set_export_png_size(std::string& args) {
  const std::optional<int> n = parse_number(args);
  if (!n || *n < 1 || *n > 20) {
    out("You must specify a size between 1 and 20.\n");
    return;
  }
  export_.png_size = *n;
  outf("Size of generated PNG images are %dx%d pixels\n", *n * kBoardWidth, *n * kBoardHeight);
}

void Shell::cmd_show_export(std::string&) {
  const ExportSettings& e = export_;
  std::string s =
      "\nExport settings: \n\n"
      "WARNING: not all settings are honoured in the export!\n"
      "         Do not expect too much!\n\n"
      "Include: \n\n";
  s += strf("- annotations%s%s\n", kColumn, yes_no(e.include_annotations));
  s += strf("- analysis%s%s\n", kColumn, yes_no(e.include_analysis));
  s += strf("- statistics%s%s\n", kColumn, yes_no(e.include_statistics));
  // gnubg prints "- legend" with no value and no line break, as here.
  s += strf("- legend- match information%s%s\n\n", kColumn, yes_no(e.include_match_info));
  s += "Show: \n\n";
  s += strf("- board%s", kColumn);
  s += e.display_board == 0 ? std::string("never\n")
                            : strf("on every %d move\n", e.display_board);
  // gnubg's default (fSide -1) names no player: its ap[fSide - 1] reads outside the two players
  // and prints an empty name there.
  s += strf("- players%s%s\n", kColumn,
            e.side == 3                    ? "both"
            : e.side == 1 || e.side == 2 ? name(e.side - 1).c_str()
                                           : "");
  s += "\nOutput move analysis:\n\n";
  s += strf("- show at most%s%d moves\n", kColumn, e.moves);
  s += strf("- show detailed probabilities%s%s\n", kColumn, yes_no(e.moves_probabilities));
  s += strf("- show evaluation parameters%s%s\n", kColumn, yes_no(e.moves_parameters[0]));
  s += strf("- show rollout parameters%s%s\n", kColumn, yes_no(e.moves_parameters[1]));
  for (int i = 0; i < 4; ++i)
    s += (i == 3 ? std::string("- for unmarked moves")
                 : strf("- for moves marked '%s'", kSkillNames[i])) +
         kColumn + yes_no(e.moves_display[i]) + "\n";
  s += "\nOutput cube decision analysis:\n\n";
  s += strf("- show detailed probabilities%s%s\n", kColumn, yes_no(e.cube_probabilities));
  s += strf("- show evaluation parameters%s%s\n", kColumn, yes_no(e.cube_parameters[0]));
  s += strf("- show rollout parameters%s%s\n", kColumn, yes_no(e.cube_parameters[1]));
  for (int i = 0; i < 4; ++i)
    s += (i == 3 ? std::string("- for unmarked cube decisions")
                 : strf("- for cube decisions marked '%s'", kSkillNames[i])) +
         kColumn + yes_no(e.cube_display[i]) + "\n";
  s += strf("- actual cube decisions%s%s\n", kColumn, yes_no(e.cube_display[4]));
  s += strf("- missed cube decisions%s%s\n", kColumn, yes_no(e.cube_display[5]));
  s += strf("- close cube decisions%s%s\n", kColumn, yes_no(e.cube_display[6]));
  s += "\nHTML options:\n\n";
  s += strf("- HTML export type used in export\n\t%s\n", ExportSettings::html_type_name(e.html_type));
  s += strf("- URL to pictures used in export\n\t%s\n", e.picture_url.c_str());
  s += strf("- size of exported HTML pictures: %dx%d\n", e.html_size * kBoardWidth,
            e.html_size * kBoardHeight);
  s += "PNG options:\n\n";
  s += strf("- size of exported PNG pictures: %dx%d\n", e.png_size * kBoardWidth,
            e.png_size * kBoardHeight);
  s += "\n\n";
  out(s);
}

// gnubg's SaveImportExportSettings, after the folders.
std::string Shell::export_settings_commands() const {
  const ExportSettings& e = export_;
  std::string s;
  s += strf("set export include annotations %s\n", yes_no(e.include_annotations));
  s += strf("set export include analysis %s\n", yes_no(e.include_analysis));
  s += strf("set export include statistics %s\n", yes_no(e.include_statistics));
  s += strf("set export include matchinfo %s\n", yes_no(e.include_match_info));
  s += strf("set export show board %d\n", e.display_board);
  // gnubg writes its unset default (-1) as "player -2", which it does not read back (a quiet
  // "Unknown player" at start-up), leaving the default.
  if (e.side == 3)
    s += "set export show player both\n";
  else if (e.side != 0)
    s += strf("set export show player %d\n", e.side - 1);
  s += strf("set export move number %d\n", e.moves);  // "move": gnubg's abbreviation of "moves"
  s += strf("set export moves parameters evaluation %s\n", yes_no(e.moves_parameters[0]));
  s += strf("set export moves parameters rollout %s\n", yes_no(e.moves_parameters[1]));
  s += strf("set export moves probabilities %s\n", yes_no(e.moves_probabilities));
  static const char* const commands[] = {"verybad", "bad", "doubtful", "unmarked"};
  for (int i = 0; i < 4; ++i)
    s += strf("set export moves display %s %s\n", commands[i], yes_no(e.moves_display[i]));
  s += strf("set export cube parameters evaluation %s\n", yes_no(e.cube_parameters[0]));
  s += strf("set export cube parameters rollout %s\n", yes_no(e.cube_parameters[1]));
  s += strf("set export cube probabilities %s\n", yes_no(e.cube_probabilities));
  for (int i = 0; i < 4; ++i)
    s += strf("set export cube display %s %s\n", commands[i], yes_no(e.cube_display[i]));
  s += strf("set export cube display actual %s\n", yes_no(e.cube_display[4]));
  s += strf("set export cube display missed %s\n", yes_no(e.cube_display[5]));
  s += strf("set export cube display close %s\n", yes_no(e.cube_display[6]));
  s += strf("set export html pictureurl \"%s\"\n", e.picture_url.c_str());
  s += strf("set export html type \"%s\"\n", ExportSettings::html_type_name(e.html_type));
  static const char* const css[] = {"head", "inline", "external"};
  s += strf("set export html css %s\n", css[e.html_css]);
  s += strf("set export png size %d\n", e.png_size);
  s += strf("set export html size %d\n", e.html_size);
  return s;
}

}  // namespace tavla::shell
