#pragma once
/// Where data files are found: the data sets that ship with DPW Lab, and files a user names.
///
/// Bundled data sets (Law School, Communities & Crime; see resources/data/PROVENANCE.md) are looked
/// up by file name, in this order:
///   1. the folder in the environment variable DPW_DATA_DIR, if set;
///   2. `<prefix>/share/dpwlab/data` next to the running program (`<prefix>/bin/..`), so an installed
///      or relocated package finds its own copy;
///   3. the data folder chosen at configure time for `cmake --install` (DPW_INSTALL_DATA_DIR);
///   4. the source tree's `resources/data` (a build that has not been installed).
/// A user's relative path is tried against the scenario file's folder first, then the working folder.
#include <string>
#include <vector>

namespace dpw {

/// The folders searched for bundled data, in order (existing or not).
std::vector<std::string> bundledDataDirectories();

/// Full path of a bundled data file, e.g. "bar_pass_prediction.csv".
/// @throws InvalidArgument listing every folder tried if none holds the file; InternalError if fileName
/// is empty or has a folder (the names are the engine's constants).
std::string bundledDataFile(const std::string& fileName);

/// Resolves a path a user gave. Absolute: used as it is. Relative: `baseDirectory/path` if that file
/// exists (baseDirectory = the scenario file's folder; may be empty), else `path` against the working
/// folder. @throws InvalidArgument naming the path and every place tried if none exists.
std::string resolveUserFile(const std::string& path, const std::string& baseDirectory);

}  // namespace dpw
