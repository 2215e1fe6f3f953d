#pragma once
/// An overload set of lambdas for std::visit (issue #39): every consumer of a Frame (core/frame.h) visits
/// its `data` with one lambda per kind and no catch-all (no `auto` parameter), so a kind added to the
/// variant and forgotten by a consumer is a compile error ("no matching function"), not a dropped frame.
///
///   std::visit(Overloaded{[](const LinesFrame& f) { ... }, [](const HistogramFrame& h) { ... }, ...}, frame.data);
namespace dpw {

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace dpw
