#include "privacy/mechanisms/secure_noise.h"

#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.h"
#include "core/internal_error.h"

namespace dpw {

namespace {

// Reads exactly `size` bytes of `path`. @throws EntropyError on any failure.
void readDevice(const std::string& path, unsigned char* out, std::size_t size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw EntropyError("secure noise: cannot open " + path + ": " + std::strerror(errno));
  std::size_t got = 0;
  while (got < size) {
    const ssize_t r = ::read(fd, out + got, size - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      const int e = errno;
      ::close(fd);
      throw EntropyError("secure noise: reading " + path + " failed: " + (r == 0 ? "end of file" : std::strerror(e)));
    }
    got += std::size_t(r);
  }
  ::close(fd);
}

}  // namespace

OsEntropy::OsEntropy(Source source, std::string device) : source_(source), device_(std::move(device)) {
  refill();  // fail at construction, before any noise is needed, if the OS cannot deliver
}

void OsEntropy::refill() {
  if (source_ == Source::Auto) {
    std::size_t got = 0;
    while (got < sizeof(buffer_)) {
      const ssize_t r = ::getrandom(buffer_ + got, sizeof(buffer_) - got, 0);  // blocks until seeded
      if (r < 0 && errno == EINTR) continue;
      if (r < 0 && errno == ENOSYS) {  // kernel older than 3.17: the device is the documented source
        readDevice(device_, buffer_, sizeof(buffer_));
        got = sizeof(buffer_);
        break;
      }
      if (r <= 0) throw EntropyError(std::string("secure noise: getrandom failed: ") + std::strerror(errno));
      got += std::size_t(r);
    }
  } else {
    readDevice(device_, buffer_, sizeof(buffer_));
  }
  used_ = 0;
}

std::uint64_t OsEntropy::next() {
  if (used_ + 8 > sizeof(buffer_)) refill();
  std::uint64_t w;
  std::memcpy(&w, buffer_ + used_, 8);
  std::memset(buffer_ + used_, 0, 8);  // a consumed word is not left behind in memory
  used_ += 8;
  return w;
}

std::uint64_t uniformBelow(std::uint64_t bound, RandomWords& words) {
  ensure(bound > 0, "uniformBelow: the bound must be positive");
  if ((bound & (bound - 1)) == 0) return words.next() & (bound - 1);
  const int bits = 64 - __builtin_clzll(bound - 1);
  const std::uint64_t mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  for (;;) {
    const std::uint64_t x = words.next() & mask;  // uniform on [0, 2^bits); accept w.p. > 1/2
    if (x < bound) return x;
  }
}

unsigned __int128 uniformBelow128(unsigned __int128 bound, RandomWords& words) {
  ensure(bound > 0, "uniformBelow: the bound must be positive");
  if (bound <= (unsigned __int128)(~0ULL)) return uniformBelow(std::uint64_t(bound), words);
  const unsigned __int128 top = (bound - 1) >> 64;  // non-zero
  const int bits = 64 + 64 - __builtin_clzll(std::uint64_t(top));
  const unsigned __int128 mask = bits == 128 ? ~(unsigned __int128)0 : (((unsigned __int128)1) << bits) - 1;
  for (;;) {
    const unsigned __int128 x = ((((unsigned __int128)words.next()) << 64) | words.next()) & mask;
    if (x < bound) return x;
  }
}

}  // namespace dpw
