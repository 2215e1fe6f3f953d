#pragma once
/// Registers the resources compiled into the static dpw_app library (presets, help texts, icons).
/// Static libraries need this once before the first ":/" path is opened; calling it again is free.
namespace dpwapp {
void ensureEmbeddedResources();
}
