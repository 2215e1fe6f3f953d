#include "common/offscreen_gui.h"

#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QGuiApplication>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace dpwapp {
namespace {

OffscreenGui* live = nullptr;
int argcStore = 1;
char argv0[] = "dpwlab-cli";
char* argvStore[] = {argv0, nullptr};

/// True when `path` is a real folder (not a link) owned by us with mode 0700, as the XDG spec asks.
bool privateFolder(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() &&
         (st.st_mode & 0777) == 0700;
}

}  // namespace

void providePrivateRuntimeDir() {
  if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) return;
  std::string path = QDir::tempPath().toStdString() + "/dpwlab-runtime-" + std::to_string(::geteuid());
  ::mkdir(path.c_str(), 0700);  // fails harmlessly when it exists; checked below
  if (!privateFolder(path)) {   // taken by someone else or wrong mode: a fresh unique folder instead
    std::string pattern = QDir::tempPath().toStdString() + "/dpwlab-runtime-XXXXXX";
    if (!::mkdtemp(pattern.data())) return;  // Qt then falls back (with its warning)
    path = pattern;
  }
  qputenv("XDG_RUNTIME_DIR", QByteArray::fromStdString(path));
}

OffscreenGui::OffscreenGui() { live = this; }

OffscreenGui::~OffscreenGui() {
  app_.reset();
  if (live == this) live = nullptr;
}

void ensureGuiApplication() {
  if (qobject_cast<QGuiApplication*>(QCoreApplication::instance())) return;
  if (!live || QCoreApplication::instance())
    throw std::logic_error("drawing a chart needs a QGuiApplication (keep a dpwapp::OffscreenGui alive in main)");
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  providePrivateRuntimeDir();
  live->app_ = std::make_unique<QGuiApplication>(argcStore, argvStore);
}

}  // namespace dpwapp
