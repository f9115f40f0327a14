// SPDX-License-Identifier: GPL-3.0-or-later
// `export match html` and `export game html`: tavla's own match report (text/match_report_html.h,
// the page `tavla analyze MATCH --html` writes): one self-contained page with the statistics,
// the graph of the match and the costliest decisions, made from the analysis the shell holds
// (`analyse match` / `game`, or the analysis a loaded match file carried). It is not gnubg's
// HTML export (a page per game with board images in a folder); games not analysed show their
// plays in no table and count no errors.
#include <filesystem>

#include "shell/shell.h"
#include "shell/text_util.h"
#include "text/match_report_html.h"

namespace tavla::shell {

void Shell::export_html(const std::string& file, size_t first, size_t last) {
  std::vector<analysis::StoredGameAnalysis> analyses;
  const auto& games = all_games();
  for (size_t g = first; g < last; ++g) {
    analyses.emplace_back();
    if (g < game_analyses_.size() && game_analyses_[g] &&
        game_analyses_[g]->decisions.size() == games[g].records.size())
      for (const analysis::DecisionAnalysis& d : game_analyses_[g]->decisions)
        analyses.back().push_back(analysis::stored_decision(d));
  }
  auto m = analysis::recount_match(match_record(first, last), analyses, analysis_settings());
  if (!m) {
    errf("%s", m.error().c_str());
    return;
  }
  std::error_code ec;
  if (file != "-" && confirm_save_ && std::filesystem::exists(file, ec) &&
      !confirm(strf("File \"%s\" exists. Overwrite? ", file.c_str())))
    return;
  write_export(file, text::match_report_html(*m));
}

void Shell::cmd_export_match_html(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!file || file->empty()) {
    out("You must specify a file to export to (see `help export match html').\n");
    return;
  }
  if (!flow_.has_game()) {  // gnubg writes nothing, silently
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  export_html(*file, 0, all_games().size());
}

void Shell::cmd_export_game_html(std::string& args) {
  std::optional<std::string> file = next_token(args);
  if (!flow_.has_game()) {
    out("No game in progress (type `new game' to start one).\n");
    return;
  }
  if (!file || file->empty()) {
    out("You must specify a file to export to (see `help export game html').\n");
    return;
  }
  export_html(*file, current_game_index(), current_game_index() + 1);
}

}  // namespace tavla::shell
