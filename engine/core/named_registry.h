#pragma once
/// Named factories in registration order, safe to use from several threads: registering a name again
/// replaces its factory. The privacy audit's mechanisms and its one-run audits are each one of these.
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace dpw {

template <typename Factory>
class NamedRegistry {
 public:
  NamedRegistry() = default;
  explicit NamedRegistry(std::vector<std::pair<std::string, Factory>> entries) : entries_(std::move(entries)) {}

  void add(const std::string& name, Factory factory) {
    std::lock_guard lock(mutex_);
    for (auto& [key, f] : entries_)
      if (key == name) {
        f = std::move(factory);
        return;
      }
    entries_.emplace_back(name, std::move(factory));
  }

  /// The names, in registration order.
  std::vector<std::string> ids() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& entry : entries_) out.push_back(entry.first);
    return out;
  }

  /// The factory registered under `name`; an empty one if none is.
  Factory find(const std::string& name) const {
    std::lock_guard lock(mutex_);
    for (const auto& [key, f] : entries_)
      if (key == name) return f;
    return {};
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::pair<std::string, Factory>> entries_;
};

}  // namespace dpw
