#pragma once
// The one-run audits' ideal Gaussian canaries (tst_one_run_fdp, tst_one_run_tight): m canaries, each in by a
// fair coin, scored N(μ, 1) when in and N(0, 1) when out, so each canary's pair is exactly G_μ.
#include <cstdint>
#include <random>
#include <vector>

namespace dpwtest {

struct Canaries {
  std::vector<double> scores;
  std::vector<bool> bits;
};

inline Canaries idealGaussian(long m, double mu, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::normal_distribution<double> n01;
  std::bernoulli_distribution coin(0.5);
  Canaries c;
  for (long i = 0; i < m; ++i) {
    c.bits.push_back(coin(gen));
    c.scores.push_back(n01(gen) + (c.bits.back() ? mu : 0.0));
  }
  return c;
}

}  // namespace dpwtest
