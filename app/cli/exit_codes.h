#pragma once
/// dpwlab-cli's exit codes, defined once: main() maps errors to them, the commands return them, `--help`
/// prints kExitCodesHelp, and the man page's EXIT STATUS section (packaging/dpwlab-cli.h2m) lists the same.
///   0  success
///   1  a run failed (an error while computing or writing; the message on stderr)
///   2  bad usage or bad input: an unknown command or option, a value out of range, an unreadable or
///      invalid scenario or grid (nothing was run, or the sweep stopped at the item named on stderr)
///   3  `audit` only: the audit ran and measured a violation of the claimed ε (the result is on stdout)
///   4  an internal error: a broken invariant of the program itself ("internal error, please report: …",
///      core/internal_error.h), never the input's fault
namespace dpwcli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitRunFailed = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitClaimViolated = 3;
inline constexpr int kExitInternalError = 4;

/// The list above in one paragraph, for --help.
inline constexpr const char* kExitCodesHelp =
    "Exit status: 0 success; 1 a run failed; 2 bad usage or input (nothing run, or the sweep item named "
    "failed on its input); 3 audit only: the claimed epsilon was violated; 4 an internal error (please report it).";

}  // namespace dpwcli
