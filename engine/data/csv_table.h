#pragma once
/// A small, strict CSV reader for data sets (RFC 4180 plus the usual real-world habits).
///
/// Accepted: a header row (or none, with names supplied by the caller), fields separated by a single
/// character (default ','), fields in double quotes with "" as an escaped quote (quoted fields may
/// hold separators and line breaks), LF or CRLF line ends, a final line with or without a line end.
/// Missing values are empty fields or '?' (configurable). Refused: files larger than `maxBytes`; with
/// the file and the 1-based line, the format errors (rows with a different number of fields than the
/// header (ragged rows), an unterminated or stray quote); with the file and the column, never the cell
/// or its line (they are a person's data, issue #35): text where a number is required, NaN or
/// infinite numbers where finite ones are required; unknown column names (the header is listed).
///
/// Cost: one pass over the file, O(bytes); every field is kept as a string.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace dpw {

struct CsvOptions {
  char separator = ',';
  bool hasHeader = true;
  std::vector<std::string> columnNames;  ///< used when hasHeader is false (must match the field count)
  std::vector<std::string> missingMarkers{"", "?"};
  std::size_t maxBytes = std::size_t(256) << 20;  ///< 256 MiB
  bool trimSpaces = true;  ///< strip blanks around unquoted fields
};

class CsvTable {
 public:
  /// Reads a file. @throws InvalidArgument if it cannot be opened, is larger than maxBytes, or is
  /// malformed (see above); the message names the file and the line.
  static CsvTable readFile(const std::string& path, const CsvOptions& options = {});
  /// Parses text already in memory; `sourceName` is used in messages. Same @throws as readFile.
  static CsvTable parse(const std::string& text, const std::string& sourceName, const CsvOptions& options = {});

  std::size_t rows() const { return cells_.size(); }
  std::size_t cols() const { return names_.size(); }
  const std::vector<std::string>& columnNames() const { return names_; }
  const std::string& source() const { return source_; }

  /// Index of a column; @throws InvalidArgument naming the file and listing a few known columns.
  std::size_t columnIndex(const std::string& name) const;
  bool hasColumn(const std::string& name) const;
  /// Raw text of one cell (after unquoting).
  const std::string& cell(std::size_t row, std::size_t col) const { return cells_[row][col]; }
  bool isMissing(std::size_t row, std::size_t col) const;
  /// 1-based line of the file where a data row starts (for messages).
  std::size_t lineOf(std::size_t row) const { return lines_[row]; }

  /// A numeric column. @throws InvalidArgument (file and column, not the cell or line) on a missing
  /// value, text, NaN or infinity.
  std::vector<double> numericColumn(const std::string& name) const;
  /// A numeric column with std::nullopt for missing values; other failures throw as above.
  std::vector<std::optional<double>> numericColumnWithMissing(const std::string& name) const;
  /// A numeric column with std::nullopt for missing values and NaN, ±inf (a number beyond ±DBL_MAX
  /// included) kept as they are: for callers that clamp or drop them under a rule of their own.
  /// @throws InvalidArgument (file and column) on text that is not a number.
  std::vector<std::optional<double>> numericColumnAnyValue(const std::string& name) const;
  /// A text column; missing values are returned as they are in the file.
  std::vector<std::string> textColumn(const std::string& name) const;
  /// True if any cell of the column is missing.
  bool columnHasMissing(std::size_t col) const;

  /// Parses one number strictly (the whole field; "nan", "inf" and "infinity" as from_chars reads them).
  /// A well-formed number beyond the range of double is ±inf (overflow) or ±0 (underflow); std::nullopt
  /// if the field is not a number.
  static std::optional<double> parseNumber(const std::string& text);

 private:
  std::string source_;
  std::vector<std::string> names_;
  std::vector<std::vector<std::string>> cells_;
  std::vector<std::size_t> lines_;
  std::vector<std::string> missing_;
};

}  // namespace dpw
