// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "text/json.h"

using tavla::text::JsonWriter;

TEST(Json, WritesNestedValuesWithCommas) {
  JsonWriter w;
  w.begin_object();
  w.field("a", 1).field("b", "x\"y\n");
  w.key("c").begin_array().value(true).null().value(0.25).end_array();
  w.key("d").begin_object().end_object();
  w.end_object();
  EXPECT_EQ(w.str(), R"({"a":1,"b":"x\"y\n","c":[true,null,0.25],"d":{}})");
}
