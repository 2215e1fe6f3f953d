#pragma once
/// Two neighbouring CSV files D and D′ for the whole-run audits that read a CSV file as a user does
/// (methods/fair_learning_run_audit.h, methods/fair_regression_run_audit.h): written once into the temporary
/// directory, under names unique to the process and the pair, and removed when the pair is destroyed.
/// Hold it in a std::shared_ptr shared by the audit's trials (not copyable: the files have one owner).
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>

namespace dpw {

class CsvPairFiles {
 public:
  /// Writes one file (header and rows) to `out`: D when `neighbour` is false, D′ when true.
  using Writer = std::function<void(std::ostream& out, bool neighbour)>;

  /// `what` names the audit in the file names and in the error message.
  /// @throws InvalidArgument when a file cannot be written.
  CsvPairFiles(const std::string& what, const Writer& write);
  ~CsvPairFiles();
  CsvPairFiles(const CsvPairFiles&) = delete;
  CsvPairFiles& operator=(const CsvPairFiles&) = delete;

  /// The path of D (`neighbour` false) or D′.
  const std::filesystem::path& path(bool neighbour) const { return neighbour ? dPrime_ : d_; }

 private:
  std::filesystem::path d_, dPrime_;
};

}  // namespace dpw
