#include "privacy/mechanisms/noise_law.h"

#include "core/error.h"

namespace dpw {

const std::vector<const NoiseLaw*>& noiseLawRegistry() {
#define DPW_NOISE_LAW_ENTRY(kind, descriptor) &descriptor,
  static const std::vector<const NoiseLaw*> list = {DPW_NOISE_LAWS(DPW_NOISE_LAW_ENTRY)};
#undef DPW_NOISE_LAW_ENTRY
  return list;
}

const NoiseLaw& noiseLaw(NoiseMechanism kind) {
  for (const NoiseLaw* law : noiseLawRegistry())
    if (law->kind == kind) return *law;
  throw InvalidArgument("noise law without a registry entry");  // a programmer error: law_list.h lists every kind
}

std::string noiseLawIdList(bool (*keep)(const NoiseLaw&)) {
  std::vector<std::string> ids;
  for (const NoiseLaw* law : noiseLawRegistry())
    if (keep(*law)) ids.emplace_back(law->id);
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i)
    out += (i == 0 ? "" : i + 1 == ids.size() ? " or " : ", ") + ids[i];
  return out;
}

}  // namespace dpw
