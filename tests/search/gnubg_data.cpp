// SPDX-License-Identifier: GPL-3.0-or-later
#include "gnubg_data.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace tavla::test {

namespace {

namespace fs = std::filesystem;

const char* const kWeights = "/usr/lib/gnubg/gnubg.wd";
const char* const kOneSided = "/usr/share/gnubg/gnubg_os0.bd";
// gnubg looks for gnubg_ts0.bd next to its data; Debian's postinst builds it in /var/lib/gnubg
// ("makebearoff -t 6x6", debconf question gnubg/build-bearoffs, default yes).
const std::vector<const char*> kTwoSided = {"/usr/share/gnubg/gnubg_ts0.bd",
                                            "/var/lib/gnubg/gnubg_ts0.bd"};

GnubgDataStatus load() {
  GnubgDataStatus status;
  const char* hint = " (install gnubg 1.07: Debian/Ubuntu packages gnubg and gnubg-data)";
  for (const char* file : {kWeights, kOneSided})
    if (!fs::exists(file)) {
      status.missing = std::string(file) + " is missing" + hint;
      return status;
    }
  const char* two_sided = nullptr;
  for (const char* file : kTwoSided)
    if (fs::exists(file)) two_sided = file;
  if (!two_sided) {
    status.missing = "gnubg_ts0.bd is missing from /usr/share/gnubg and /var/lib/gnubg" +
                     std::string(hint) + "; or build it with makebearoff -t 6x6";
    return status;
  }
  auto nets = eval::NetSet::load(kWeights);
  if (!nets) {
    status.missing = nets.error();
    return status;
  }
  auto dbs = bearoff::BearoffDatabases::open(kOneSided, two_sided);
  if (!dbs) {
    status.missing = dbs.error();
    return status;
  }
  static GnubgData data;
  data.nets = *nets;
  data.databases = std::move(dbs).value();
  data.bearoff = std::make_unique<bearoff::DatabaseBearoffProvider>(data.databases);
  status.data = &data;
  return status;
}

}  // namespace

const GnubgDataStatus& gnubg_data() {
  static const GnubgDataStatus status = load();
  return status;
}

bool running_in_ci() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string(ci) == "true";
}

}  // namespace tavla::test
