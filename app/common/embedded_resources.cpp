#include "common/embedded_resources.h"

#include <QtCore/qglobal.h>

static void initDpwResources() { Q_INIT_RESOURCE(dpw_resources); }

namespace dpwapp {
void ensureEmbeddedResources() {
  static const bool done = (initDpwResources(), true);
  (void)done;
}
}  // namespace dpwapp
