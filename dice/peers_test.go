package dice

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// peerFloors are the least shares of each peer's documented valid
// expressions (conformance/peers/*.txt, collected from their own docs and
// tests, the source of each in a comment) that Parse must accept, in
// percent. The files of a peer start with its name.
var peerFloors = map[string]float64{
	"rpg-dice-roller": 90,
	"d20":             90,
	"dicemaiden":      70,
}

// TestPeersNotation parses every expression that another roller
// documents as valid, and for each peer checks that the share Parse
// accepts stays above its floor. Every expression accepted rolls, and
// has exact odds or a refusal that names why. Where the peer documents
// the dice a roll showed and its total ("2d6!	[4, 6!, 6!, 2] = 18"),
// the same faces, rolled in that order, give the same total here (rolls
// whose faces cannot be replayed, such as a compounded or clamped die,
// are left out).
func TestPeersNotation(t *testing.T) {
	files, err := filepath.Glob("conformance/peers/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no peer files: %v", err)
	}
	type tally struct {
		seen     map[string]bool
		accepted int
		meanings int
		agreed   int
		refused  []string
	}
	peers := map[string]*tally{}
	for _, f := range files {
		name := filepath.Base(f)
		peer := ""
		for p := range peerFloors {
			if strings.HasPrefix(name, p) {
				peer = p
			}
		}
		if peer == "" {
			t.Fatalf("%s: no peer of that name", name)
		}
		if peers[peer] == nil {
			peers[peer] = &tally{seen: map[string]bool{}}
		}
		tl := peers[peer]
		for _, line := range readLines(t, f) {
			expr, meaning, _ := strings.Cut(line, "\t")
			e, err := Parse(expr)
			if !tl.seen[expr] {
				tl.seen[expr] = true
				if err == nil {
					tl.accepted++
				} else {
					tl.refused = append(tl.refused, fmt.Sprintf("%q: %v", expr, err))
				}
			}
			if err != nil {
				continue
			}
			if _, err := e.Odds(); err != nil && !errors.Is(err, ErrLimit) && !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: odds: %v", expr, err)
			}
			faces, total, ok := documented(meaning)
			if !ok {
				continue
			}
			tl.meanings++
			src := &scripted{faces: faces}
			r := e.Roll(src)
			switch {
			case src.err != nil:
				t.Logf("%s: %s: the documented faces do not replay: %v", expr, meaning, src.err)
			case r.Total != total || src.next != len(faces):
				t.Logf("%s: the faces %v give %d here (%s), %d in the peer's docs", expr, faces, r.Total, r.Text(), total)
			default:
				tl.agreed++
			}
		}
	}
	for peer, tl := range peers {
		share := 100 * float64(tl.accepted) / float64(len(tl.seen))
		t.Logf("%s: %d of %d expressions accepted (%.1f%%); %d of %d documented totals agree", peer, tl.accepted, len(tl.seen), share, tl.agreed, tl.meanings)
		for _, r := range tl.refused {
			t.Logf("  %s: refused %s", peer, r)
		}
		if share < peerFloors[peer] {
			t.Errorf("%s: %.1f%% accepted, below the floor of %.0f%%", peer, share, peerFloors[peer])
		}
		// The documented totals: where the docs disagree with themselves
		// (4d10dh1dl2 shows 12 where the peer's own code gives 7), a few
		// may differ.
		if tl.meanings > 0 && float64(tl.agreed) < 0.9*float64(tl.meanings) {
			t.Errorf("%s: %d of %d documented totals agree, fewer than 90%%", peer, tl.agreed, tl.meanings)
		}
	}
}

// readLines returns the lines of a peer file, comments and blank lines
// left out.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

var (
	faceList = regexp.MustCompile(`\[([^\]]*)\]`)
	faceMark = regexp.MustCompile(`^(\d+)(!|d|\*|\*\*|_|__)?$`)
	docTotal = regexp.MustCompile(`= (-?\d+)\s*$`)
)

// documented reads a peer's documented roll, "[4, 6!, 6!, 2] = 18": the
// faces in the order rolled and the total. It gives up (false) on what
// cannot be replayed: faces a modifier changed (3^ clamped, 14!! a
// compounded die, 6!p penetrating, rerolled or unique dice), Fudge dice
// and totals that are not whole numbers.
func documented(meaning string) (faces []int, total int, ok bool) {
	m := docTotal.FindStringSubmatch(meaning)
	if m == nil {
		return nil, 0, false
	}
	total, _ = strconv.Atoi(m[1])
	for _, list := range faceList.FindAllStringSubmatch(meaning, -1) {
		for _, f := range strings.Split(list[1], ",") {
			fm := faceMark.FindStringSubmatch(strings.TrimSpace(f))
			if fm == nil {
				return nil, 0, false
			}
			v, _ := strconv.Atoi(fm[1])
			faces = append(faces, v)
		}
	}
	return faces, total, len(faces) > 0
}

// scripted is a Source that rolls the given faces in order (a face f of
// an n-sided die is IntN's f-1).
type scripted struct {
	faces []int
	next  int
	err   error
}

func (s *scripted) IntN(n int) int {
	if s.next >= len(s.faces) {
		s.err = errors.New("more dice rolled than documented")
		return 0
	}
	f := s.faces[s.next]
	s.next++
	if f < 1 || f > n {
		s.err = fmt.Errorf("face %d of a %d-sided die", f, n)
		return 0
	}
	return f - 1
}
