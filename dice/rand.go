package dice

import (
	cryptorand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
)

// Source produces the uniformly distributed integers that dice are rolled
// with. IntN returns a value in [0, n) and panics if n <= 0, like
// (*math/rand/v2.Rand).IntN, which is unbiased (no modulo bias).
type Source interface {
	IntN(n int) int
}

// CryptoSource returns a Source backed by crypto/rand. It is safe for
// concurrent use and is what every roll uses unless a seed is given.
func CryptoSource() Source {
	return rand.New(cryptoUint64{})
}

// NewSeededSource returns a deterministic Source: a PCG generator seeded
// with seed. The same seed gives the same rolls. It is not safe for
// concurrent use.
func NewSeededSource(seed uint64) Source {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// cryptoUint64 is a math/rand/v2 Source reading from crypto/rand.
type cryptoUint64 struct{}

func (cryptoUint64) Uint64() uint64 {
	var b [8]byte
	// crypto/rand.Read never returns an error on supported platforms
	// (it crashes the program irrecoverably instead).
	_, _ = cryptorand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
