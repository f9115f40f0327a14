// SPDX-License-Identifier: GPL-3.0-or-later
// gnubg 1.07's `annotate` (play.c: AnnotateMove, AnnotateRoll, CommandAnnotate*): marks and
// comments on the record after the position shown, so a review (`previous', `first move') must
// select it first. The marks show in `list game' and select the records of `next marked'.
#include "shell/command_table.h"
#include "shell/shell.h"
#include "shell/text_util.h"

namespace tavla::shell {

namespace {
// gnubg's aszSkillType and aszLuckType (the names of the marks in its messages).
const char* const kSkillName[] = {"very bad", "bad", "doubtful"};
const char* const kLuckName[] = {"very unlucky", "unlucky", "", "lucky", "very lucky"};
}  // namespace

engine::MoveRecord* Shell::next_record_to_edit() {
  if (!next_record()) return nullptr;
  return &review_->games[review_->game].records[review_->applied];
}

void Shell::annotate_for(AnnotateTarget target, std::string& args) {
  annotate_target_ = target;
  handle(args, annotate_move_commands(), false);
}

void Shell::cmd_annotate_move(std::string& args) {
  annotate_for(AnnotateTarget::kMove, args);
}
void Shell::cmd_annotate_cube(std::string& args) {
  annotate_for(AnnotateTarget::kCube, args);
}
void Shell::cmd_annotate_double(std::string& args) {
  annotate_for(AnnotateTarget::kDouble, args);
}
void Shell::cmd_annotate_accept(std::string& args) {
  annotate_for(AnnotateTarget::kAccept, args);
}
void Shell::cmd_annotate_drop(std::string& args) {
  annotate_for(AnnotateTarget::kDrop, args);
}
void Shell::cmd_annotate_reject(std::string& args) {
  annotate_for(AnnotateTarget::kReject, args);
}
void Shell::cmd_annotate_resign(std::string& args) {
  annotate_for(AnnotateTarget::kResign, args);
}

// gnubg's AnnotateMove: which mark of the record the target names (gnubg's switch on the record
// type and `at'); "Invalid annotation" leaves the record as it is but still reports the mark.
void Shell::annotate_skill(engine::Skill skill) {
  using engine::RecordKind;
  using T = AnnotateTarget;
  engine::MoveRecord* r = next_record_to_edit();
  if (!r) {
    out("You must select a move to annotate first.\n");
    return;
  }
  const T t = annotate_target_;
  engine::Skill* mark = nullptr;
  switch (r->kind) {
    case RecordKind::kMove:
      if (t == T::kMove) mark = &r->skill;
      if (t == T::kCube || t == T::kDouble) mark = &r->cube_skill;
      break;
    case RecordKind::kDouble:
      if (t == T::kCube || t == T::kDouble) mark = &r->cube_skill;
      break;
    case RecordKind::kTake:
      if (t == T::kCube || t == T::kAccept) mark = &r->cube_skill;
      break;
    case RecordKind::kDrop:
      if (t == T::kCube || t == T::kReject || t == T::kDrop) mark = &r->cube_skill;
      break;
    case RecordKind::kResign:
      if (t == T::kResign) mark = &r->resign_skill;
      if (t == T::kAccept || t == T::kReject) mark = &r->accept_skill;
      break;
    default:
      out("You cannot annotate this move.\n");
      return;
  }
  if (mark)
    *mark = skill;
  else
    out("Invalid annotation\n");
  if (skill == engine::Skill::kNone)
    out("Skill annotation cleared.\n");
  else
    outf("Move marked as %s.\n", kSkillName[static_cast<int>(skill)]);
}

void Shell::annotate_luck(engine::Luck luck) {
  engine::MoveRecord* r = next_record_to_edit();
  if (!r) {
    out("You must select a move to annotate first.\n");
    return;
  }
  if (r->kind != engine::RecordKind::kMove && r->kind != engine::RecordKind::kSetDice) {
    out("You cannot annotate this move.\n");
    return;
  }
  r->luck = luck;
  if (luck == engine::Luck::kNone)
    out("Luck annotation cleared.\n");
  else
    outf("Roll marked as %s.\n", kLuckName[static_cast<int>(luck)]);
}

void Shell::cmd_annotate_bad(std::string&) {
  annotate_skill(engine::Skill::kBad);
}
void Shell::cmd_annotate_verybad(std::string&) {
  annotate_skill(engine::Skill::kVeryBad);
}
void Shell::cmd_annotate_doubtful(std::string&) {
  annotate_skill(engine::Skill::kDoubtful);
}
void Shell::cmd_annotate_clear_skill(std::string&) {
  annotate_skill(engine::Skill::kNone);
}
void Shell::cmd_annotate_lucky(std::string&) {
  annotate_luck(engine::Luck::kLucky);
}
void Shell::cmd_annotate_unlucky(std::string&) {
  annotate_luck(engine::Luck::kUnlucky);
}
void Shell::cmd_annotate_verylucky(std::string&) {
  annotate_luck(engine::Luck::kVeryLucky);
}
void Shell::cmd_annotate_veryunlucky(std::string&) {
  annotate_luck(engine::Luck::kVeryUnlucky);
}
void Shell::cmd_annotate_clear_luck(std::string&) {
  annotate_luck(engine::Luck::kNone);
}

// gnubg keeps the rest of the line as typed (its quotes and backslashes included).
void Shell::cmd_annotate_add_comment(std::string& args) {
  engine::MoveRecord* r = next_record_to_edit();
  if (!r) {
    out("You must select a move to which to add the comment.\n");
    return;
  }
  r->comment = args;
  out("Commentary for this move added.\n");
}

void Shell::cmd_annotate_clear_comment(std::string&) {
  engine::MoveRecord* r = next_record_to_edit();
  if (!r) {
    out("You must select a move to clear the comment from.\n");
    return;
  }
  r->comment.clear();
  out("Commentary for this move cleared.\n");
}

}  // namespace tavla::shell
