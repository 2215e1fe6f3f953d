#include "common/export_plugin.h"

#include <dlfcn.h>
#include <unistd.h>

#include <QByteArray>
#include <QFileInfo>
#include <cstdlib>

#include "core/build_info.h"

#ifndef DPW_EXPORT_PLUGIN_RELDIR
#error "DPW_EXPORT_PLUGIN_RELDIR (the installed plugin's folder relative to the program's) must be defined"
#endif

namespace dpwapp {
namespace {

struct Loaded {
  const ExportPluginApi* api = nullptr;
  std::string why;
};

/// The folder of the running program (/proc/self/exe), "" if unknown.
std::string programFolder() {
  std::string path(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", path.data(), path.size() - 1);
  if (n <= 0) return {};
  path.resize(size_t(n));
  return QFileInfo(QString::fromStdString(path)).absolutePath().toStdString();
}

Loaded open(const std::string& path) {
  Loaded r;
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* e = ::dlerror();
    r.why = "cannot load " + path + ": " + (e ? e : "unknown error");
    return r;
  }
  using Entry = const ExportPluginApi* (*)();
  const auto entry = reinterpret_cast<Entry>(::dlsym(handle, kExportPluginEntry));
  const ExportPluginApi* api = entry ? entry() : nullptr;
  if (!api) {
    r.why = path + " is not DPW Lab's export plugin (no " + kExportPluginEntry + ")";
  } else if (api->abi != kExportPluginAbi || exportPluginBuild() != api->build) {
    r.why = path + " is from another build (" + api->build + ", this program: " + exportPluginBuild() + ")";
  } else {
    r.api = api;
    return r;  // kept loaded until the program ends
  }
  ::dlclose(handle);
  return r;
}

Loaded load() {
  if (const char* forced = std::getenv("DPWLAB_EXPORT_PLUGIN"); forced && *forced) {
    Loaded r = open(forced);
    if (!r.api) r.why += " (DPWLAB_EXPORT_PLUGIN)";
    return r;
  }
  const std::string here = programFolder();
  std::vector<std::string> places;
  if (!here.empty()) {
    places.push_back(here + "/" + kExportPluginFile);
    places.push_back(here + "/" + DPW_EXPORT_PLUGIN_RELDIR + "/" + kExportPluginFile);
  }
  std::string looked;
  for (const auto& p : places) {
    if (::access(p.c_str(), F_OK) == 0) return open(p);
    looked += (looked.empty() ? "" : ", ") + p;
  }
  return {nullptr, std::string(kExportPluginFile) + " not found (looked at " + looked + ")"};
}

const Loaded& loaded() {
  static const Loaded l = load();
  return l;
}

bool g_loadTried = false;

}  // namespace

std::string exportPluginBuild() {
  return std::string(dpw::kVersion) + " " + dpw::kGitCommit + " " + dpw::kGitState;
}

const ExportPluginApi* exportPlugin(std::string* why) {
  g_loadTried = true;
  const Loaded& l = loaded();
  if (why) *why = l.why;
  return l.api;
}

ExportPluginSession::~ExportPluginSession() {
  if (g_loadTried && loaded().api) loaded().api->shutdown();
}

}  // namespace dpwapp
