package polish

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/stempel/javadata"
)

var update = flag.Bool("update", false, "convert bleve's stemmer table into table.bin (go generate)")

// bleveTable returns bleve's table in Java's serialized form, as it ships
// in bleve's module.
func bleveTable(t *testing.T) []byte {
	t.Helper()
	out, err := exec.CommandContext(t.Context(), "go", "list", "-f", "{{.Dir}}", "github.com/blevesearch/bleve/v2/analysis/lang/pl/stempel").Output()
	if err != nil {
		t.Fatalf("finding bleve's stempel package: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "pl", "stemmer_20000.tbl"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTable checks that table.bin is bleve's table converted by encode;
// with -update it writes it.
func TestTable(t *testing.T) {
	want, err := encode(bytes.NewReader(bleveTable(t)))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("table.bin", want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote table.bin, %d bytes", len(want))
		return
	}
	if !bytes.Equal(tableBin, want) {
		t.Fatal("table.bin is not bleve's table converted: run go generate ./search/polish")
	}
	if _, err := parse(want); err != nil {
		t.Fatal(err)
	}
}

// TestParseRejectsDamage checks that a damaged table is an error, not a
// panic.
func TestParseRejectsDamage(t *testing.T) {
	for _, n := range []int{0, 5, len(magic), len(magic) + 3, len(tableBin) / 2, len(tableBin) - 1} {
		if _, err := parse(tableBin[:n]); err == nil {
			t.Errorf("parse of the first %d bytes: no error", n)
		}
	}
	extra := append(slices.Clip(tableBin), 0)
	if _, err := parse(extra); err == nil {
		t.Error("parse with a byte too many: no error")
	}
}

// encode converts a stemmer table from Java's serialized form (as read by
// bleve's stempel.LoadTrie) into the form parse reads, all little-endian:
//
//	magic, forward byte, number of tries uint32, then for each trie:
//	forward byte, root int32, number of commands, rows and cells uint32,
//	commands' offsets (commands+1 uint32), their bytes' length uint32 and
//	bytes, rows' first cells (rows+1 uint32), cells (char uint16, command
//	int32, next row int32; in each row sorted by char, the last of equal
//	chars kept, as bleve's map keeps it).
func encode(src io.Reader) ([]byte, error) {
	r := javadata.NewReader(src)
	method, err := r.ReadUTF()
	if err != nil {
		return nil, err
	}
	if !strings.Contains(method, "M") {
		return nil, fmt.Errorf("method %q: only multi-tries are supported", method)
	}
	var out bytes.Buffer
	u32 := func(v uint32) { out.Write(binary.LittleEndian.AppendUint32(nil, v)) }
	boolean := func(b bool) {
		if b {
			out.WriteByte(1)
		} else {
			out.WriteByte(0)
		}
	}
	out.WriteString(magic)
	forward, err := r.ReadBool()
	if err != nil {
		return nil, err
	}
	boolean(forward)
	if _, err := r.ReadInt32(); err != nil { // "by", unused by the stemmer
		return nil, err
	}
	nTries, err := r.ReadInt32()
	if err != nil {
		return nil, err
	}
	u32(uint32(nTries))
	type cell struct {
		char     uint16
		cmd, ref int32
	}
	for range nTries {
		fwd, err := r.ReadBool()
		if err != nil {
			return nil, err
		}
		root, err := r.ReadInt32()
		if err != nil {
			return nil, err
		}
		nCmds, err := r.ReadInt32()
		if err != nil {
			return nil, err
		}
		cmds := make([]string, nCmds)
		for i := range cmds {
			if cmds[i], err = r.ReadUTF(); err != nil {
				return nil, err
			}
		}
		nRows, err := r.ReadInt32()
		if err != nil {
			return nil, err
		}
		rows := make([][]cell, nRows)
		for i := range rows {
			nCells, err := r.ReadInt32()
			if err != nil {
				return nil, err
			}
			for range nCells {
				var c cell
				char, err := r.ReadUint16()
				if err != nil {
					return nil, err
				}
				c.char = char
				var cnt, skip int32
				for _, p := range []*int32{&c.cmd, &cnt, &c.ref, &skip} {
					if *p, err = r.ReadInt32(); err != nil {
						return nil, err
					}
				}
				rows[i] = append(rows[i], c)
			}
			rows[i] = lastOfEach(rows[i], func(c cell) uint16 { return c.char })
		}
		boolean(fwd)
		u32(uint32(root))
		nCells := 0
		for _, row := range rows {
			nCells += len(row)
		}
		u32(uint32(len(cmds)))
		u32(uint32(len(rows)))
		u32(uint32(nCells))
		off := 0
		for _, c := range cmds {
			u32(uint32(off))
			off += len(c)
		}
		u32(uint32(off))
		u32(uint32(off))
		for _, c := range cmds {
			out.WriteString(c)
		}
		first := 0
		for _, row := range rows {
			u32(uint32(first))
			first += len(row)
		}
		u32(uint32(first))
		for _, row := range rows {
			for _, c := range row {
				out.Write(binary.LittleEndian.AppendUint16(nil, c.char))
				u32(uint32(c.cmd))
				u32(uint32(c.ref))
			}
		}
	}
	if _, err := r.ReadBool(); err != io.EOF {
		return nil, fmt.Errorf("the table goes on after its last trie (%v)", err)
	}
	return out.Bytes(), nil
}

// lastOfEach sorts s by key and keeps, of elements with equal keys, the
// last in s's order (as a map filled in that order would).
func lastOfEach[T any](s []T, key func(T) uint16) []T {
	slices.SortStableFunc(s, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
	var out []T
	for i, x := range s {
		if i+1 < len(s) && key(s[i+1]) == key(x) {
			continue
		}
		out = append(out, x)
	}
	return out
}

// FuzzParse checks that any table, however damaged, is an error or stems
// without a panic.
func FuzzParse(f *testing.F) {
	f.Add(tableBin[:200])
	f.Add([]byte(magic))
	small, err := encode(bytes.NewReader(tinyTable()))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(small)
	f.Fuzz(func(t *testing.T, b []byte) {
		tab, err := parse(b)
		if err != nil {
			return
		}
		for _, w := range []string{"", "a", "oslona", "przyszpilonych", "żółć"} {
			tab.Stem(w)
		}
	})
}

// tinyTable is a stemmer table in Java's serialized form with one trie of
// one row: "a" takes the command "Da" (delete one letter).
func tinyTable() []byte {
	var b bytes.Buffer
	utf := func(s string) { b.Write(binary.BigEndian.AppendUint16(nil, uint16(len(s)))); b.WriteString(s) }
	i32 := func(v int32) { b.Write(binary.BigEndian.AppendUint32(nil, uint32(v))) }
	utf("M")
	b.WriteByte(0) // forward
	i32(1)         // by
	i32(1)         // tries
	b.WriteByte(0) // the trie: backward
	i32(0)         // root
	i32(1)         // commands
	utf("Da")
	i32(1) // rows
	i32(1) // cells
	b.Write(binary.BigEndian.AppendUint16(nil, 'a'))
	i32(0)  // cmd
	i32(1)  // cnt
	i32(-1) // ref
	i32(0)  // skip
	return b.Bytes()
}

func TestTinyTable(t *testing.T) {
	b, err := encode(bytes.NewReader(tinyTable()))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Stem("kota"); got != "kot" {
		t.Errorf("Stem(kota) = %q, want kot", got)
	}
	if got := tab.Stem("kot"); got != "kot" {
		t.Errorf("Stem(kot) = %q, want kot", got)
	}
}
