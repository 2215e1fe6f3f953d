#include "data/csv_table.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/error.h"

namespace dpw {

namespace {

std::string trimmed(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
  return s.substr(a, b - a);
}

}  // namespace

CsvTable CsvTable::readFile(const std::string& path, const CsvOptions& options) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  require(!ec, "cannot open CSV file '", path, "': ", ec.message());
  require(size <= options.maxBytes, "CSV file '", path, "' has ", size, " bytes, more than the limit of ",
          options.maxBytes, " bytes");
  std::ifstream in(path, std::ios::binary);
  require(bool(in), "cannot open CSV file '", path, "'");
  std::string text(size, '\0');
  in.read(text.data(), std::streamsize(size));
  require(std::size_t(in.gcount()) == size, "could not read all of CSV file '", path, "'");
  return parse(text, path, options);
}

CsvTable CsvTable::parse(const std::string& text, const std::string& sourceName, const CsvOptions& options) {
  require(text.size() <= options.maxBytes, "CSV data '", sourceName, "' has ", text.size(),
          " bytes, more than the limit of ", options.maxBytes, " bytes");
  CsvTable t;
  t.source_ = sourceName;
  t.missing_ = options.missingMarkers;

  std::vector<std::vector<std::string>> records;
  std::vector<std::size_t> recordLines;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false;      // inside quotes
  bool wasQuoted = false;   // current field was quoted
  bool afterQuote = false;  // closing quote seen, expecting separator or line end
  std::size_t line = 1, recordLine = 1;
  auto endField = [&] {
    record.push_back(options.trimSpaces && !wasQuoted ? trimmed(field) : field);
    field.clear();
    wasQuoted = afterQuote = false;
  };
  auto endRecord = [&] {
    endField();
    // A line with nothing on it (e.g. a trailing blank line) is skipped.
    if (!(record.size() == 1 && record[0].empty())) {
      records.push_back(std::move(record));
      recordLines.push_back(recordLine);
    }
    record.clear();
  };
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < n && text[i + 1] == '"') {
          field.push_back('"');
          ++i;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (c == '\n') ++line;
        field.push_back(c);
      }
      continue;
    }
    if (c == options.separator) {
      endField();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < n && text[i + 1] == '\n') ++i;
      endRecord();
      ++line;
      recordLine = line;
    } else if (c == '"') {
      require(trimmed(field).empty() && !wasQuoted, sourceName, ":", line, ": stray quote inside an unquoted field");
      field.clear();
      quoted = wasQuoted = true;
    } else {
      require(!afterQuote || c == ' ' || c == '\t', sourceName, ":", line,
              ": text after a closing quote (expected '", options.separator, "' or a line end)");
      if (!afterQuote) field.push_back(c);
    }
  }
  require(!quoted, sourceName, ":", recordLine, ": unterminated quoted field (file truncated?)");
  if (!field.empty() || !record.empty() || wasQuoted) endRecord();

  std::size_t first = 0;
  if (options.hasHeader) {
    require(!records.empty(), "CSV data '", sourceName, "' is empty (no header row)");
    t.names_ = records[0];
    first = 1;
  } else {
    require(!options.columnNames.empty(), "CSV data '", sourceName, "' has no header and no column names were given");
    t.names_ = options.columnNames;
  }
  for (std::size_t r = first; r < records.size(); ++r) {
    require(records[r].size() == t.names_.size(), sourceName, ":", recordLines[r], ": row has ", records[r].size(),
            " fields but ", (options.hasHeader ? "the header has " : "there are "), t.names_.size(), " columns");
    t.cells_.push_back(std::move(records[r]));
    t.lines_.push_back(recordLines[r]);
  }
  return t;
}

bool CsvTable::hasColumn(const std::string& name) const {
  return std::find(names_.begin(), names_.end(), name) != names_.end();
}

std::size_t CsvTable::columnIndex(const std::string& name) const {
  const auto it = std::find(names_.begin(), names_.end(), name);
  if (it != names_.end()) return std::size_t(it - names_.begin());
  std::ostringstream known;
  for (std::size_t j = 0; j < names_.size() && j < 12; ++j) known << (j ? ", " : "") << "'" << names_[j] << "'";
  if (names_.size() > 12) known << ", ... (" << names_.size() << " columns)";
  throw InvalidArgument("CSV data '" + source_ + "' has no column '" + name + "'; columns: " + known.str());
}

bool CsvTable::isMissing(std::size_t row, std::size_t col) const {
  const std::string& v = cells_[row][col];
  return std::find(missing_.begin(), missing_.end(), v) != missing_.end();
}

bool CsvTable::columnHasMissing(std::size_t col) const {
  for (std::size_t r = 0; r < rows(); ++r)
    if (isMissing(r, col)) return true;
  return false;
}

namespace {

// A decimal number whose magnitude from_chars cannot represent: true if it overflows (|x| > DBL_MAX),
// false if it underflows (|x| < the smallest subnormal). Reads the decimal exponent of the leading
// significant digit: digits before the point (leading zeros skipped) or zeros after it, plus the exponent.
bool overflows(const char* b, const char* e) {
  long digitsBefore = 0, zerosAfter = 0;
  bool seenDigit = false, afterPoint = false;
  const char* p = b;
  for (; p != e && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') {
      afterPoint = true;
    } else if (*p >= '0' && *p <= '9') {
      if (*p != '0') seenDigit = true;
      if (!afterPoint && seenDigit) ++digitsBefore;
      if (afterPoint && !seenDigit) ++zerosAfter;
    }
  }
  long exponent = 0;
  if (p != e) {
    ++p;
    const auto r = std::from_chars(p + (*p == '+'), e, exponent);
    if (r.ec != std::errc()) return *p != '-';  // an exponent beyond long: its sign decides
  }
  const long leading = digitsBefore > 0 ? exponent + digitsBefore - 1 : exponent - zerosAfter - 1;
  return leading > 0;
}

}  // namespace

std::optional<double> CsvTable::parseNumber(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const char* b = text.data();
  const char* e = b + text.size();
  if (*b == '+') ++b;
  double v = 0;
  const auto [ptr, err] = std::from_chars(b, e, v);
  if (ptr != e) return std::nullopt;
  if (err == std::errc::result_out_of_range) {  // a well-formed number beyond double: ±inf or ±0
    const bool negative = *b == '-';
    const double magnitude = overflows(b + negative, e) ? std::numeric_limits<double>::infinity() : 0.0;
    return negative ? -magnitude : magnitude;
  }
  if (err != std::errc()) return std::nullopt;
  return v;
}

std::vector<std::optional<double>> CsvTable::numericColumnAnyValue(const std::string& name) const {
  const std::size_t j = columnIndex(name);
  std::vector<std::optional<double>> out(rows());
  for (std::size_t r = 0; r < rows(); ++r) {
    if (isMissing(r, j)) continue;
    const auto v = parseNumber(cells_[r][j]);
    // The cell and its line are not shown: they are a person's data (issue #35).
    require(v.has_value(), "CSV data '", source_, "': column '", name,
            "' holds a value that is not a number (a numeric column holds numbers, empty cells or '?'; the cell "
            "and its line are not shown, they are private data)");
    out[r] = *v;
  }
  return out;
}

std::vector<std::optional<double>> CsvTable::numericColumnWithMissing(const std::string& name) const {
  auto out = numericColumnAnyValue(name);
  for (const auto& v : out)
    require(!v || std::isfinite(*v), "CSV data '", source_, "': column '", name,
            "' holds NaN or an infinite value (or a number beyond ±1.8e308); NaN and infinite values are not "
            "accepted here (the cell and its line are not shown, they are private data)");
  return out;
}

std::vector<double> CsvTable::numericColumn(const std::string& name) const {
  const auto withMissing = numericColumnWithMissing(name);
  std::vector<double> out(rows());
  for (std::size_t r = 0; r < rows(); ++r) {
    require(withMissing[r].has_value(), "CSV data '", source_, "': column '", name,
            "' has a missing value where a number is required (the line is not shown: private data)");
    out[r] = *withMissing[r];
  }
  return out;
}

std::vector<std::string> CsvTable::textColumn(const std::string& name) const {
  const std::size_t j = columnIndex(name);
  std::vector<std::string> out(rows());
  for (std::size_t r = 0; r < rows(); ++r) out[r] = cells_[r][j];
  return out;
}

}  // namespace dpw
