// Sliced W2 between N(0, I_8) and N(1, I_8), and ε of DP-SGD, through the installed engine.
// Expected: SW2² ≈ 1 (E over unit θ of (θ·1)² = ‖1‖²/d = 1), ε from the RDP accountant.
#include <dpw/core/build_info.h>
#include <dpw/core/error.h>
#include <dpw/core/rng.h>
#include <dpw/ot/directions.h>
#include <dpw/ot/sliced_wasserstein.h>
#include <dpw/privacy/accountants/accountant.h>
#include <iostream>

int main() {
  dpw::Rng rng = dpw::makeRng(0);
  const dpw::Points x = dpw::standardNormal(2000, 8, rng);
  const dpw::Points y = dpw::standardNormal(2000, 8, rng).array() + 1.0;
  const dpw::Points theta = dpw::randomDirections(200, 8, rng);
  const double sw2 = dpw::slicedW2Squared(x, y, theta).value;
  const double eps = dpw::epsilonAfterGaussianSteps("rdp", 1.1, 0.01, 1000, 1e-5);
  std::cout << "dpw " << dpw::kVersion << " (" << dpw::kBuildFlags << ")\n"
            << "sw2_squared " << sw2 << "\nepsilon " << eps << "\n";
  try {
    dpw::epsilonAfterGaussianSteps("no-such-accountant", 1.1, 0.01, 1000, 1e-5);
    return 1;
  } catch (const dpw::InvalidArgument& e) {
    std::cout << "refused: " << e.what() << "\n";
  }
  return sw2 > 0.8 && sw2 < 1.2 && eps > 0 ? 0 : 1;
}
