package dice

import (
	cryptorand "crypto/rand"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// Source produces the uniformly distributed integers that dice are rolled
// with. IntN returns a value in [0, n) and panics if n <= 0, like
// (*math/rand/v2.Rand).IntN, which is unbiased (no modulo bias).
type Source interface {
	IntN(n int) int
}

// CryptoSource returns a Source for one request's rolls: a PCG generator
// (math/rand/v2) seeded from crypto/rand. Each call draws a fresh seed;
// like NewSeededSource's, the Source is not safe for concurrent use.
func CryptoSource() Source {
	var b [16]byte
	// crypto/rand.Read never returns an error on supported platforms
	// (it crashes the program irrecoverably instead).
	_, _ = cryptorand.Read(b[:])
	return &pcgSource{pcg: *rand.NewPCG(binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:]))}
}

// NewSeededSource returns a deterministic Source: a PCG generator seeded
// with seed. The same seed gives the same rolls (the same as
// rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)).IntN would give).
// It is not safe for concurrent use.
func NewSeededSource(seed uint64) Source {
	return &pcgSource{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// pcgSource is the package's Source. Rolls call it directly rather than
// through the Source interface.
type pcgSource struct {
	pcg rand.PCG
}

// IntN returns a uniform value in [0, n) with Lemire's multiply-and-reject
// method (no modulo bias), exactly as (*math/rand/v2.Rand).IntN does on a
// 64-bit platform, so a seed rolls the same dice with either.
func (s *pcgSource) IntN(n int) int {
	if n <= 0 {
		panic("dice: IntN of a non-positive n")
	}
	u := uint64(n)
	if u&(u-1) == 0 { // a power of two: the low bits are uniform
		return int(s.pcg.Uint64() & (u - 1))
	}
	// hi is uniform in [0, n) unless lo falls in the first 2⁶⁴ mod n
	// values of its range, which are rejected.
	hi, lo := bits.Mul64(s.pcg.Uint64(), u)
	if lo < u {
		thresh := -u % u
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), u)
		}
	}
	return int(hi)
}
