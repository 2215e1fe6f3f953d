#include "data/data_files.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {
namespace fs = std::filesystem;

namespace {

bool isFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

std::string joinTried(const std::vector<std::string>& tried) {
  std::string s;
  for (const auto& t : tried) s += (s.empty() ? "" : ", ") + ("'" + t + "'");
  return s;
}

}  // namespace

std::vector<std::string> bundledDataDirectories() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("DPW_DATA_DIR"); env && *env) dirs.emplace_back(env);
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back((exe.parent_path().parent_path() / "share" / "dpwlab" / "data").string());
  dirs.emplace_back(DPW_INSTALL_DATA_DIR);
  dirs.emplace_back(DPW_SOURCE_DATA_DIR);
  return dirs;
}

std::string bundledDataFile(const std::string& fileName) {
  ensure(!fileName.empty() && fs::path(fileName).filename() == fs::path(fileName),
          "a bundled data set is named by its file name alone, got '", fileName, "'");
  std::vector<std::string> tried;
  for (const auto& dir : bundledDataDirectories()) {
    const fs::path p = fs::path(dir) / fileName;
    if (isFile(p)) return p.string();
    tried.push_back(p.string());
  }
  throw InvalidArgument("bundled data file '" + fileName + "' not found; looked in " + joinTried(tried) +
                        " (set DPW_DATA_DIR to the folder that holds it)");
}

std::string resolveUserFile(const std::string& path, const std::string& baseDirectory) {
  require(!path.empty(), "data_path is empty; choose a file");
  const fs::path p(path);
  if (p.is_absolute()) {
    require(isFile(p), "data file '", path, "' not found");
    return p.string();
  }
  std::vector<std::string> tried;
  if (!baseDirectory.empty()) {
    const fs::path inBase = fs::path(baseDirectory) / p;
    if (isFile(inBase)) return inBase.lexically_normal().string();
    tried.push_back(inBase.lexically_normal().string() + " (scenario folder)");
  }
  std::error_code ec;
  const fs::path inCwd = fs::current_path(ec) / p;
  if (isFile(inCwd)) return inCwd.lexically_normal().string();
  tried.push_back(inCwd.lexically_normal().string() + " (working folder)");
  throw InvalidArgument("data file '" + path + "' not found; tried " + joinTried(tried));
}

}  // namespace dpw
