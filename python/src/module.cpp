// dpwlab._dpwlab: the engine's sliced Wasserstein, accountants, sensitivity bounds and method runs as a
// CPython extension (pybind11). numpy arrays come in without a copy when they are C-contiguous float64
// (any other array is converted once) and go out without a copy (the engine's result is moved into the
// array, or the array is a read-only view of an immutable frame). Engine errors (dpw::InvalidArgument)
// raise ValueError with the engine's message; every numerical call releases the GIL.
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <variant>
#include <unistd.h>

#include <dpw/core/build_info.h>
#include <dpw/core/error.h>
#include <dpw/core/method.h>
#include <dpw/core/overloaded.h>
#include <dpw/core/parameter_text.h>
#include <dpw/core/rng.h>
#include <dpw/dpswd/dpswd_release.h>
#include <dpw/flow/sliced_flow_step.h>
#include <dpw/ot/directions.h>
#include <dpw/ot/sliced_wasserstein.h>
#include <dpw/ot/wasserstein_1d.h>
#include <dpw/privacy/accountants/accountant.h>
#include <dpw/privacy/calibration/accountant_calibration.h>
#include <dpw/privacy/accountants/discrete_gaussian_accountant.h>
#include <dpw/privacy/accountants/pld_accountant.h>
#include <dpw/privacy/accountants/pld_wor_accountant.h>
#include <dpw/privacy/accountants/random_allocation_analysis.h>
#include <dpw/privacy/accountants/rdp_accountant.h>
#include <dpw/privacy/accountants/rdp_analysis.h>
#include <dpw/privacy/sensitivity/projection_sensitivity.h>
#include <dpw/privacy/accountants/wdp_accountant.h>
#include <dpw/privacy/mechanisms/mechanisms.h>
#include <dpw/scenario/scenario.h>

namespace py = pybind11;

namespace {

// Arrays as the engine wants them: float64, C order. forcecast/c_style convert anything else once;
// a C-contiguous float64 array passes through untouched.
using InArray = py::array_t<double, py::array::c_style | py::array::forcecast>;
using ConstPointsMap = Eigen::Map<const dpw::Points>;
using ConstVectorMap = Eigen::Map<const dpw::Vector>;

ConstPointsMap asPoints(const InArray& a, const char* name) {
  dpw::require(a.ndim() == 2, name, " must be a 2-D array (n points x d), got ", a.ndim(), " dimension(s)");
  return ConstPointsMap(a.data(), a.shape(0), a.shape(1));
}

ConstVectorMap asVector(const InArray& a, const char* name) {
  dpw::require(a.ndim() == 1, name, " must be a 1-D array, got ", a.ndim(), " dimension(s)");
  return ConstVectorMap(a.data(), a.shape(0));
}

// A seed as the engine takes it: a Python int in [0, 2^64) (not a bool). pybind's own uint64 conversion answered
// a negative seed with "incompatible function arguments"; this says which rule it broke, as the CLI does.
std::uint64_t seedFrom(const py::handle& seed, const char* name) {
  dpw::require(PyLong_Check(seed.ptr()) && !PyBool_Check(seed.ptr()), name, " must be a non-negative integer, got a ",
               Py_TYPE(seed.ptr())->tp_name);
  const std::string text = py::repr(seed);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(seed.ptr(), &overflow);
  dpw::require(overflow > 0 || (overflow == 0 && v >= 0), name, " must be >= 0, got ", text);
  const unsigned long long u = PyLong_AsUnsignedLongLong(seed.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw dpw::InvalidArgument(dpw::message(name, " must be < 2^64, got ", text));
  }
  return std::uint64_t(u);
}

// The machine's memory in bytes (0 if unknown): the bound a requested array size is checked against before it is
// allocated, so that n_projections = 2^40 answers with a ValueError at once instead of std::bad_alloc.
double physicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? double(pages) * double(size) : 0.0;
}

void requireFits(double elements, const char* what) {
  const double bytes = elements * 8, memory = physicalMemoryBytes();
  dpw::require(memory == 0 || bytes <= memory, what, " would need ", bytes / 1e9, " GB (", elements,
               " float64 values), more than this machine's ", memory / 1e9, " GB of memory");
}

dpw::Points directionsFor(long k, long d, std::uint64_t seed) {
  dpw::require(k >= 1, "n_projections must be at least 1, got ", k);
  requireFits(double(k) * double(d), "the n_projections x d directions");
  dpw::Rng rng = dpw::makeRng(seed);
  return dpw::randomDirections(k, d, rng);
}

constexpr double kInf = std::numeric_limits<double>::infinity();

// Tolerance on the norm of a given direction: | ||theta|| - 1 | <= 1e-6. Directions normalised in float64 are unit
// to ~1e-16, those stored as float32 after normalising to ~1e-7; a direction off by more changes the projected
// distances by a factor ||theta||^2 (a matrix with rows of norm 2 and 3 gave 6.5 instead of a sliced distance).
constexpr double kUnitTolerance = 1e-6;

// The rows of `T` are the directions (k x d): checked against the points' dimension and for unit norm. A matrix
// whose columns are unit instead is POT's layout (d x k: ot.sliced_wasserstein_distance's `projections`), which
// passed silently when d = k and gave another number: named in the error.
void checkDirections(const ConstPointsMap& T, long d, const char* name) {
  dpw::require(T.rows() >= 1, name, " must hold at least one direction");
  if (T.cols() != d && T.rows() == d)
    throw dpw::InvalidArgument(dpw::message(name, " must be k x d (one unit direction per row, d = ", d, "), got ",
                                            T.rows(), " x ", T.cols(),
                                            ": POT's projections are d x k (one per column); pass their transpose .T"));
  dpw::require(T.cols() == d, name, " must be k x d with d = ", d, " (the points' dimension), got ", T.rows(), " x ",
               T.cols());
  dpw::require(T.allFinite(), name, " must be finite");
  // Norms by plain loops (Eigen's vectorised norm() trips GCC 12's -Wuninitialized inside the AVX-512 sqrt).
  double rowError = 0, colError = 0, minNorm = kInf, maxNorm = 0;
  std::vector<double> colSquares(size_t(T.cols()), 0.0);
  for (Eigen::Index i = 0; i < T.rows(); ++i) {
    double sq = 0;
    for (Eigen::Index j = 0; j < T.cols(); ++j) {
      sq += T(i, j) * T(i, j);
      colSquares[size_t(j)] += T(i, j) * T(i, j);
    }
    const double norm = std::sqrt(sq);
    rowError = std::max(rowError, std::abs(norm - 1));
    minNorm = std::min(minNorm, norm), maxNorm = std::max(maxNorm, norm);
  }
  if (rowError <= kUnitTolerance) return;
  for (double sq : colSquares) colError = std::max(colError, std::abs(std::sqrt(sq) - 1));
  if (colError <= kUnitTolerance)
    throw dpw::InvalidArgument(dpw::message(name, " (", T.rows(), " x ", T.cols(),
                                            ") has unit columns but not unit rows: this is POT's d x k layout; the "
                                            "directions here are the rows (k x d): pass the transpose .T"));
  throw dpw::InvalidArgument(dpw::message(name, " must have unit rows (| ||theta|| - 1 | <= 1e-6); the norms range over [",
                                          minNorm, ", ", maxNorm, "]"));
}

py::object slicedResult(dpw::SlicedResult&& r, bool gradients) {
  if (!gradients) return py::float_(r.value);
  return py::make_tuple(r.value, py::cast(std::move(r.gradX)), py::cast(std::move(r.gradY)));
}

py::object sliced(const InArray& x, const InArray& y, long k, std::uint64_t seed, bool gradients,
                  const std::optional<InArray>& directions, double sigma, std::uint64_t noiseSeed) {
  const ConstPointsMap X = asPoints(x, "x"), Y = asPoints(y, "y");
  dpw::require(std::isfinite(sigma) && sigma >= 0, "sigma must be a finite number >= 0, got ", sigma);
  std::optional<ConstPointsMap> given;
  if (directions) {
    given.emplace(asPoints(*directions, "directions"));
    checkDirections(*given, X.cols(), "directions");
  } else {
    dpw::require(k >= 1, "n_projections must be at least 1, got ", k);
    requireFits(double(k) * double(X.cols()), "the n_projections x d directions");
  }
  dpw::SlicedResult r;
  {
    py::gil_scoped_release release;
    dpw::Points theta;
    if (!given) theta = directionsFor(k, X.cols(), seed);
    const dpw::PointsRef T = given ? dpw::PointsRef(*given) : dpw::PointsRef(theta);
    dpw::SlicedOptions options;
    options.noiseStd = sigma, options.noiseSeed = noiseSeed;
    r = gradients ? dpw::slicedW2SquaredWithGradients(X, Y, T, options) : dpw::slicedW2Squared(X, Y, T, options);
  }
  return slicedResult(std::move(r), gradients);
}

void requirePrivacyArgs(double q, double delta, long steps) {
  dpw::require(q > 0 && q <= 1, "q (the sampling rate) must lie in (0, 1], got ", q);
  dpw::require(delta > 0 && delta < 1, "delta must lie in (0, 1), got ", delta);
  dpw::require(steps >= 1, "steps must be at least 1, got ", steps);
}

// ---- method runs --------------------------------------------------------------------------------

// Keeps the newest frame per chart and lets Ctrl-C stop the run: at most every 50 ms, the run's
// thread takes the GIL briefly and runs Python's signal handlers; an exception they raise (normally
// KeyboardInterrupt) cancels the run and is raised again once the run has unwound.
class InterruptibleObserver : public dpw::LatestFramesObserver {
 public:
  bool cancelRequested() const override {
    if (cancel.load() || interrupted_.load()) return true;
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (now - lastCheck_ < std::chrono::milliseconds(50)) return false;
    lastCheck_ = now;
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {
      PyErr_Fetch(&type_, &value_, &traceback_);
      interrupted_ = true;
    }
    return interrupted_.load();
  }
  /// Raises the exception a signal handler raised (call with the GIL held); false if there is none.
  bool restoreInterrupt() {
    if (!type_) return false;
    PyErr_Restore(type_, value_, traceback_);
    type_ = value_ = traceback_ = nullptr;
    return true;
  }

 private:
  mutable std::atomic<bool> interrupted_{false};
  mutable std::mutex mutex_;
  mutable std::chrono::steady_clock::time_point lastCheck_{};
  mutable PyObject* type_ = nullptr;
  mutable PyObject* value_ = nullptr;
  mutable PyObject* traceback_ = nullptr;
};

dpw::ParamValue paramFromPython(const dpw::ParamSpec& spec, const py::handle& v) {
  const bool textual = spec.kind == dpw::ParamKind::Choice || spec.kind == dpw::ParamKind::Text;
  if (textual) {
    dpw::require(py::isinstance<py::str>(v), "parameter '", spec.key, "' must be a string in the scenario");
    return v.cast<std::string>();
  }
  if (py::isinstance<py::str>(v)) return dpw::parseParamValue(spec, v.cast<std::string>());  // the form's reader
  dpw::require(!py::isinstance<py::bool_>(v) && (py::isinstance<py::float_>(v) || py::isinstance<py::int_>(v) ||
                                                 py::hasattr(v, "__float__")),
               "parameter '", spec.key, "' must be a number in the scenario");
  return py::float_(py::reinterpret_borrow<py::object>(v)).cast<double>();
}

dpw::ParamValues paramsFromPython(const dpw::MethodInfo& method, const py::dict& params) {
  dpw::ParamValues values(method.params);
  for (const auto& [k, v] : params) {
    dpw::require(py::isinstance<py::str>(k), "parameter names must be strings");
    const std::string key = k.cast<std::string>();
    const auto& specs = values.specs();
    auto spec = std::find_if(specs.begin(), specs.end(), [&](const dpw::ParamSpec& p) { return p.key == key; });
    if (spec == specs.end()) {
      std::string known;
      for (const auto& p : specs) known += (known.empty() ? "" : ", ") + p.key;
      throw dpw::InvalidArgument("unknown parameter '" + key + "' for method " + method.id + " (known: " + known + ")");
    }
    values.set(key, paramFromPython(*spec, v));
  }
  return values;
}

py::object paramToPython(const dpw::ParamValue& v) {
  if (std::holds_alternative<std::string>(v)) return py::str(std::get<std::string>(v));
  return py::float_(std::get<double>(v));
}

// A read-only numpy view of data inside a frame; the array keeps the frame alive.
template <typename T>
py::array view(const dpw::FramePtr& frame, const T* data, std::vector<py::ssize_t> shape) {
  std::vector<py::ssize_t> strides(shape.size(), sizeof(T));
  for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  py::capsule owner(new dpw::FramePtr(frame), [](void* p) { delete static_cast<dpw::FramePtr*>(p); });
  py::array a(py::dtype::of<T>(), shape, strides, data, owner);
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

py::dict frameToPython(const dpw::FramePtr& f) {
  py::dict out;
  out["chart"] = f->chart;
  out["title"] = f->title;
  out["step"] = f->step;
  auto vec = [&](const std::vector<double>& v) { return view(f, v.data(), {py::ssize_t(v.size())}); };
  // One lambda per frame kind and no catch-all (core/overloaded.h): a kind added to the variant and not handled here
  // is a compile error, not a frame returned without its data.
  std::visit(
      dpw::Overloaded{
          [&](const dpw::LinesFrame& lines) {
            out["kind"] = "lines";
            out["x_label"] = lines.xLabel;
            out["y_label"] = lines.yLabel;
            out["log_x"] = lines.logX;
            out["log_y"] = lines.logY;
            py::list series;
            for (const auto& s : lines.series) {
              py::dict d;
              d["name"] = s.name;
              d["x"] = vec(s.x);
              d["y"] = vec(s.y);
              d["dashed"] = s.dashed;
              series.append(d);
            }
            out["series"] = series;
          },
          [&](const dpw::HistogramFrame& h) {
            out["kind"] = "histogram";
            out["x_label"] = h.xLabel;
            out["edges"] = vec(h.edges);
            py::list groups;
            for (const auto& g : h.groups) {
              py::dict d;
              d["name"] = g.name;
              d["mass"] = vec(g.mass);
              d["colour"] = g.colour;
              d["dashed"] = g.dashed;
              groups.append(d);
            }
            out["groups"] = groups;
          },
          [&](const dpw::PointsFrame& p) {
            out["kind"] = "points";
            out["x_label"] = p.xLabel;
            out["y_label"] = p.yLabel;
            out["xy"] = view(f, p.xy.data(), {py::ssize_t(p.xy.rows()), py::ssize_t(p.xy.cols())});
            out["label"] = view(f, p.label.data(), {py::ssize_t(p.label.size())});
            out["label_names"] = p.labelNames;
          },
          [&](const dpw::HeatmapFrame& m) {
            out["kind"] = "heatmap";
            out["x_label"] = m.xLabel;
            out["y_label"] = m.yLabel;
            out["values"] = view(f, m.values.data(), {py::ssize_t(m.rows), py::ssize_t(m.cols)});
          },
          [&](const dpw::ImagesFrame& im) {
            out["kind"] = "images";
            // Separate vectors per image: one copy into a (count, height, width) float32 array.
            py::array_t<float> a({py::ssize_t(im.images.size()), py::ssize_t(im.height), py::ssize_t(im.width)});
            float* dst = a.mutable_data();
            for (const auto& img : im.images) dst = std::copy(img.begin(), img.end(), dst);
            out["images"] = a;
          },
      },
      f->data);
  return out;
}

// A scenario read by the engine (scenario/scenario.h: the only reader of the format): from a file when
// `path` is given, else from JSON text.
py::dict readScenario(const std::string& text, const std::string& path) {
  const dpw::Scenario s = path.empty() ? dpw::Scenario::fromJson(text) : dpw::Scenario::fromFile(path);
  py::dict params;
  for (const auto& [k, v] : s.params.values()) params[py::str(k)] = paramToPython(v);
  py::dict out;
  out["method"] = s.method;
  out["seed"] = s.seed;
  out["parameters"] = params;
  out["base_directory"] = s.params.baseDirectory();
  return out;
}

py::tuple runMethod(const std::string& methodId, const py::dict& params, std::uint64_t seed,
                    const std::string& baseDirectory) {
  const dpw::MethodInfo& method = dpw::findMethod(methodId);
  dpw::ParamValues values = paramsFromPython(method, params);
  values.setBaseDirectory(baseDirectory);  // relative data paths: the scenario file's folder first
  InterruptibleObserver observer;
  dpw::RunResult result;
  try {
    py::gil_scoped_release release;
    result = method.run(values, seed, observer);
  } catch (const dpw::Cancelled&) {
    if (observer.restoreInterrupt()) throw py::error_already_set();
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  }
  py::dict metrics;
  for (const auto& [k, v] : result.metrics) metrics[py::str(k)] = v;
  py::dict frames;
  for (const auto& f : observer.latestPerChart()) frames[py::str(f->chart)] = frameToPython(f);
  py::dict used;
  for (const auto& [k, v] : values.values()) used[py::str(k)] = paramToPython(v);
  py::dict evaluation;  // computed on private data, outside ε (core/output_classes.h)
  for (const auto& [k, v] : result.evaluation) evaluation[py::str(k)] = v;
  return py::make_tuple(metrics, result.privacyStatement, frames, used, evaluation);
}

py::list methodsList() {
  py::list out;
  for (const auto& m : dpw::allMethods()) {
    py::list params;
    for (const auto& p : m.params) {
      py::dict d;
      d["key"] = p.key;
      d["label"] = p.label;
      const char* kinds[] = {"real", "integer", "choice", "text"};
      d["kind"] = kinds[int(p.kind)];
      const bool textual = p.kind == dpw::ParamKind::Choice || p.kind == dpw::ParamKind::Text;
      d["default"] = textual ? py::object(py::str(p.defaultText)) : py::object(py::float_(p.defaultValue));
      if (!textual) {
        d["min"] = p.min;
        d["max"] = p.max;
        d["allow_infinity"] = p.allowInfinity;
      }
      if (p.kind == dpw::ParamKind::Choice) d["choices"] = p.choices;
      d["unit"] = p.unit;
      d["help"] = p.help;
      params.append(d);
    }
    py::dict d;
    d["id"] = m.id;
    d["title"] = m.title;
    d["paper"] = m.paper;
    d["summary"] = m.summary;
    d["parameters"] = params;
    out.append(d);
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_dpwlab, m) {
  m.doc() = "DPW Lab engine (C++): sliced Wasserstein, privacy accounting, method runs.";
  m.attr("__version__") = dpw::kVersion;
  m.attr("build_flavour") = dpw::kBuildFlags;  // a string (the flags the engine was built with), not a function
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const dpw::InvalidArgument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  m.def("random_directions", [](long k, long d, const py::object& seed) {
          dpw::require(d >= 1, "d must be at least 1, got ", d);
          const std::uint64_t s = seedFrom(seed, "seed");
          return directionsFor(k, d, s);
        },
        py::arg("n_projections"), py::arg("d"), py::arg("seed") = 0,
        R"doc(The k x d directions sliced_wasserstein(..., seed=seed) uses: rows of N(0, I_d) draws from the
engine's generator makeRng(seed), each normalised (uniform on the unit sphere S^{d-1}).
Pass ``.T`` as ``projections`` to ot.sliced_wasserstein_distance to compare with POT on the same directions.)doc");

  m.def("sliced_wasserstein",
        [](const InArray& x, const InArray& y, long k, const py::object& seed, bool gradients,
           const std::optional<InArray>& directions) {
          return sliced(x, y, k, seedFrom(seed, "seed"), gradients, directions, 0.0, 0);
        },
        py::arg("x"), py::arg("y"), py::arg("n_projections") = 50, py::arg("seed") = 0, py::arg("gradients") = false,
        py::arg("directions") = py::none(),
        R"doc(Sliced squared 2-Wasserstein distance SW2^2 between the point clouds x (n x d) and y (m x d).

    SW2^2(X, Y) = (1/k) sum_j W2^2(X theta_j, Y theta_j)     (Monte-Carlo over k unit directions)
    grad_X SW2^2 = (1/k) sum_j (dW2^2/d(X theta_j)) theta_j^T

W2^2 in 1-D uses the monotone (rank-weight) coupling, so n and m may differ ([FairLearn] Prop. 3.1/3.2).
Directions: random_directions(n_projections, d, seed), or ``directions`` (k x d, unit rows to 1e-6) if given;
a d x k matrix (POT's layout) or rows that are not unit raise ValueError.
POT's ot.sliced_wasserstein_distance(x, y, projections=theta.T) returns the square root of this value.
Cost O(k (n + m) d) plus a radix sort per direction; runs on all cores with the GIL released.

Returns the float SW2^2, or (value, grad_x, grad_y) with gradients=True (arrays shaped like x and y).
Raises ValueError on empty, non-finite or mismatched input.)doc");

  m.def("dp_sliced_wasserstein",
        [](const InArray& x, const InArray& y, long k, double sigma, const py::object& seedObject, bool gradients) {
          const std::uint64_t seed = seedFrom(seedObject, "seed");
          return sliced(x, y, k, seed, gradients, std::nullopt, sigma, seed + 1);
        },
        py::arg("x"), py::arg("y"), py::arg("n_projections"), py::arg("sigma"), py::arg("seed") = 0,
        py::arg("gradients") = false,
        R"doc(DP-SWD, the Gaussian-smoothed sliced W2^2 ([DP-SWD] Alg. 1): every projection of both samples gets
independent N(0, sigma^2) noise before the 1-D distances are taken,

    DP-SWD(X, Y) = (1/k) sum_j W2^2(X theta_j + Z_j, Y theta_j + Z'_j),   Z, Z' ~ N(0, sigma^2 I).

sigma is the noise standard deviation on the projections; the release is (eps, delta)-DP when
sigma >= w * noise multiplier, with w = sensitivity(bound, k, d, delta_w) the sensitivity of the k
projections of one changed row (rows of norm <= 1) and the multiplier from calibrate(...)
([DP-SWD] Lemma 2 and Thm. 1). sigma = 0 gives sliced_wasserstein exactly. Directions are
random_directions(n_projections, d, seed); the noise of direction j is stream j of seed + 1, so the
result does not depend on the number of threads. gradients=True returns (value, grad_x, grad_y) of
the noisy objective.)doc");

  m.def("wasserstein_1d",
        [](const InArray& u, const InArray& v, bool gradients) -> py::object {
          const ConstVectorMap U = asVector(u, "u"), V = asVector(v, "v");
          if (!gradients) {
            double value;
            {
              py::gil_scoped_release release;
              value = dpw::w2Squared(U, V);
            }
            return py::float_(value);
          }
          dpw::W2Gradient g;
          {
            py::gil_scoped_release release;
            g = dpw::w2SquaredWithGradient(U, V);
          }
          return py::make_tuple(g.value, py::cast(std::move(g.gradU)), py::cast(std::move(g.gradV)));
        },
        py::arg("u"), py::arg("v"), py::arg("gradients") = false,
        R"doc(Squared 2-Wasserstein distance W2^2 between the empirical measures of u (n values) and v (m values).

With sorted samples and the monotone north-west-corner coupling R (R[i][j] = overlap of the rank
intervals (i/n, (i+1)/n] and (j/m, (j+1)/m]),

    W2^2 = sum_ij R[i][j] (u_(i) - v_(j))^2,   dW2^2/du_(i) = 2 sum_j R[i][j] (u_(i) - v_(j))

([FairLearn] Prop. 3.1 and 3.2). Equals ot.wasserstein_1d(u, v, p=2) (POT returns W_p^p).
Cost O((n + m) log(n + m)). Returns the float, or (value, grad_u, grad_v) with gradients=True.)doc");

  m.def("sliced_flow_step",
        [](const InArray& x, const InArray& y, const InArray& directions, double noiseStd, const py::object& noiseSeedObject,
           long quantiles, double stepSize, double regularisation, const py::object& diffusionSeedObject) {
          const ConstPointsMap Y = asPoints(y, "y"), T = asPoints(directions, "directions");
          const ConstPointsMap X0 = asPoints(x, "x");
          checkDirections(T, X0.cols(), "directions");
          const std::uint64_t noiseSeed = seedFrom(noiseSeedObject, "noise_seed");
          const std::uint64_t diffusionSeed = seedFrom(diffusionSeedObject, "diffusion_seed");
          dpw::require(quantiles >= 2 && quantiles <= (1L << 24), "quantiles (P) must lie in [2, 2^24], got ", quantiles);
          dpw::Points X;
          {
            py::gil_scoped_release release;
            X = X0;  // the engine moves its own matrix; the result is moved into the returned array
            dpw::FlowStepOptions o;
            o.noiseStd = noiseStd, o.noiseSeed = noiseSeed, o.quantiles = int(quantiles), o.stepSize = stepSize;
            o.regularisation = regularisation, o.diffusionSeed = diffusionSeed;
            dpw::slicedFlowStep(X, Y, T, o);
          }
          return py::cast(std::move(X));
        },
        py::arg("x"), py::arg("y"), py::arg("directions"), py::arg("noise_std") = 0.0, py::arg("noise_seed") = 0,
        py::arg("quantiles") = 100, py::arg("step_size") = 1.0, py::arg("regularisation") = 0.0,
        py::arg("diffusion_seed") = 0,
        R"doc(One step of the (DP) sliced-Wasserstein gradient flow ([DPSWFlow] Eq. 18, 20, 21), the engine call
dpw::slicedFlowStep the app's flow methods make. Particles x (n x d), data y (m x d), unit directions
(k x d, rows of norm 1 to 1e-6, checked); returns the moved particles (a new n x d array; x is not changed):

    p_j = x theta_j + N(0, s^2),  t_j = y theta_j + N(0, s^2)        (s = noise_std; 0: non-private)
    F = interp(p_j; quantiles of p_j -> u),  T = interp(F; u -> quantiles of t_j),  u = linspace(0, 1, P)
    drift = (1/k) sum_j (p_j - T) theta_j^T
    x <- x - h drift + sqrt(2 h lambda) xi                           (h = step_size, lambda = regularisation)

The noise of direction j is stream j of noise_seed, the diffusion of particles [1024 b, 1024 (b + 1))
stream b of diffusion_seed: the result replays exactly and does not depend on the thread count.
Cost O(k (n + m) d) plus a radix sort per direction; runs on all cores with the GIL released.
Raises ValueError on empty, non-finite or mismatched input, P < 2, s < 0, h <= 0 or lambda < 0.
Privacy (the noise calibration, batch sampling and accounting) is the caller's: see run() for the
methods that do it.)doc");

  // One engine accountant as an object: dpwlab.PrivacyAccountant (accounting.py) composes events on it, a
  // pessimistic one for the upper bound and, for the PLD accountants, an optimistic one for the lower bound
  // (pld_analysis.h: PldEstimate). Heavy calls release the GIL.
  py::class_<dpw::Accountant>(m, "_EngineAccountant")
      .def(py::init([](const std::string& id, bool optimistic, double interval) -> std::unique_ptr<dpw::Accountant> {
             const auto estimate = optimistic ? dpw::PldEstimate::Optimistic : dpw::PldEstimate::Pessimistic;
             if (id == "pld") return std::make_unique<dpw::PldAccountant>(interval, estimate);
             if (id == "pld-wor") return std::make_unique<dpw::PldWorAccountant>(interval, estimate);
             // Not in the registry (nobody picks it): the accountant object uses it for discrete Gaussian events.
             if (id == "rdp-discrete-gaussian" && !optimistic) return std::make_unique<dpw::DiscreteGaussianRdpAccountant>();
             dpw::require(!optimistic, "only the PLD accountants (pld, pld-wor) have an optimistic (lower) bound, not '",
                          id, "'");
             return dpw::makeAccountant(id);
           }),
           py::arg("accountant"), py::arg("optimistic") = false, py::arg("interval") = 1e-4)
      .def_property_readonly("id", &dpw::Accountant::id)
      .def_property_readonly("name", &dpw::Accountant::name)
      .def("add_gaussian",
           [](dpw::Accountant& a, double sigma, double q, long count) {
             py::gil_scoped_release release;
             a.addGaussianSteps(sigma, q, count);
           },
           py::arg("noise_multiplier"), py::arg("sampling_rate"), py::arg("count"))
      .def("add_laplace",
           [](dpw::Accountant& a, double scale, long count) {
             if (auto* pld = dynamic_cast<dpw::PldAccountantBase*>(&a)) return pld->addLaplaceReleases(scale, count);
             if (auto* rdp = dynamic_cast<dpw::RdpAccountant*>(&a)) return rdp->addLaplaceSteps(scale, count);
             throw dpw::InvalidArgument("accountant '" + a.id() + "' takes no Laplace releases (pld, pld-wor and the rdp "
                                        "accountants do)");
           },
           py::arg("noise_multiplier"), py::arg("count"))
      .def("add_discrete_laplace",
           [](dpw::Accountant& a, double parameter, long sensitivity, long count) {
             auto* pld = dynamic_cast<dpw::PldAccountantBase*>(&a);
             if (!pld)
               throw dpw::InvalidArgument("accountant '" + a.id() + "' takes no discrete Laplace releases (pld and pld-wor do)");
             pld->addDiscreteLaplaceReleases(parameter, sensitivity, count);
           },
           py::arg("parameter"), py::arg("sensitivity"), py::arg("count"))
      .def("epsilon",
           [](const dpw::Accountant& a, double delta) {
             py::gil_scoped_release release;
             return a.epsilon(delta);
           },
           py::arg("delta"))
      .def("delta",
           [](const dpw::Accountant& a, double epsilon) {
             py::gil_scoped_release release;
             return a.delta(epsilon);
           },
           py::arg("epsilon"))
      .def("clone", [](const dpw::Accountant& a) { return a.clone(); });

  // RDP curves for the accountant object's mixed compositions with random allocation (accounting.py).
  m.def("_allocation_rdp",
        [](long batches, double sigma) {
          const auto c = dpw::allocationEpochCurves(batches, sigma);
          return py::make_tuple(dpw::randomAllocationOrders(), c.remove, c.add);
        },
        py::arg("batches"), py::arg("noise_multiplier"), "One epoch's (orders, remove RDP, add RDP) of k shuffled batches.");
  m.def("_rdp_poisson_gaussian",
        [](double q, double sigma, const std::vector<double>& orders) {
          std::vector<double> r;
          for (double a : orders) r.push_back(dpw::rdpPoissonGaussian(q, sigma, a));
          return r;
        },
        py::arg("sampling_rate"), py::arg("noise_multiplier"), py::arg("orders"));
  m.def("_rdp_epsilon",
        [](const std::vector<double>& orders, const std::vector<double>& rdp, double delta) {
          return dpw::epsilonFromRdp(orders, rdp, delta, dpw::RdpConversion::BalleEtAl2020).epsilon;
        },
        py::arg("orders"), py::arg("rdp"), py::arg("delta"));
  m.def("_rdp_delta",
        [](const std::vector<double>& orders, const std::vector<double>& rdp, double epsilon) {
          return dpw::deltaFromRdp(orders, rdp, epsilon, dpw::RdpConversion::BalleEtAl2020);
        },
        py::arg("orders"), py::arg("rdp"), py::arg("epsilon"));
  m.def("accountants", &dpw::accountantIds, "Ids of the accountants, as dpwlab-cli account --accountant knows them.");

  // The accountants' own names document the ids, so the list follows the engine's registry.
  std::string accountDoc = R"doc(epsilon after `steps` compositions of the subsampled Gaussian mechanism (noise multiplier sigma =
noise std / L2 sensitivity, sampling rate q) at delta, by one accountant. The same engine call
(dpw::makeAccountant(id)->addGaussianSteps(sigma, q, steps); epsilon(delta)) and ids as
`dpwlab-cli account`:
)doc";
  for (const auto& id : dpw::accountantIds()) accountDoc += "\n    " + id + ": " + dpw::makeAccountant(id)->name();
  accountDoc += R"doc(

wdp (Wasserstein DP, [WDP] Yang, Qi & Zhou, AAAI 2024) also takes mu, beta and pair_distances (distances
between neighbouring gradients), as the CLI's --mu, --beta, --pairs-file.
Returns eps (+inf when unbounded). Raises ValueError on an unknown id or values out of range.)doc";
  m.def("account",
        [](const std::string& id, double q, double sigma, long steps, double delta, std::optional<double> mu,
           std::optional<double> beta, std::optional<std::vector<double>> pairs) {
          requirePrivacyArgs(q, delta, steps);
          dpw::require(sigma > 0 && std::isfinite(sigma), "sigma (the noise multiplier) must be a finite number > 0, got ",
                       sigma);
          dpw::require(id == "wdp" || (!mu && !beta && !pairs), "mu, beta and pair_distances apply to accountant 'wdp' only");
          py::gil_scoped_release release;
          std::unique_ptr<dpw::Accountant> acc =
              id == "wdp" ? std::make_unique<dpw::WdpAccountant>(mu.value_or(16.0), beta.value_or(32.0),
                                                                 pairs.value_or(std::vector<double>{1.0}))
                          : dpw::makeAccountant(id);
          acc->addGaussianSteps(sigma, q, steps);
          return acc->epsilon(delta);
        },
        py::arg("accountant"), py::kw_only(), py::arg("q"), py::arg("sigma"), py::arg("steps"), py::arg("delta"),
        py::arg("mu") = py::none(), py::arg("beta") = py::none(), py::arg("pair_distances") = py::none(),
        accountDoc.c_str());

  m.def("calibrate",
        [](const std::string& id, double epsilon, double q, long steps, double delta) {
          dpw::require(epsilon > 0 && std::isfinite(epsilon), "epsilon must be a finite number > 0, got ", epsilon);
          requirePrivacyArgs(q, delta, steps);
          py::gil_scoped_release release;
          return dpw::calibrateNoiseMultiplier(id, epsilon, delta, q, steps);
        },
        py::arg("accountant"), py::arg("epsilon"), py::arg("q"), py::arg("steps"), py::arg("delta"),
        R"doc(Smallest noise multiplier sigma with account(accountant, q, sigma, steps, delta) <= epsilon,
by a bracketed TOMS 748 root search (within 1e-9 relative of the smallest such sigma, and always
meeting the target); as `dpwlab-cli calibrate`.
Raises ValueError for an accountant whose loss grows with sigma (wdp) or an unreachable target.)doc");

  m.def("sensitivity",
        [](const std::string& bound, long k, long d, double delta) {
          return dpw::projectionSensitivityById(bound, k, d, delta);  // ids: dpw::projectionSensitivityToolIds()
        },
        py::arg("bound"), py::arg("k"), py::arg("d"), py::arg("delta"),
        R"doc(Sensitivity bound w(k, d, delta) of k random unit projections of one changed row (||x - x'|| <= 1):
||Theta (x - x')||_2 <= w with probability >= 1 - delta ([DP-SWD] Lemma 2 and its CLT variant):

    chernoff:  w^2 = min_lambda (k ln 1F1(1/2; d/2; lambda) + ln(1/delta)) / lambda, the exact
               Beta(1/2, (d-1)/2) moment-generating function of (theta . u)^2: a rigorous bound, the
               app's default

    bernstein: w^2 = k/d + (2/3) ln(1/delta) + (2/d) sqrt(k (d-1)/(d+2) ln(1/delta))
    clt:       w^2 = k/d + (z/d) sqrt(2k (d-1)/(d+2)),  z = Phi^-1(1 - delta)   (k > 30; the papers'
               approximation, not a bound: exceeded 2-6x more often than delta)
    bernstein-dpswd-code: the public DP-SWD code's variant (k twice under the root; looser)

As `dpwlab-cli sensitivity`.)doc");

  m.def("sensitivity_bounds", [] { return dpw::projectionSensitivityToolIds(); },
        "Ids sensitivity() accepts (the engine's one list, as dpwlab-cli sensitivity --bound knows them).");
  m.def("methods", &methodsList, "Every method run() accepts, with its parameters (key, kind, default, range, help).");
  m.def("_run", &runMethod, py::arg("method"), py::arg("parameters"), py::arg("seed"), py::arg("base_directory") = "");
  m.def("_read_scenario", &readScenario, py::arg("text"), py::arg("path"));
  // The summary's "mode" and "threat_model" for a noise_source id, as summary.json records them.
  m.def("_threat_model", [](const std::string& noiseSource) {
    const dpw::NoiseSource source = dpw::parseNoiseSource(noiseSource);
    return py::make_tuple(dpw::noiseModeId(source), dpw::threatModel(source));
  }, py::arg("noise_source"));
}
