#include "common/sweep.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSysInfo>
#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

#include "common/run_export.h"
#include "core/error.h"
#include "core/parameter_text.h"
#include "privacy/accountants/accountant.h"
#include "privacy/ledger/privacy_ledger.h"
#include "privacy/printed_numbers.h"

namespace dpwapp {
namespace {

using dpw::InvalidArgument;

std::string str(const QString& s) { return s.toStdString(); }

dpw::ParamValue valueFromJson(const dpw::ParamSpec& spec, const QJsonValue& v) {
  const bool textual = spec.kind == dpw::ParamKind::Choice || spec.kind == dpw::ParamKind::Text;
  if (textual) {
    if (!v.isString()) throw InvalidArgument("grid values of '" + spec.key + "' must be strings");
    return v.toString().toStdString();
  }
  if (v.isString()) return dpw::parseParamValue(spec, v.toString().toStdString());  // "inf", as in scenarios
  if (!v.isDouble()) throw InvalidArgument("grid values of '" + spec.key + "' must be numbers (or \"inf\", \"-inf\")");
  return v.toDouble();
}

QString valueText(const QJsonValue& v) {
  return v.isString() ? v.toString() : QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
}

/// "epsilon=1, alpha=0.5, seed 3": an item in messages and logs (grid values are the user's own, public).
QString describe(const SweepItem& item) {
  QStringList parts;
  for (auto it = item.point.begin(); it != item.point.end(); ++it) parts << it.key() + "=" + valueText(it.value());
  parts << QStringLiteral("seed %1").arg(item.scenario.seed);
  return parts.join(", ");
}

QString nowUtc() { return QDateTime::currentDateTimeUtc().toString(Qt::ISODate); }

// ---- Result lines in a folder --------------------------------------------------------------------------

/// The complete lines of every result file of a folder, read incrementally: refresh() reads only what was
/// appended since the last call (a share asks again before each item whether another process did it).
class FolderLines {
 public:
  explicit FolderLines(const QString& dir) : dir_(dir) {}
  /// Calls `onLine(line, file, lineNo)` for each complete line new since the last call.
  template <class OnLine>
  void refresh(OnLine onLine) {
    for (const QString& name : dir_.entryList({"shard-*.jsonl"}, QDir::Files, QDir::Name)) {
      QFile f(dir_.filePath(name));
      if (!f.open(QIODevice::ReadOnly)) throw InvalidArgument(str("cannot read " + f.fileName() + ": " + f.errorString()));
      auto& [offset, lineNo] = seen_[name];
      if (!f.seek(offset)) continue;
      const QByteArray bytes = f.readAll();
      qint64 start = 0;
      for (qint64 end; (end = bytes.indexOf('\n', start)) >= 0; start = end + 1) {
        ++lineNo;
        const QByteArray line = bytes.mid(start, end - start);
        if (!line.trimmed().isEmpty()) onLine(line, f.fileName(), lineNo);
      }
      offset += start;  // a last line without its newline (a process killed while writing) waits, unread
    }
  }

 private:
  QDir dir_;
  std::map<QString, std::pair<qint64, int>> seen_;  // file -> bytes read, lines read
};

QJsonObject parseLine(const QByteArray& line, const QString& file, int lineNo) {
  QJsonParseError err;
  const QJsonObject o = QJsonDocument::fromJson(line, &err).object();
  if (err.error != QJsonParseError::NoError || o.isEmpty())
    throw InvalidArgument(str(QStringLiteral("%1 line %2 is not a sweep result (%3)").arg(file).arg(lineNo).arg(err.errorString())));
  return o;
}

// ---- Claims ----------------------------------------------------------------------------------------------

QByteArray readSmallFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.read(4096) : QByteArray();
}

double ageSeconds(const QString& path) {
  struct stat st {};
  if (::stat(QFile::encodeName(path).constData(), &st) != 0) return 0;
  return double(::time(nullptr) - st.st_mtime);
}

/// Whether the claim `content` ("host pid job started") of a file `age` seconds old is stale: its process
/// has ended (same host: kill(pid, 0) says no such process), or it is another host's and older than the
/// place's limit, or it is unreadable (a process killed between creating and writing it) and older than 10 s.
bool staleClaim(const QByteArray& content, double age, const RunPlace& place) {
  const QList<QByteArray> f = content.simplified().split(' ');
  bool ok = false;
  const long pid = f.size() >= 2 ? f[1].toLong(&ok) : 0;
  if (!ok || pid <= 0) return age > 10;
  if (QString::fromUtf8(f[0]) == place.host) {
    if (pid == long(::getpid())) return true;  // not ours: this process releases every claim it takes
    return ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
  }
  return age > place.staleClaimSeconds;
}

enum class ClaimResult { Taken, Held };

/// Claims `path` for this process (O_CREAT | O_EXCL); a stale claim is broken under a second claim
/// (path.break), so that two processes that both find it stale do not both take it.
ClaimResult claim(const QString& path, const RunPlace& place, QByteArray* holder) {
  const QByteArray me = QStringLiteral("%1 %2 %3 %4\n").arg(place.host).arg(::getpid()).arg(place.jobId.isEmpty() ? "-" : place.jobId, nowUtc()).toUtf8();
  const QByteArray native = QFile::encodeName(path);
  for (int attempt = 0; attempt < 3; ++attempt) {
    const int fd = ::open(native.constData(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
    if (fd >= 0) {
      const bool written = ::write(fd, me.constData(), size_t(me.size())) == me.size() && ::fsync(fd) == 0;
      ::close(fd);
      if (!written) throw InvalidArgument(str("cannot write the claim " + path + ": " + QString::fromLocal8Bit(std::strerror(errno))));
      return ClaimResult::Taken;
    }
    if (errno != EEXIST) throw InvalidArgument(str("cannot create the claim " + path + ": " + QString::fromLocal8Bit(std::strerror(errno))));
    const QByteArray content = readSmallFile(path);
    *holder = content.trimmed();
    if (!staleClaim(content, ageSeconds(path), place)) return ClaimResult::Held;
    const QByteArray breaker = native + ".break";
    const int bfd = ::open(breaker.constData(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
    if (bfd < 0) {
      if (errno == EEXIST && ageSeconds(QFile::decodeName(breaker)) > 60) ::unlink(breaker.constData());  // its breaker died
      continue;
    }
    ::close(bfd);
    if (readSmallFile(path) == content) ::unlink(native.constData());  // still the stale claim we judged
    ::unlink(breaker.constData());
  }
  return ClaimResult::Held;
}

void release(const QString& path) { ::unlink(QFile::encodeName(path).constData()); }

// The claim of the item running, released when the process is told to end (scancel, a Slurm requeue or
// time limit: SIGTERM; Ctrl-C: SIGINT), so that the item is free at once, also for another host.
char g_claimPath[4096];
volatile sig_atomic_t g_holding = 0;

extern "C" void releaseClaimOnSignal(int sig) {
  if (g_holding) ::unlink(g_claimPath);  // async-signal-safe
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

/// Installs the handler for the lifetime of a share; holds the path of the claim in force.
class ClaimGuard {
 public:
  ClaimGuard() {
    struct sigaction a {};
    a.sa_handler = releaseClaimOnSignal;
    sigemptyset(&a.sa_mask);
    for (int i = 0; i < 3; ++i) ::sigaction(kSignals[i], &a, &old_[i]);
  }
  ~ClaimGuard() {
    drop();
    for (int i = 0; i < 3; ++i) ::sigaction(kSignals[i], &old_[i], nullptr);
  }
  void hold(const QString& path) {
    const QByteArray native = QFile::encodeName(path);
    g_holding = 0;
    std::snprintf(g_claimPath, sizeof g_claimPath, "%s", native.constData());
    g_holding = native.size() < qsizetype(sizeof g_claimPath);
  }
  void drop() { g_holding = 0; }

 private:
  static constexpr int kSignals[3] = {SIGTERM, SIGINT, SIGHUP};
  struct sigaction old_[3] {};
};

// ---- Privacy numbers of a run ----------------------------------------------------------------------------

std::optional<double> statementReal(const QString& text) {
  const QString t = text.trimmed();
  if (t == QStringLiteral("∞") || t == "inf") return std::numeric_limits<double>::infinity();
  if (const auto v = dpw::parseReal(t.toStdString())) return *v;
  return std::nullopt;
}

QJsonValue optionalNumber(const std::optional<double>& v) { return v ? numberToJson(*v) : QJsonValue(QJsonValue::Null); }

QJsonObject privacyJson(const RunPrivacy& p) {
  return QJsonObject{{"epsilon", optionalNumber(p.epsilon)},
                     {"delta", optionalNumber(p.delta)},
                     {"accountant", p.accountant},
                     {"claim", p.claim},
                     {"sigma", optionalNumber(p.sigma)},
                     {"q", optionalNumber(p.q)},
                     {"steps", p.steps ? QJsonValue(double(*p.steps)) : QJsonValue(QJsonValue::Null)}};
}

// ---- Statistics ------------------------------------------------------------------------------------------

struct Stats {
  long n = 0;
  double mean = 0, sd = 0, se = 0, low = 0, high = 0;
};

/// n, mean, sample sd (ddof = 1), se = sd/√n, the 95% Student-t interval mean ± t(0.975, n − 1)·se. All
/// values at one infinity: mean that infinity, spread 0 (not inf − inf = NaN); n = 1: sd, se and the
/// interval NaN (one seed says nothing about the spread).
Stats stats(const std::vector<double>& xs) {
  Stats s;
  s.n = long(xs.size());
  for (double x : xs) s.mean += x / double(xs.size());
  const bool same = std::all_of(xs.begin(), xs.end(), [&](double x) { return x == xs.front(); });
  if (same) {
    s.mean = xs.front();
    s.low = s.high = s.mean;
    return s;
  }
  if (s.n < 2) {
    s.sd = s.se = s.low = s.high = std::numeric_limits<double>::quiet_NaN();
    return s;
  }
  double v = 0;
  for (double x : xs) v += (x - s.mean) * (x - s.mean);
  s.sd = std::sqrt(v / double(s.n - 1));
  s.se = s.sd / std::sqrt(double(s.n));
  const double t = boost::math::quantile(boost::math::students_t(double(s.n - 1)), 0.975);
  s.low = s.mean - t * s.se;
  s.high = s.mean + t * s.se;
  return s;
}

/// The metrics of a result line, release then evaluation (with its label), by display name.
std::vector<std::pair<QString, double>> lineMetrics(const QJsonObject& line) {
  std::vector<std::pair<QString, double>> out;
  const QJsonObject m = line["metrics"].toObject();
  for (auto it = m.begin(); it != m.end(); ++it) out.emplace_back(it.key(), metricFromJson(it.value()));
  const QJsonObject e = line["evaluation"].toObject();  // labelled: computed on private data
  for (auto it = e.begin(); it != e.end(); ++it)
    out.emplace_back(QString::fromStdString(dpw::evaluationName(it.key().toStdString())), metricFromJson(it.value()));
  return out;
}

QByteArray pointKey(const QJsonObject& point) { return QJsonDocument(point).toJson(QJsonDocument::Compact); }

}  // namespace

// ---- Items -----------------------------------------------------------------------------------------------

QByteArray itemKey(const Scenario& s) {
  const QJsonObject o = QJsonDocument::fromJson(scenarioJson(s)).object();
  // The seed as text: a JSON number (a double) would round seeds above 2^53.
  const QJsonObject identity{{"method", o["method"]},
                             {"seed", QString::number(s.seed)},
                             {"parameters", o["parameters"]},
                             {"data", o["data"]}};
  return QCryptographicHash::hash(QJsonDocument(identity).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256)
      .toHex()
      .left(16);
}

Sweep Sweep::fromJson(const QByteArray& json) {
  QJsonParseError err;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
  if (err.error != QJsonParseError::NoError)
    throw InvalidArgument(str(QStringLiteral("sweep is not valid JSON: %1 at offset %2").arg(err.errorString()).arg(err.offset)));
  const QJsonObject root = doc.object();
  for (auto it = root.begin(); it != root.end(); ++it)
    if (!QStringList{"format", "version", "scenario", "grid", "seeds"}.contains(it.key()))
      throw InvalidArgument(str("unknown field '" + it.key() + "' in the sweep (known: format, version, scenario, grid, seeds)"));
  if (root.value("format").toString() != "dpwlab-sweep")
    throw InvalidArgument("not a DPW Lab sweep: field \"format\" must be \"dpwlab-sweep\"");
  if (root.value("version").toInt(-1) != 1) throw InvalidArgument("sweep field \"version\" must be 1");
  if (!root.value("scenario").isObject()) throw InvalidArgument("sweep field \"scenario\" must be a scenario object");
  Sweep s;
  s.base = Scenario::fromJson(QJsonDocument(root.value("scenario").toObject()).toJson().toStdString());
  s.grid = root.value("grid").toObject();
  for (auto it = s.grid.begin(); it != s.grid.end(); ++it) {
    if (!it.value().isArray() || it.value().toArray().isEmpty())
      throw InvalidArgument(str("grid entry '" + it.key() + "' must be a non-empty list of values"));
    dpw::ParamValues check = s.base.params;
    const auto& spec = check.spec(it.key().toStdString());
    std::vector<dpw::ParamValue> seen;
    const QJsonArray values = it.value().toArray();
    for (int i = 0; i < values.size(); ++i) {
      const dpw::ParamValue v = valueFromJson(spec, values[i]);
      check.set(spec.key, v);
      // A value listed twice would be merged as extra seeds of one point: the statistics silently wrong.
      const auto same = std::find(seen.begin(), seen.end(), v);
      if (same != seen.end())
        throw InvalidArgument(str(QStringLiteral("grid '%1' lists one value twice (entries %2 and %3: %4 and %5); "
                                                 "each value may appear once: remove the duplicate")
                                      .arg(it.key()).arg(same - seen.begin() + 1).arg(i + 1)
                                      .arg(valueText(values[int(same - seen.begin())]), valueText(values[i]))));
      seen.push_back(v);
    }
  }
  const QJsonValue seeds = root.value("seeds");
  if (seeds.isArray()) {
    for (const auto& v : seeds.toArray()) {
      if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() > 9007199254740992.0)
        throw InvalidArgument("seeds must be whole numbers from 0 to 2^53");
      const auto seed = std::uint64_t(v.toDouble());
      const auto same = std::find(s.seeds.begin(), s.seeds.end(), seed);
      if (same != s.seeds.end())
        throw InvalidArgument(str(QStringLiteral("seeds list seed %1 twice (entries %2 and %3); each seed may appear once: "
                                                 "a repeated seed is the same run, not another sample")
                                      .arg(seed).arg(same - s.seeds.begin() + 1).arg(s.seeds.size() + 1)));
      s.seeds.push_back(seed);
    }
  } else if (seeds.isObject()) {
    const double first = seeds["first"].toDouble(-1), count = seeds["count"].toDouble(-1);
    if (first < 0 || count < 1 || first != std::floor(first) || count != std::floor(count) || count > 1e6)
      throw InvalidArgument("seeds {\"first\": F, \"count\": C} needs whole F >= 0 and 1 <= C <= 10^6");
    for (long i = 0; i < long(count); ++i) s.seeds.push_back(std::uint64_t(first) + std::uint64_t(i));
  } else if (seeds.isUndefined()) {
    s.seeds.push_back(s.base.seed);
  } else {
    throw InvalidArgument("sweep field \"seeds\" must be a list or {\"first\": F, \"count\": C}");
  }
  if (s.seeds.empty()) throw InvalidArgument("a sweep needs at least one seed");
  s.fingerprint = QCryptographicHash::hash(QJsonDocument(root).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256).toHex().left(16);
  s.document = QJsonDocument(root).toJson(QJsonDocument::Indented);
  return s;
}

Sweep Sweep::fromFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) throw InvalidArgument(str("cannot read sweep " + path + ": " + f.errorString()));
  return fromJson(f.readAll());
}

Sweep Sweep::around(const Scenario& base, const QJsonObject& grid) {
  const QJsonObject scenario = QJsonDocument::fromJson(scenarioJson(base)).object();
  const QJsonObject root{{"format", "dpwlab-sweep"}, {"version", 1}, {"scenario", scenario}, {"grid", grid}};
  return fromJson(QJsonDocument(root).toJson(QJsonDocument::Compact));
}

long Sweep::size() const {
  long n = long(seeds.size());
  for (auto it = grid.begin(); it != grid.end(); ++it) n *= long(it.value().toArray().size());
  return n;
}

std::vector<SweepItem> Sweep::shardItems(int shard, int shards) const {
  if (shards < 1 || shard < 1 || shard > shards)
    throw InvalidArgument("shard must be i/N with 1 <= i <= N, got " + std::to_string(shard) + "/" + std::to_string(shards));
  const QStringList keys = grid.keys();  // QJsonObject keys are sorted
  std::vector<SweepItem> items;
  for (long index = shard - 1; index < size(); index += shards) {
    SweepItem item;
    item.index = index;
    item.scenario = base;
    long rest = index;
    item.scenario.seed = seeds[std::size_t(rest % long(seeds.size()))];
    rest /= long(seeds.size());
    for (int k = int(keys.size()) - 1; k >= 0; --k) {
      const QJsonArray values = grid.value(keys[k]).toArray();
      const QJsonValue v = values[int(rest % values.size())];
      rest /= values.size();
      const auto& spec = item.scenario.params.spec(keys[k].toStdString());
      item.scenario.params.set(spec.key, valueFromJson(spec, v));
      item.point.insert(keys[k], v);
    }
    item.key = itemKey(item.scenario);
    items.push_back(std::move(item));
  }
  return items;
}

QString shardFileStem(int shard, int shards) { return QStringLiteral("shard-%1-of-%2").arg(shard).arg(shards); }

RunPlace RunPlace::here() {
  RunPlace p;
  p.host = QSysInfo::machineHostName().section('.', 0, 0);
  const QByteArray arrayJob = qgetenv("SLURM_ARRAY_JOB_ID"), task = qgetenv("SLURM_ARRAY_TASK_ID"), job = qgetenv("SLURM_JOB_ID");
  if (!arrayJob.isEmpty() && !task.isEmpty()) p.jobId = QString::fromLatin1(arrayJob + "_" + task);
  else p.jobId = QString::fromLatin1(job);
  return p;
}

// ---- Privacy numbers -------------------------------------------------------------------------------------

RunPrivacy runPrivacy(const QString& method, const QJsonObject& metrics, const QJsonObject& scenarioParameters,
                      const QString& statement) {
  RunPrivacy p;
  const dpw::PrivacyReadout& readout = dpw::findMethod(method.toStdString()).privacy;
  if (!readout.none.empty()) {
    p.claim = "none";
    return p;
  }
  // The claim sentence the ledger wrote (privacy_statement.h): the first claim of the statement.
  static const QRegularExpression pair(QStringLiteral(R"(\(ε = ([^,]+), δ = ([^)]+)\))"));
  static const QRegularExpression pure(QStringLiteral(R"(ε = (\S+) \(pure DP\))"));
  static const QRegularExpression none(QStringLiteral(R"(^No privacy\b)"));
  if (const auto m = pair.match(statement); m.hasMatch()) {
    p.epsilon = statementReal(m.captured(1));
    p.delta = statementReal(m.captured(2));
  } else if (const auto m2 = pure.match(statement); m2.hasMatch()) {
    p.epsilon = statementReal(m2.captured(1));
    p.delta = 0.0;
  } else if (none.match(statement).hasMatch()) {
    p.epsilon = std::numeric_limits<double>::infinity();
    p.claim = "no-privacy";
  }
  // ε at full precision where the method declares where it is (the printed one is rounded up).
  if (!readout.metric.empty() && metrics.contains(QString::fromStdString(readout.metric)))
    p.epsilon = metricFromJson(metrics[QString::fromStdString(readout.metric)]);
  else if (!p.epsilon && !readout.param.empty() && scenarioParameters.contains(QString::fromStdString(readout.param)))
    p.epsilon = metricFromJson(scenarioParameters[QString::fromStdString(readout.param)]);
  for (const dpw::AccountantInfo* a : dpw::accountantRegistry()) {
    const QString name = QString::fromStdString(a->make()->name());
    if (statement.contains("by the " + name + ",")) {
      p.accountant = QString::fromLatin1(a->id);
      break;
    }
  }
  if (p.claim.isEmpty()) {
    if (statement.contains("a proven bound")) p.claim = "proven-bound";
    else if (p.accountant.isEmpty() && statement.contains("by one release of the Gaussian mechanism") && statement.contains("ε exact")) {
      p.accountant = "exact-gaussian";  // one Gaussian release, its exact ε (ledger: ExactSingleGaussian)
      p.claim = "proven-bound";
    }
    else if (statement.contains("an approximation, not a bound")) p.claim = "approximation";
    else if (statement.contains("not an (ε, δ)-DP guarantee") || statement.contains("not a guarantee")) p.claim = "not-dp";
    else if (p.accountant.isEmpty() && (statement.contains("basic composition") || statement.contains("one release"))) {
      p.accountant = "basic-composition";  // a theorem (Dwork & Roth 2014 Thm 3.16): a bound
      p.claim = "proven-bound";
    }
  }
  static const QRegularExpression q(QStringLiteral(R"(q = (\d+(?:\.\d+)?(?:e[+-]?\d+)?))"));
  static const QRegularExpression steps(QStringLiteral(R"((\d+) steps)"));
  static const QRegularExpression sigma(QStringLiteral(R"(noise multiplier (\d+(?:\.\d+)?(?:e[+-]?\d+)?))"));
  if (const auto m = q.match(statement); m.hasMatch()) p.q = statementReal(m.captured(1));
  if (const auto m = steps.match(statement); m.hasMatch()) p.steps = m.captured(1).toLong();
  if (const auto m = sigma.match(statement); m.hasMatch()) p.sigma = statementReal(m.captured(1));
  // Full precision where the run reports them as metrics (the fair methods: noise_multiplier, sample_rate).
  if (metrics.contains("noise_multiplier")) p.sigma = metricFromJson(metrics["noise_multiplier"]);
  if (metrics.contains("sample_rate")) p.q = metricFromJson(metrics["sample_rate"]);
  return p;
}

RunPrivacy runPrivacy(const QString& method, const QJsonObject& metrics, const QJsonObject& scenarioParameters,
                      const QString& statement, const dpw::RunPrivacy& structured) {
  RunPrivacy p = runPrivacy(method, metrics, scenarioParameters, statement);
  if (p.claim == "none" || std::isnan(structured.epsilon)) return p;  // no claim in structure: the sentence's
  p.delta = structured.delta;
  // ε: the method's declared ε metric where it has one (as without the structure), else the claim's own
  // (full precision; the sentence's is rounded up).
  const std::string& metric = dpw::findMethod(method.toStdString()).privacy.metric;
  if (metric.empty() || !metrics.contains(QString::fromStdString(metric))) p.epsilon = structured.epsilon;
  const dpw::PrivacyLedger* ledger = structured.ledger.get();
  if (!ledger || ledger->events().empty()) return p;
  const dpw::PrivacyEvent& last = ledger->events().back();  // what the ledger's sentence states
  switch (ledger->accounting()) {
    case dpw::LedgerAccounting::Accountant:
      p.accountant = QString::fromStdString(dpw::accountantId(ledger->accountant()));
      p.claim = ledger->claim() == dpw::AccountantClaim::Bound           ? "proven-bound"
                : ledger->claim() == dpw::AccountantClaim::Approximation ? "approximation"
                                                                         : "not-dp";
      p.q = last.sampleRate;
      p.steps = last.count;
      p.sigma = last.multiplier;
      break;
    case dpw::LedgerAccounting::ExactSingleGaussian:
      p.accountant = "exact-gaussian";
      p.claim = "proven-bound";
      p.sigma = last.multiplier;
      break;
    case dpw::LedgerAccounting::ClassicPerRelease:
      p.claim = "approximation";
      p.sigma = last.multiplier;
      break;
    case dpw::LedgerAccounting::BasicComposition:
      p.accountant = "basic-composition";
      p.claim = "proven-bound";
      break;
  }
  // Full precision where the run reports them as metrics (the fair methods: noise_multiplier, sample_rate).
  if (metrics.contains("noise_multiplier")) p.sigma = metricFromJson(metrics["noise_multiplier"]);
  if (metrics.contains("sample_rate")) p.q = metricFromJson(metrics["sample_rate"]);
  return p;
}

// ---- Running a share -------------------------------------------------------------------------------------

ShardProgress runSweepShard(const Sweep& sweep, int shard, int shards, const QString& dir, const SweepLog& log,
                            const RunPlace& place) {
  const auto items = sweep.shardItems(shard, shards);
  if (!QDir().mkpath(dir) || !QDir().mkpath(QDir(dir).filePath("locks")))
    throw InvalidArgument("cannot create output folder " + dir.toStdString());
  const QDir out(dir);
  writeFileAtomically(out.filePath("sweep.json"), sweep.document);
  auto say = [&](const QString& s) {
    if (log) log(s);
  };
  ShardProgress progress;
  progress.items = long(items.size());

  std::set<QByteArray> done;
  FolderLines folder(dir);
  auto refresh = [&] {
    folder.refresh([&](const QByteArray& line, const QString& file, int lineNo) {
      const QJsonObject o = parseLine(line, file, lineNo);
      if (o.contains("key")) done.insert(o["key"].toString().toLatin1());  // older lines (no key) match nothing
    });
  };
  refresh();
  for (const auto& item : items) progress.alreadyDone += long(done.count(item.key));
  say(QStringLiteral("share %1/%2: %3 items, %4 already done in %5").arg(shard).arg(shards).arg(progress.items)
          .arg(progress.alreadyDone).arg(dir));

  const QString fileName = out.filePath(QStringLiteral("%1.%2-%3.jsonl").arg(shardFileStem(shard, shards), place.host).arg(::getpid()));
  QFile file(fileName);
  ClaimGuard guard;
  long position = 0;
  for (const auto& item : items) {
    ++position;
    const QString label = QStringLiteral("[%1/%2] item %3 (%4, key %5)").arg(position).arg(items.size()).arg(item.index)
                              .arg(describe(item), QString::fromLatin1(item.key));
    if (done.count(item.key)) continue;
    const QString lockPath = out.filePath("locks/" + QString::fromLatin1(item.key) + ".lock");
    QByteArray holder;
    if (claim(lockPath, place, &holder) == ClaimResult::Held) {
      say(label + ": being run by " + QString::fromUtf8(holder) + ", left to it");
      ++progress.heldByOthers;
      continue;
    }
    guard.hold(lockPath);
    refresh();  // another process may have finished it between our first look and our claim
    if (done.count(item.key)) {
      guard.drop();
      release(lockPath);
      ++progress.alreadyDone;
      continue;
    }
    QElapsedTimer timer;
    timer.start();
    dpw::RunResult r;
    try {
      dpw::LatestFramesObserver observer;
      r = item.scenario.methodInfo().run(item.scenario.params, item.scenario.seed, observer);
    } catch (const std::exception& e) {
      guard.drop();
      release(lockPath);
      const bool input = dynamic_cast<const InvalidArgument*>(&e) != nullptr;
      progress.failedOnInput = (progress.failed.empty() || progress.failedOnInput) && input;
      progress.failed.push_back(QStringLiteral("item %1 (%2): %3").arg(item.index).arg(describe(item), QString::fromUtf8(e.what())));
      say(label + ": FAILED: " + QString::fromUtf8(e.what()));
      continue;
    }
    const double wall = double(timer.nsecsElapsed()) * 1e-9;
    QJsonObject metrics;
    for (const auto& [k, v] : r.metrics) metrics.insert(QString::fromStdString(k), numberToJson(v));
    QJsonObject scenario = QJsonDocument::fromJson(scenarioJson(item.scenario)).object();
    scenario.remove("view");
    scenario.remove("lesson");
    const QString statement = QString::fromStdString(r.privacyStatement);
    QJsonObject line{{"key", QString::fromLatin1(item.key)},
                     {"method", QString::fromStdString(item.scenario.method)},
                     {"point", item.point},
                     {"seed", double(item.scenario.seed)},
                     {"metrics", metrics},
                     {"privacy", privacyJson(runPrivacy(QString::fromStdString(item.scenario.method), metrics,
                                                        scenario["parameters"].toObject(), statement, r.privacy))},
                     {"privacy_statement", statement},
                     {"scenario", scenario},
                     {"sweep", QString::fromLatin1(sweep.fingerprint)},
                     {"index", double(item.index)},
                     {"shard", QStringLiteral("%1/%2").arg(shard).arg(shards)},
                     {"wall_time_s", wall},
                     {"host", place.host},
                     {"job_id", place.jobId},
                     {"finished_at", nowUtc()}};
    if (!r.evaluation.empty()) {  // computed on private data, apart (core/output_classes.h)
      QJsonObject evaluation;
      for (const auto& [k, v] : r.evaluation) evaluation.insert(QString::fromStdString(k), numberToJson(v));
      line.insert("evaluation", evaluation);
    }
    addProvenance(line);
    if (!file.isOpen() && !file.open(QIODevice::WriteOnly | QIODevice::Append))
      throw InvalidArgument(str("cannot write " + file.fileName() + ": " + file.errorString()));
    // One write per line, then flushed to the disk: a kill or a lost node costs at most this item.
    const QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    if (file.write(bytes) != bytes.size() || !file.flush() || ::fsync(file.handle()) != 0)
      throw InvalidArgument(str("cannot write " + file.fileName() + ": " + file.errorString()));
    guard.drop();
    release(lockPath);
    done.insert(item.key);
    ++progress.ran;
    say(label + QStringLiteral(": done in %1 s").arg(wall, 0, 'f', 2));
  }
  // Items another process held: done by now, or still running there (the merge says if they are missing).
  refresh();
  progress.heldByOthers = 0;
  for (const auto& item : items)
    if (!done.count(item.key)) ++progress.heldByOthers;
  progress.heldByOthers -= long(progress.failed.size());
  return progress;
}

// ---- Planning --------------------------------------------------------------------------------------------

namespace {

/// Lets a run calibrate and take a few steps (0.3 s of them), then cancels it; the step times are
/// extrapolated to the run's own step count.
class ProbeObserver : public dpw::RunObserver {
 public:
  ProbeObserver() { timer_.start(); }
  void onFrame(dpw::FramePtr) override {}
  void onProgress(long step, long total) override {
    const qint64 now = timer_.nsecsElapsed();
    if (firstNs_ < 0) firstNs_ = now, firstStep_ = step;
    lastNs_ = now, lastStep_ = step, total_ = total;
    if (now - firstNs_ > 300'000'000 && step > firstStep_) stop_ = true;
  }
  bool cancelRequested() const override { return stop_; }
  /// Seconds for the whole run: setup + per-step time x the steps left.
  double estimate() const {
    if (lastStep_ <= firstStep_ || total_ <= 0) return double(timer_.nsecsElapsed()) * 1e-9;
    const double perStep = double(lastNs_ - firstNs_) / double(lastStep_ - firstStep_);
    return (double(firstNs_) + perStep * double(total_ - firstStep_)) * 1e-9;
  }

 private:
  QElapsedTimer timer_;
  qint64 firstNs_ = -1, lastNs_ = 0;
  long firstStep_ = 0, lastStep_ = 0, total_ = 0;
  bool stop_ = false;
};

}  // namespace

SweepPlan planSweep(const Sweep& sweep, const QString& dir) {
  SweepPlan plan;
  const auto items = sweep.shardItems(1, 1);
  // Two items of one key would be one run counted twice (a value that resolves to another's).
  std::map<QByteArray, long> keys;
  for (const auto& item : items)
    if (const auto [it, fresh] = keys.emplace(item.key, item.index); !fresh)
      throw InvalidArgument(str(QStringLiteral("items %1 and %2 are the same run (%3): a value of the grid resolves to "
                                               "another's; remove one")
                                    .arg(it->second).arg(item.index).arg(describe(item))));
  const std::size_t perPoint = sweep.seeds.size();
  for (std::size_t i = 0; i < items.size(); i += perPoint) {
    const SweepItem& item = items[i];
    PlannedPoint p;
    p.point = item.point;
    ProbeObserver probe;
    try {
      item.scenario.methodInfo().run(item.scenario.params, item.scenario.seed, probe);
    } catch (const dpw::Cancelled&) {
      // calibrated and stepping: fine
    } catch (const std::exception& e) {
      p.error = QStringLiteral("item %1 (%2): %3").arg(item.index).arg(describe(item), QString::fromUtf8(e.what()));
    }
    p.probeSeconds = probe.estimate();
    plan.points.push_back(p);
  }
  if (QDir(dir).exists()) {
    std::set<QByteArray> done;
    FolderLines folder(dir);
    folder.refresh([&](const QByteArray& line, const QString& file, int lineNo) {
      const QJsonObject o = parseLine(line, file, lineNo);
      if (o.contains("key")) done.insert(o["key"].toString().toLatin1());
    });
    for (const auto& item : items)
      if (done.count(item.key)) plan.doneIndices.push_back(item.index);
    plan.alreadyDone = long(plan.doneIndices.size());
  }
  return plan;
}

// ---- Merging ---------------------------------------------------------------------------------------------

Sweep sweepOfFolders(const QStringList& dirs, const QString& gridPath) {
  if (!gridPath.isEmpty()) return Sweep::fromFile(gridPath);
  QByteArray document;
  QString from;
  for (const QString& d : dirs) {
    if (!QDir(d).exists()) throw InvalidArgument("no such folder: " + d.toStdString());
    const QString path = QDir(d).filePath("sweep.json");
    if (!QFile::exists(path)) continue;
    const Sweep s = Sweep::fromFile(path);
    if (!document.isEmpty() && s.document != document)
      throw InvalidArgument(str(path + " and " + from + " are different grids: give the one to merge with --grid GRID.json"));
    document = s.document;
    from = path;
  }
  if (document.isEmpty())
    throw InvalidArgument("no sweep.json in " + str(dirs.join(", ")) + " (written by dpwlab-cli sweep): give the grid with --grid GRID.json");
  return Sweep::fromJson(document);
}

SweepResults collectSweepResults(const Sweep& sweep, const QStringList& dirs) {
  const auto items = sweep.shardItems(1, 1);
  std::map<QByteArray, long> position;
  for (const auto& item : items) position[item.key] = item.index;
  std::vector<QJsonObject> found(items.size());
  std::vector<QString> where(items.size());
  SweepResults results;
  // What a run computed; where, when and by which process it ran may differ between two lines of one item.
  auto computed = [](QJsonObject o) {
    QJsonObject c;
    for (const char* k : {"metrics", "evaluation", "privacy_statement"}) c.insert(k, o[k]);
    return QJsonDocument(c).toJson(QJsonDocument::Compact);
  };
  for (const QString& d : dirs) {
    if (!QDir(d).exists()) throw InvalidArgument("no such folder: " + d.toStdString());
    FolderLines folder(d);
    folder.refresh([&](const QByteArray& line, const QString& file, int lineNo) {
      const QJsonObject o = parseLine(line, file, lineNo);
      const auto it = position.find(o["key"].toString().toLatin1());
      if (it == position.end()) {
        ++results.ignored;
        return;
      }
      const auto i = std::size_t(it->second);
      const QString here = QStringLiteral("%1 line %2").arg(file).arg(lineNo);
      if (found[i].isEmpty()) {
        found[i] = o, where[i] = here;
        found[i]["point"] = items[i].point;  // the grid's spelling of the values (the key matched the run)
        return;
      }
      if (computed(found[i]) != computed(o))
        throw InvalidArgument(str(QStringLiteral("item %1 (%2) has two results that disagree: %3 and %4 (different "
                                                 "builds? native and portable ones may differ in the last bits); "
                                                 "remove the wrong line")
                                      .arg(i).arg(describe(items[i]), where[i], here)));
      ++results.duplicates;
    });
  }
  QStringList missing;
  long present = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!found[i].isEmpty()) ++present;
    else if (missing.size() < 10) missing << QString::number(i);
  }
  if (!missing.isEmpty())
    throw InvalidArgument(str(QStringLiteral("sweep incomplete: %1 of %2 items present; missing items %3%4")
                                  .arg(present).arg(items.size()).arg(missing.join(", "), long(items.size()) - present > 10 ? ", …" : "")));
  results.lines = std::move(found);
  return results;
}

QString snakeCase(const QString& name) {
  QString out;
  bool gap = false;
  for (const QChar c : name) {
    if (c.isLetterOrNumber() && c.unicode() < 128) {
      if (gap && !out.isEmpty()) out += '_';
      out += c.toLower();
      gap = false;
    } else {
      gap = true;
    }
  }
  return out;
}

namespace {

/// The privacy of the whole sweep: every run reads the same data set, so releasing all their outputs is
/// (Σ ε, Σ δ)-DP by basic composition (Dwork & Roth 2014 Thm 3.16), whatever each run's own accounting.
QJsonObject jointPrivacy(const Sweep& sweep, const SweepResults& results) {
  const dpw::PrivacyReadout& readout = sweep.base.methodInfo().privacy;
  if (!readout.none.empty())
    return QJsonObject{{"rule", "none"}, {"note", "no privacy budget spent: " + QString::fromStdString(readout.none)}};
  // All runs; and the private runs alone (finite ε), which a paper reporting its DP runs may quote.
  double eps = 0, delta = 0, privateEps = 0, privateDelta = 0;
  long unknown = 0, privateRuns = 0;
  for (const auto& line : results.lines) {
    const QJsonObject p = line["privacy"].toObject();
    const double e = p["epsilon"].isNull() ? std::nan("") : metricFromJson(p["epsilon"]);
    if (std::isinf(e) && e > 0) {  // a run without privacy: its release is not private, whatever δ
      eps = e;
      continue;
    }
    if (std::isnan(e) || p["delta"].isNull()) {
      ++unknown;
      continue;
    }
    const double d = metricFromJson(p["delta"]);
    eps += e, delta += d;
    privateEps += e, privateDelta += d, ++privateRuns;
  }
  const long runs = long(results.lines.size());
  QJsonObject o{{"rule", "basic composition"},
                {"runs", double(runs)},
                {"epsilon", unknown ? QJsonValue(QJsonValue::Null) : numberToJson(eps)},
                {"delta", unknown || std::isinf(eps) ? QJsonValue(QJsonValue::Null) : numberToJson(delta)},
                {"private_runs", double(privateRuns)},
                {"private_runs_epsilon", numberToJson(privateEps)},
                {"private_runs_delta", numberToJson(privateDelta)},
                {"note", QStringLiteral("all %1 runs read one data set: released together they are (sum of ε, sum of δ)-DP "
                                        "by basic composition (Dwork & Roth 2014 Thm 3.16), which also covers choosing the "
                                        "best run; ε = inf when a run has no privacy; private_runs_*: the same over the "
                                        "runs with a finite ε")
                             .arg(runs)}};
  if (unknown)
    o.insert("runs_without_numbers", QStringLiteral("%1 run(s) state no (ε, δ) the merge can read: no joint claim").arg(unknown));
  return o;
}

}  // namespace

QByteArray mergeSweep(const Sweep& sweep, const SweepResults& results) {
  std::vector<QJsonObject> points;
  std::map<QByteArray, std::map<QString, std::vector<double>>> values;
  std::set<QString> builtBy;
  for (const auto& o : results.lines) {
    const QByteArray key = pointKey(o["point"].toObject());
    if (!values.count(key)) points.push_back(o["point"].toObject());
    auto& metrics = values[key];
    for (const auto& [name, v] : lineMetrics(o)) metrics[snakeCase(name)].push_back(v);
    builtBy.insert(o["dpwlab_version"].toString("unknown") + " " + o["commit"].toString("unknown") + " (" +
                   o["build_flags"].toString("unknown") + ")");
  }
  QJsonArray rows;
  const QString method = QString::fromStdString(sweep.base.method);
  for (const auto& point : points) {
    const auto& metrics = values[pointKey(point)];
    QJsonObject out;
    long n = 0;
    for (const auto& [name, xs] : metrics) {
      const Stats s = stats(xs);
      n = s.n;
      out.insert(name, QJsonObject{{"mean", numberToJson(s.mean)},
                                   {"sd", numberToJson(s.sd)},
                                   {"se", numberToJson(s.se)},
                                   {"ci95_low", numberToJson(s.low)},
                                   {"ci95_high", numberToJson(s.high)}});
    }
    rows.append(QJsonObject{{"method", method}, {"point", point}, {"n", double(n)}, {"metrics", out}});
  }
  QJsonArray shardsBuiltBy;
  for (const QString& b : builtBy) shardsBuiltBy.append(b);
  QJsonObject merged{{"format", "dpwlab-sweep-merge"},
                     {"method", method},
                     {"sweep", QString::fromLatin1(sweep.fingerprint)},
                     {"items", double(sweep.size())},
                     {"statistics", "per grid point over its seeds: n; mean; sd = sample standard deviation (ddof = 1); "
                                    "se = sd / sqrt(n); ci95 = mean ± t(0.975, n - 1) · se (Student t); one seed: sd, se "
                                    "and ci95 \"nan\"; every seed at one value: sd 0"},
                     {"joint_privacy", jointPrivacy(sweep, results)},
                     {"shards_built_by", shardsBuiltBy},
                     {"results", rows}};
  addProvenance(merged);
  return QJsonDocument(merged).toJson(QJsonDocument::Indented);
}

// ---- Tables ----------------------------------------------------------------------------------------------

namespace {

QString csvField(const QString& s) {
  if (!s.contains(',') && !s.contains('"') && !s.contains('\n')) return s;
  return '"' + QString(s).replace('"', "\"\"") + '"';
}

QString csvNumber(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

/// A cell: a number (the CSV text; in JSON a number, or null with "<column>_nonfinite") or text.
struct Cell {
  QString column;
  std::optional<double> number;
  QJsonValue json;  // used when !number
};

/// The columns of runs.csv every sweep has.
const QStringList& fixedColumns() {
  static const QStringList fixed{"method", "seed", "key", "epsilon", "delta", "accountant", "claim", "proven_bound", "sigma",
                                 "q", "steps", "wall_time_s", "host", "job_id", "finished_at", "dpwlab_version", "commit",
                                 "build_flags", "privacy_statement", "scenario"};
  return fixed;
}

/// The column of a grid parameter: its key, or "grid_<key>" when a fixed column has that name (a grid over
/// "epsilon": grid_epsilon is the target asked for, epsilon the ε the run's claim states).
QString pointColumn(const QString& key) { return fixedColumns().contains(key) ? "grid_" + key : key; }

/// One run as ordered cells (runs.csv and runs.jsonl share them).
std::vector<Cell> runCells(const QJsonObject& line, const QStringList& pointKeys) {
  std::vector<Cell> cells;
  auto text = [&](const QString& c, const QJsonValue& v) { cells.push_back({c, std::nullopt, v}); };
  auto number = [&](const QString& c, const QJsonValue& v) {
    if (v.isNull() || v.isUndefined()) cells.push_back({c, std::nullopt, QJsonValue::Null});
    else cells.push_back({c, metricFromJson(v), {}});
  };
  text("method", line["method"]);
  const QJsonObject point = line["point"].toObject();
  for (const QString& k : pointKeys) {
    if (point[k].isString() && !dpw::parseInfinity(point[k].toString().toStdString()))
      text(pointColumn(k), point[k]);  // a choice or a text parameter
    else
      number(pointColumn(k), point[k]);
  }
  number("seed", line["seed"]);
  text("key", line["key"]);
  const QJsonObject p = line["privacy"].toObject();
  number("epsilon", p["epsilon"]);
  number("delta", p["delta"]);
  text("accountant", p["accountant"]);
  text("claim", p["claim"]);
  cells.push_back({"proven_bound", std::nullopt, p["claim"].toString() == "proven-bound"});
  number("sigma", p["sigma"]);
  number("q", p["q"]);
  number("steps", p["steps"]);
  for (const auto& [name, v] : lineMetrics(line)) {
    QString c = snakeCase(name);
    if (fixedColumns().contains(c) || pointKeys.contains(c)) c = "metric_" + c;  // e.g. the flows' metric "epsilon"
    cells.push_back({c, v, {}});
  }
  number("wall_time_s", line["wall_time_s"]);
  text("host", line["host"]);
  text("job_id", line["job_id"]);
  text("finished_at", line["finished_at"]);
  text("dpwlab_version", line["dpwlab_version"]);
  text("commit", line["commit"]);
  text("build_flags", line["build_flags"]);
  text("privacy_statement", line["privacy_statement"]);
  text("scenario", QString::fromUtf8(QJsonDocument(line["scenario"].toObject()).toJson(QJsonDocument::Compact)));
  return cells;
}

QString cellCsv(const Cell& c) {
  if (c.number) return csvNumber(*c.number);
  if (c.json.isBool()) return c.json.toBool() ? "true" : "false";
  if (c.json.isNull()) return "";
  return csvField(c.json.toString());
}

QString latexEscape(QString s) {
  s.replace('\\', "\\textbackslash{}");
  for (const char* c : {"_", "%", "&", "#", "$", "{", "}"}) s.replace(c, QString("\\") + c);
  return s;
}

QString numberOrDash(const QJsonValue& v) { return v.isNull() || v.isUndefined() ? "–" : csvNumber(metricFromJson(v)); }

}  // namespace

void writeSweepTables(const Sweep& sweep, const SweepResults& results, const QString& dir) {
  if (!QDir().mkpath(dir)) throw InvalidArgument("cannot create output folder " + dir.toStdString());
  const QDir out(dir);
  const QStringList pointKeys = sweep.grid.keys();
  // runs.csv, runs.jsonl: one row per run.
  QByteArray csv, jsonl;
  QStringList header;
  for (const auto& line : results.lines) {
    const auto cells = runCells(line, pointKeys);
    QStringList row;
    QJsonObject o;
    for (const Cell& c : cells) {
      if (csv.isEmpty()) header << c.column;
      row << cellCsv(c);
      if (!c.number) o.insert(c.column, c.json);
      else if (std::isfinite(*c.number)) o.insert(c.column, *c.number);
      else {  // JSON has no ∞: null, and what it was beside it (docs/sweeps.md)
        o.insert(c.column, QJsonValue::Null);
        o.insert(c.column + "_nonfinite", csvNumber(*c.number));
      }
    }
    if (csv.isEmpty()) csv += header.join(',').toUtf8() + '\n';
    csv += row.join(',').toUtf8() + '\n';
    jsonl += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
  }
  writeFileAtomically(out.filePath("runs.csv"), csv);
  writeFileAtomically(out.filePath("runs.jsonl"), jsonl);

  // summary.csv: one row per grid point and metric.
  const QJsonObject merged = QJsonDocument::fromJson(mergeSweep(sweep, results)).object();
  QStringList pointColumns;
  for (const QString& k : pointKeys) pointColumns << pointColumn(k);
  QByteArray summary = (QStringList{"method"} + pointColumns + QStringList{"metric", "n", "mean", "sd", "se", "ci95_low", "ci95_high"})
                           .join(',').toUtf8() + '\n';
  for (const auto& r : merged["results"].toArray()) {
    const QJsonObject row = r.toObject();
    const QJsonObject metrics = row["metrics"].toObject();
    for (auto it = metrics.begin(); it != metrics.end(); ++it) {
      QStringList cells{csvField(row["method"].toString())};
      for (const QString& k : pointKeys) cells << csvField(valueText(row["point"].toObject()[k]));
      cells << it.key() << QString::number(row["n"].toInt());
      const QJsonObject s = it.value().toObject();
      for (const char* k : {"mean", "sd", "se", "ci95_low", "ci95_high"}) cells << csvNumber(metricFromJson(s[k]));
      summary += cells.join(',').toUtf8() + '\n';
    }
  }
  writeFileAtomically(out.filePath("summary.csv"), summary);

  // privacy.md and privacy.tex: the privacy parameters per grid point, then the whole sweep.
  std::vector<QJsonObject> firstOfPoint;
  std::map<QByteArray, std::pair<long, std::pair<double, double>>> epsRange;  // point -> runs, (min ε, max ε)
  for (const auto& line : results.lines) {
    const QByteArray k = pointKey(line["point"].toObject());
    const double e = line["privacy"].toObject()["epsilon"].isNull() ? std::nan("") : metricFromJson(line["privacy"].toObject()["epsilon"]);
    auto [it, fresh] = epsRange.try_emplace(k, 0, std::pair{e, e});
    if (fresh) firstOfPoint.push_back(line);
    ++it->second.first;
    it->second.second.first = std::min(it->second.second.first, e);
    it->second.second.second = std::max(it->second.second.second, e);
  }
  const QStringList cols = pointKeys + QStringList{"runs", "ε per run", "δ", "accountant", "claim", "σ", "q", "steps"};
  QString md = "| " + cols.join(" | ") + " |\n|" + QString("---|").repeated(int(cols.size())) + "\n";
  QString tex = "% DPW Lab sweep " + QString::fromLatin1(sweep.fingerprint) + ": privacy parameters (dpwlab-cli merge --tables)\n"
                "\\begin{tabular}{" + QString("l").repeated(int(cols.size())) + "}\n\\hline\n";
  QStringList texHead;
  for (const QString& c : pointKeys) texHead << "\\texttt{" + latexEscape(c) + "}";
  texHead << "runs" << "$\\varepsilon$ per run" << "$\\delta$" << "accountant" << "claim" << "$\\sigma$" << "$q$" << "$T$";
  tex += texHead.join(" & ") + " \\\\\n\\hline\n";
  for (const auto& line : firstOfPoint) {
    const QJsonObject p = line["privacy"].toObject();
    const auto& [runs, range] = epsRange[pointKey(line["point"].toObject())];
    // As the statements print them (4 significant digits, never flattering: ε, δ, q up, σ down).
    auto up = [](double v) { return QString::fromStdString(dpw::claimNumber(v)); };
    const QString eps = std::isnan(range.first) ? "–"
                        : up(range.first) == up(range.second) ? up(range.second)
                                                               : up(range.first) + "–" + up(range.second);
    QStringList cells;
    for (const QString& k : pointKeys) cells << valueText(line["point"].toObject()[k]);
    auto shown = [](const QJsonValue& v, bool roundUp) {
      if (v.isNull() || v.isUndefined()) return QStringLiteral("–");
      const double x = metricFromJson(v);
      return QString::fromStdString(roundUp ? dpw::claimNumber(x) : dpw::noiseNumber(x));
    };
    cells << QString::number(runs) << eps << shown(p["delta"], true)
          << (p["accountant"].toString().isEmpty() ? "–" : p["accountant"].toString())
          << (p["claim"].toString().isEmpty() ? "–" : p["claim"].toString()) << shown(p["sigma"], false) << shown(p["q"], true)
          << numberOrDash(p["steps"]);
    md += "| " + cells.join(" | ") + " |\n";
    QStringList texCells;
    for (const QString& c : cells) texCells << latexEscape(c).replace("inf", "$\\infty$").replace("–", "--");
    tex += texCells.join(" & ") + " \\\\\n";
  }
  const QJsonObject joint = merged["joint_privacy"].toObject();
  QString whole;
  auto up = [](const QJsonValue& v) { return QString::fromStdString(dpw::claimNumber(metricFromJson(v))); };
  if (joint["rule"].toString() == "basic composition" && joint.contains("runs_without_numbers"))
    whole = "Whole sweep: " + joint["runs_without_numbers"].toString() + ".";
  else if (joint["rule"].toString() == "basic composition") {
    whole = QStringLiteral("Whole sweep, %1 runs on one data set, by basic composition (Dwork & Roth 2014 Thm 3.16): ")
                .arg(joint["runs"].toInt());
    whole += joint["delta"].isNull() ? QStringLiteral("ε = ∞ (a run without privacy is among them)")
                                     : QStringLiteral("ε ≤ %1, δ ≤ %2").arg(up(joint["epsilon"]), up(joint["delta"]));
    if (joint["private_runs"].toInt() < joint["runs"].toInt() && joint["private_runs"].toInt() > 0)
      whole += QStringLiteral("; its %1 private runs alone: ε ≤ %2, δ ≤ %3")
                   .arg(joint["private_runs"].toInt()).arg(up(joint["private_runs_epsilon"]), up(joint["private_runs_delta"]));
    whole += ".";
  } else
    whole = "Whole sweep: " + joint["note"].toString() + ".";
  md += "\n" + whole + "\n";
  tex += "\\hline\n\\end{tabular}\n% " + QString(whole).replace("∞", "inf") + "\n";
  writeFileAtomically(out.filePath("privacy.md"), md.toUtf8());
  writeFileAtomically(out.filePath("privacy.tex"), tex.toUtf8());
}

}  // namespace dpwapp
