// SPDX-License-Identifier: GPL-3.0-or-later
#include "external/listener.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <vector>

namespace tavla::external {

namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

engine::Result<int> parse_port(std::string_view s) {
  if (!all_digits(s) || s.size() > 5) return engine::Error{"'" + std::string(s) + "' is not a port number"};
  const int port = std::stoi(std::string(s));
  if (port > 65535) return engine::Error{"port " + std::string(s) + " is above 65535"};
  return port;
}

std::string sys_error(const std::string& what) { return what + ": " + std::strerror(errno); }

struct Client {
  int fd = -1;
  std::string buffer;
};

bool write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::send(fd, s.data() + done, s.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

engine::Result<ListenAddress> parse_listen_address(std::string_view text) {
  ListenAddress a;
  if (text.empty()) return engine::Error{"no address to listen on"};
  const size_t colon = text.rfind(':');
  if (all_digits(text)) {
    auto port = parse_port(text);
    if (!port) return engine::Error{port.error()};
    a.port = *port;
  } else if (colon != std::string_view::npos && text.find('/') == std::string_view::npos) {
    auto port = parse_port(text.substr(colon + 1));
    if (!port) return engine::Error{port.error()};
    a.port = *port;
    a.host = std::string(text.substr(0, colon));
    if (a.host.empty()) a.host = "0.0.0.0";
  } else {
    a.unix_socket = true;
    a.path = std::string(text);
    if (a.path.size() >= sizeof(sockaddr_un::sun_path))
      return engine::Error{"the socket path '" + a.path + "' is too long"};
  }
  return a;
}

engine::Result<bool> serve_lines(const ListenAddress& address,
                                 const std::function<std::string(std::string_view)>& answer,
                                 const ServeOptions& options) {
  int listener = -1;
  std::string where;
  if (address.unix_socket) {
    listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (listener < 0) return engine::Error{sys_error("socket")};
    sockaddr_un sa{};
    sa.sun_family = AF_UNIX;
    std::strncpy(sa.sun_path, address.path.c_str(), sizeof sa.sun_path - 1);
    ::unlink(address.path.c_str());  // a socket left by an earlier run
    if (::bind(listener, reinterpret_cast<sockaddr*>(&sa), sizeof sa) < 0) {
      ::close(listener);
      return engine::Error{sys_error("cannot listen on " + address.path)};
    }
    where = address.path;
  } else {
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (int rc = ::getaddrinfo(address.host.c_str(), nullptr, &hints, &found); rc != 0)
      return engine::Error{"cannot resolve '" + address.host + "': " + ::gai_strerror(rc)};
    sockaddr_in sa = *reinterpret_cast<sockaddr_in*>(found->ai_addr);
    ::freeaddrinfo(found);
    sa.sin_port = htons(static_cast<uint16_t>(address.port));
    listener = ::socket(AF_INET, SOCK_STREAM, 0);
    if (listener < 0) return engine::Error{sys_error("socket")};
    int yes = 1;
    ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(listener, reinterpret_cast<sockaddr*>(&sa), sizeof sa) < 0) {
      ::close(listener);
      return engine::Error{sys_error("cannot listen on " + address.host + ":" +
                                     std::to_string(address.port))};
    }
    socklen_t len = sizeof sa;
    ::getsockname(listener, reinterpret_cast<sockaddr*>(&sa), &len);
    char host[INET_ADDRSTRLEN] = "";
    ::inet_ntop(AF_INET, &sa.sin_addr, host, sizeof host);
    where = std::string(host) + ":" + std::to_string(ntohs(sa.sin_port));
  }
  if (::listen(listener, 8) < 0) {
    ::close(listener);
    return engine::Error{sys_error("listen")};
  }
  if (options.note) options.note("listening on " + where);

  std::vector<Client> clients;
  bool served = false;
  for (;;) {
    if (options.once && served && clients.empty()) break;
    std::vector<pollfd> fds;
    fds.push_back({listener, POLLIN, 0});
    for (const auto& c : clients) fds.push_back({c.fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (fds[0].revents & POLLIN) {
      const int fd = ::accept(listener, nullptr, nullptr);
      if (fd >= 0) {
        clients.push_back({fd, {}});
        served = true;
        if (options.note) options.note("connection opened");
      }
    }
    for (size_t i = 1; i < fds.size(); ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Client& c = clients[i - 1];
      char buf[4096];
      const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
      bool open = n > 0;
      if (n < 0 && errno == EINTR) continue;
      if (open) {
        for (ssize_t k = 0; k < n; ++k)
          if (buf[k] != '\0') c.buffer += buf[k];  // gnubg ends each line with "\n\0"
        size_t nl;
        while (open && (nl = c.buffer.find('\n')) != std::string::npos) {
          std::string line = c.buffer.substr(0, nl);
          c.buffer.erase(0, nl + 1);
          if (!line.empty() && line.back() == '\r') line.pop_back();
          if (line.find_first_not_of(" \t") == std::string::npos) continue;
          std::string reply = answer(line);
          if (options.note && options.log_lines) options.note("< " + line + "\n> " + reply);
          open = write_all(c.fd, reply + "\n");
        }
        if (open && c.buffer.size() > options.max_line) {
          c.buffer.clear();
          open = write_all(c.fd, "Error: a line longer than " + std::to_string(options.max_line) +
                                     " bytes\n");
        }
      }
      if (!open) {
        ::close(c.fd);
        c.fd = -1;
        if (options.note) options.note("connection closed");
      }
    }
    std::erase_if(clients, [](const Client& c) { return c.fd < 0; });
  }
  ::close(listener);
  if (address.unix_socket) ::unlink(address.path.c_str());
  return true;
}

}  // namespace tavla::external
