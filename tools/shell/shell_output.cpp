// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg's `set output ...' and `show output' (set.c, show.c, gnubg.c of 1.07): how hints,
// evaluations, analyses and statistics print their figures (output_, error_rate_factor_), boards
// as FIBS lines (raw_board_), whether anything is printed (output_on_); and `set/show
// ratingoffset', the absolute rating of `show statistics'.
#include <string>

#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {
constexpr int kMaxOutputDigits = 6;  // gnubg's MAX_OUTPUT_DIGITS
}  // namespace

// gnubg's foutput_on: in 1.07 it only silences the boards (ShowBoard).
void Shell::cmd_set_output_output(std::string& args) {
  toggle("output", output_on_, args, "output will be shown", "output will not be shown");
}

void Shell::cmd_set_output_matchpc(std::string& args) {
  toggle("output matchpc", output_.match_pc, args,
         "Match winning chances will be shown as percentages.",
         "Match winning chances will be shown as probabilities.");
}

void Shell::cmd_set_output_mwc(std::string& args) {
  toggle("output mwc", output_.mwc, args,
         "Match evaluations will be shown as match winning chances.",
         "Match evaluations will be shown as equivalent money equity.");
}

void Shell::cmd_set_output_rawboard(std::string& args) {
  toggle("output rawboard", raw_board_, args, "TTY boards will be given in raw format.",
         "TTY boards will be given in ASCII.");
}

void Shell::cmd_set_output_winpc(std::string& args) {
  toggle("output winpc", output_.win_pc, args,
         "Game winning chances will be shown as percentages.",
         "Game winning chances will be shown as probabilities.");
}

void Shell::cmd_set_output_digits(std::string& args) {
  const std::optional<int> n = parse_number(args);
  // gnubg accepts 0 although its message asks for at least 1.
  if (!n || *n < 0 || *n > kMaxOutputDigits) {
    outf("You must specify a number between 1 and %d.\n", kMaxOutputDigits);
    return;
  }
  output_.digits = *n;
  outf("Probabilities and equities will be shown with %d digits after the decimal separator\n",
       *n);
}

void Shell::cmd_set_output_errorratefactor(std::string& args) {
  const std::optional<float> r = parse_real(args);
  if (!r || *r < 0.0f) {
    out("Please provide a positive number\n\n");  // gnubg's message ends with an empty line
    return;
  }
  error_rate_factor_ = *r;
  outf("The factor used for multiplying error rates is: %.1f\n",
       static_cast<double>(error_rate_factor_));
}

void Shell::cmd_set_ratingoffset(std::string& args) {
  const std::optional<float> r = parse_real(args);
  if (!r || *r < 0.0f) {
    out("Please provide a positive rating offset\n\n");  // gnubg's message ends with an empty line
    return;
  }
  rating_offset_ = *r;
  cmd_show_ratingoffset(args);
}

void Shell::cmd_show_ratingoffset(std::string&) {
  outf("The rating offset for estimating absolute ratings is: %.1f\n",
       static_cast<double>(rating_offset_));
}

void Shell::cmd_show_output(std::string&) {
  out(output_.match_pc ? "Match winning chances will be shown as percentages.\n"
                       : "Match winning chances will be shown as probabilities.\n");
  out(output_.mwc
          ? "Match equities shown in MWC (match winning chance) (match play only).\n"
          : "Match equities shown in EMG (normalized money game equity) (match play only).\n");
  out(output_.win_pc ? "Game winning chances will be shown as percentages.\n"
                     : "Game winning chances will be shown as probabilities.\n");
  out(raw_board_ ? "Boards will be shown in raw format.\n" : "Boards will be shown in ASCII.\n");
}

}  // namespace tavla::shell
