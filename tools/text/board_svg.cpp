// SPDX-License-Identifier: GPL-3.0-or-later
#include "text/board_svg.h"

#include <cstdio>
#include <string>

namespace tavla::text {

namespace {

// Geometry in SVG user units. The board: a cube column on the left, two halves of six points
// with the bar between them, the borne-off trays on the right; the top and bottom rows of
// points with a middle strip for the dice.
constexpr int kCubeColumn = 60;                // x of the board's left edge
constexpr int kPointWidth = 40;
constexpr int kBarWidth = 40;
constexpr int kHalf = 6 * kPointWidth;         // one half of the board
constexpr int kLeftHalf = kCubeColumn;         // x of the left half
constexpr int kBar = kLeftHalf + kHalf;        // x of the bar
constexpr int kRightHalf = kBar + kBarWidth;   // x of the right half
constexpr int kTray = kRightHalf + kHalf + 10; // x of the borne-off trays
constexpr int kTrayWidth = 40;
constexpr int kWidth = kTray + kTrayWidth + 10;
constexpr int kTop = 50;                       // y of the top row's edge
constexpr int kRowHeight = 190;                // a point's length
constexpr int kMiddle = 60;                    // the strip between the rows
constexpr int kBottom = kTop + 2 * kRowHeight + kMiddle;  // y of the bottom row's edge
constexpr int kHeight = kBottom + 50;          // with pip counts and caption below
constexpr int kRadius = 18;                    // chequer radius
constexpr int kShown = 5;                      // chequers drawn per point; more: a count

const char* const kDark = "#2b2b2b";
const char* const kLight = "#f4efe2";

// Centre x of the side on roll's point p (1..24) and whether it is in the top row.
int point_x(int p) {
  if (p <= 6) return kRightHalf + (6 - p) * kPointWidth + kPointWidth / 2;
  if (p <= 12) return kLeftHalf + (12 - p) * kPointWidth + kPointWidth / 2;
  if (p <= 18) return kLeftHalf + (p - 13) * kPointWidth + kPointWidth / 2;
  return kRightHalf + (p - 19) * kPointWidth + kPointWidth / 2;
}
bool top_row(int p) { return p >= 13; }

// Centre y of the k-th chequer (0 = at the edge) on a point of the given row.
int stack_y(bool top, int k) {
  return top ? kTop + kRadius + k * 2 * kRadius : kBottom - kRadius - k * 2 * kRadius;
}

void append(std::string& out, const char* format, auto... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, format, args...);
  out += buf;
}

void chequer(std::string& out, int x, int y, bool dark, int label) {
  append(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#111\" stroke-width=\"1.5\"/>",
         x, y, kRadius - 1, dark ? kDark : kLight);
  if (label > 0)
    append(out,
           "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\" "
           "fill=\"%s\">%d</text>",
           x, y + 6, dark ? kLight : kDark, label);
}

// A stack of `n` chequers on a point; above kShown the outermost carries the count.
void stack(std::string& out, int x, bool top, int n, bool dark) {
  for (int k = 0; k < n && k < kShown; ++k)
    chequer(out, x, stack_y(top, k), dark, k == kShown - 1 && n > kShown ? n : 0);
}

void die(std::string& out, int x, int y, int value) {
  append(out, "<rect x=\"%d\" y=\"%d\" width=\"34\" height=\"34\" rx=\"6\" fill=\"%s\" "
              "stroke=\"#111\"/>", x, y, kDark);
  static const int pips[7][6][2] = {{},
                                    {{17, 17}},
                                    {{9, 9}, {25, 25}},
                                    {{9, 9}, {17, 17}, {25, 25}},
                                    {{9, 9}, {25, 9}, {9, 25}, {25, 25}},
                                    {{9, 9}, {25, 9}, {17, 17}, {9, 25}, {25, 25}},
                                    {{9, 9}, {25, 9}, {9, 17}, {25, 17}, {9, 25}, {25, 25}}};
  for (int i = 0; i < value; ++i)
    append(out, "<circle cx=\"%d\" cy=\"%d\" r=\"3.5\" fill=\"%s\"/>", x + pips[value][i][0],
           y + pips[value][i][1], kLight);
}

// Where a step of the side on roll starts or ends: the point's outermost chequer position (the
// bar: the upper half of the bar; off: the lower tray).
void step_end(int index, int& x, int& y) {
  if (index >= 24) {
    x = kBar + kBarWidth / 2;
    y = kTop + kRowHeight - 2 * kRadius;
  } else if (index < 0) {
    x = kTray + kTrayWidth / 2;
    y = kBottom - 60;
  } else {
    const int p = index + 1;
    x = point_x(p);
    y = stack_y(top_row(p), 2);
  }
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string board_svg(const engine::Board& board, const engine::MatchState& match,
                      const SvgBoardOptions& options) {
  std::string out;
  const int height = options.width * kHeight / kWidth;
  append(out,
         "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tavla-board\" width=\"%d\" "
         "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">",
         options.width, height, kWidth, kHeight);
  out += "<defs><marker id=\"tavla-arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" "
         "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0 0 "
         "L10 5 L0 10 z\" fill=\"#d32f2f\"/></marker></defs>";
  // Frame, felt, bar and trays.
  append(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>", kWidth,
         kHeight);
  append(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#6d4c41\"/>",
         kCubeColumn - 10, kTop - 10, kTray + kTrayWidth - kCubeColumn + 20,
         kBottom - kTop + 20);
  for (int x : {kLeftHalf, kRightHalf})
    append(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#eadbc0\"/>", x,
           kTop, kHalf, kBottom - kTop);
  append(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#4e342e\"/>", kTray,
         kTop, kTrayWidth, kBottom - kTop);
  // Points: triangles alternating in colour, numbered from the side on roll.
  for (int p = 1; p <= 24; ++p) {
    const int x = point_x(p) - kPointWidth / 2;
    const bool top = top_row(p);
    const int base = top ? kTop : kBottom;
    const int tip = top ? kTop + kRowHeight - 10 : kBottom - kRowHeight + 10;
    append(out, "<polygon points=\"%d,%d %d,%d %d,%d\" fill=\"%s\"/>", x, base,
           x + kPointWidth, base, x + kPointWidth / 2, tip, p % 2 ? "#a1887f" : "#8d3b2b");
    append(out,
           "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\" "
           "fill=\"#444\">%d</text>",
           x + kPointWidth / 2, top ? kTop - 14 : kBottom + 24, p);
  }
  // Chequers: the side on roll's index i is its point i + 1; the opponent's index i is the side
  // on roll's point 24 - i.
  const auto& mine = board.on_roll();
  const auto& theirs = board.opponent();
  for (int i = 0; i < 24; ++i) {
    if (mine[i] > 0) stack(out, point_x(i + 1), top_row(i + 1), mine[i], true);
    if (theirs[i] > 0) stack(out, point_x(24 - i), top_row(24 - i), theirs[i], false);
  }
  // The bar: the side on roll's chequers in the upper half (they enter in the top right
  // quadrant), the opponent's in the lower half.
  const int bar_x = kBar + kBarWidth / 2;
  for (int k = 0; k < mine[24] && k < 3; ++k)
    chequer(out, bar_x, kTop + kRowHeight - kRadius - k * 2 * kRadius, true,
            k == 2 && mine[24] > 3 ? mine[24] : 0);
  for (int k = 0; k < theirs[24] && k < 3; ++k)
    chequer(out, bar_x, kBottom - kRowHeight + kRadius + k * 2 * kRadius, false,
            k == 2 && theirs[24] > 3 ? theirs[24] : 0);
  // Borne-off chequers: thin slabs, the side on roll's in the lower tray.
  for (int side = 0; side < 2; ++side) {
    const bool on_roll = side == engine::Board::kOnRoll;
    const int off = board.borne_off(side);
    for (int k = 0; k < off; ++k) {
      const int y = on_roll ? kBottom - 12 - k * 12 : kTop + 2 + k * 12;
      append(out,
             "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"10\" rx=\"2\" fill=\"%s\" "
             "stroke=\"#111\"/>",
             kTray + 4, y, kTrayWidth - 8, on_roll ? kDark : kLight);
    }
  }
  // The cube: centred at the left, or on its owner's side; none in a Crawford game.
  if (match.cube_use && !match.crawford) {
    const int owner = match.cube_owner;
    const int y = owner == engine::kCubeCentred ? (kTop + kBottom) / 2 - 20
                  : owner == match.on_roll      ? kBottom - 44
                                                : kTop + 4;
    append(out,
           "<rect class=\"cube\" x=\"6\" y=\"%d\" width=\"40\" height=\"40\" rx=\"5\" "
           "fill=\"#fff\" stroke=\"#111\" stroke-width=\"2\"/><text x=\"26\" y=\"%d\" "
           "text-anchor=\"middle\" font-size=\"18\" font-weight=\"bold\">%d</text>",
           y, y + 27, owner == engine::kCubeCentred && match.cube == 1 ? 64 : match.cube);
  }
  // Dice of the side on roll, in the middle of the right half.
  if (match.dice_rolled()) {
    const int y = kTop + kRowHeight + (kMiddle - 34) / 2;
    die(out, kRightHalf + kHalf / 2 - 40, y, match.dice[0]);
    die(out, kRightHalf + kHalf / 2 + 6, y, match.dice[1]);
  }
  // The play as arrows.
  for (int s = 0; s < options.play.step_count(); ++s) {
    int x1, y1, x2, y2;
    step_end(options.play.from(s), x1, y1);
    step_end(options.play.to(s), x2, y2);
    append(out,
           "<line class=\"play\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d32f2f\" "
           "stroke-width=\"4\" stroke-opacity=\"0.8\" marker-end=\"url(#tavla-arrow)\"/>",
           x1, y1, x2, y2);
  }
  // Names and pip counts: the opponent above the board, the side on roll below.
  const std::string them = xml_escape(options.opponent_name);
  const std::string me = xml_escape(options.on_roll_name);
  // (Text of any length: concatenated, not formatted into a fixed buffer.)
  const auto label = [](const std::string& name, int pips) {
    return xml_escape(name) + (name.empty() ? "" : ": ") + "pips " + std::to_string(pips);
  };
  out += "<text x=\"" + std::to_string(kLeftHalf) + "\" y=\"18\" font-size=\"14\">" +
         label(options.opponent_name, board.pip_count(engine::Board::kOpponent)) + "</text>";
  out += "<text x=\"" + std::to_string(kLeftHalf) + "\" y=\"" + std::to_string(kBottom + 44) +
         "\" font-size=\"14\" font-weight=\"bold\">" +
         label(options.on_roll_name, board.pip_count(engine::Board::kOnRoll)) + "</text>";
  if (!options.caption.empty())
    out += "<text x=\"" + std::to_string(kRightHalf) + "\" y=\"" +
           std::to_string(kBottom + 44) + "\" font-size=\"14\">" + xml_escape(options.caption) +
           "</text>";
  out += "</svg>";
  return out;
}

}  // namespace tavla::text
