#include "data/communities_crime.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "data/csv_table.h"

namespace dpw {

namespace {

std::vector<std::string> attributeNames(const std::string& path) {
  std::ifstream in(path);
  require(bool(in), "cannot open the attribute file '", path, "' (communities.names)");
  std::vector<std::string> names;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string tag, name;
    if (ls >> tag >> name && tag == "@attribute") names.push_back(name);
  }
  require(!names.empty(), "'", path, "' has no '@attribute NAME type' lines");
  return names;
}

}  // namespace

CommunitiesCrime loadCommunitiesCrime(const std::string& dataPath, const std::string& namesPath) {
  const std::string np =
      namesPath.empty() ? std::filesystem::path(dataPath).replace_extension(".names").string() : namesPath;
  CsvOptions opt;
  opt.hasHeader = false;
  opt.columnNames = attributeNames(np);
  const CsvTable t = CsvTable::readFile(dataPath, opt);

  CommunitiesCrime out;
  for (std::size_t j = 0; j < t.cols(); ++j) {
    const std::string& c = t.columnNames()[j];
    if (c == "communityname" || c == "state" || c == "county") continue;
    if (t.columnHasMissing(j)) continue;
    out.keptColumns.push_back(c);
  }
  GroupedScores& d = out.data;
  d.name = "communities";
  d.groupNames = {"white", "black"};
  d.lo = 0;
  d.hi = 1;
  d.scores = t.numericColumn("ViolentCrimesPerPop");
  const auto black = t.numericColumn("racepctblack");
  for (double b : black) d.groups.push_back(b > 0.06 ? 1 : 0);
  // Inputs for a regressor: every kept column but the target (racepctblack included, as in the
  // usual regression on this data set; the group label is derived from it).
  std::vector<std::string> features;
  for (const auto& c : out.keptColumns)
    if (c != "ViolentCrimesPerPop") features.push_back(c);
  std::vector<std::size_t> all(t.rows());
  for (std::size_t r = 0; r < all.size(); ++r) all[r] = r;
  fillFeatures(d, t, all, features);
  d.validate();
  return out;
}

}  // namespace dpw
