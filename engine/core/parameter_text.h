#pragma once
/// Text → parameter value: the one reader of typed text, shared by the parameter form, scenario files,
/// sweeps, the comparison grid, the CLI and the Python module (#21).
///
/// Numbers are read with std::from_chars: '.' decimal point and exponents under every locale (strtod and
/// std::stod read "0.5" as 0 under a comma-decimal locale, which QApplication installs from the
/// environment). Infinity has one set of spellings, here and nowhere else: "inf", "infinity" and "∞",
/// in any case, with an optional sign ('+', '-' or the minus sign '−').
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/parameters.h"

namespace dpw {

/// ±∞ for a spelling of infinity (blanks around ignored); nothing for any other text.
std::optional<double> parseInfinity(std::string_view text);

/// A real number: optional sign, digits with '.', optional exponent, or a spelling of infinity; blanks
/// around ignored. Nothing for anything else ("nan", "0,5", "1e5x", "").
std::optional<double> parseReal(std::string_view text);

/// The value of `spec` written as text: Choice and Text settings are the trimmed text; Real and Integer
/// settings go through parseReal. Checked with checkParam; throws InvalidArgument naming the key.
ParamValue parseParamValue(const ParamSpec& spec, std::string_view text);

/// Items of a comma-separated list, blanks around each trimmed. Blank text is the empty list; an empty
/// item ("1,,2", "1, 2,") throws InvalidArgument naming `what` (a typo must not pass silently).
std::vector<std::string> splitList(std::string_view text, std::string_view what);

/// The numbers of a comma-separated list (splitList, then parseReal; "inf" allowed, NaN not). Throws
/// InvalidArgument "<what>: 'x' is not a number" otherwise.
std::vector<double> parseNumberList(std::string_view text, std::string_view what);

}  // namespace dpw
