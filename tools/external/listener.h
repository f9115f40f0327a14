// SPDX-License-Identifier: GPL-3.0-or-later
// A line server for doors that answer one line with one line (gnubg's external player): listens
// on a TCP address or a Unix socket, serves any number of connections at once (gnubg opens one
// per external seat and keeps it), and answers each complete line in the order it arrived.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace tavla::external {

struct ListenAddress {
  bool unix_socket = false;
  std::string host = "127.0.0.1";  // TCP: an IPv4 address or a host name
  int port = 0;                    // TCP: 0 = any free port
  std::string path;                // Unix socket
};

// "PORT", "HOST:PORT" (":PORT" = every interface, as gnubg's own `external :PORT`) or a Unix
// socket path (anything with a '/' or without a ':' that is not a number: gnubg's rule).
engine::Result<ListenAddress> parse_listen_address(std::string_view text);

struct ServeOptions {
  bool once = false;       // stop when the first connection closes
  size_t max_line = 4096;  // longer lines are answered with an error and discarded
  // Told "listening on ..." (with the port chosen), and every line and answer when set.
  std::function<void(const std::string&)> note;
  bool log_lines = false;
};

// Serves until `once` is satisfied, or forever. Lines lose their '\r' and the NUL bytes gnubg
// sends after each line; blank lines are ignored. Errors: the address cannot be listened on.
engine::Result<bool> serve_lines(const ListenAddress& address,
                                 const std::function<std::string(std::string_view)>& answer,
                                 const ServeOptions& options);

}  // namespace tavla::external
