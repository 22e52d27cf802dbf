// Package polish stems Polish words with the Stempel stemmer (Galambos'
// "Lemmatizer for document information retrieval systems in JAVA", the
// stemmer of Lucene's Polish analysis) and its table stemmer_20000.tbl, as
// bleve's package analysis/lang/pl/stempel does: same table, same
// algorithm, same stems (TestStemsAsBleve checks every word of the
// rulebooks).
//
// bleve parses the table from Java's serialized form into maps of maps,
// which costs a cold process about 50 ms. Here the table is converted
// ahead (go generate, into table.bin) into flat, sorted arrays that are
// embedded and read in place: loading it costs microseconds. The code is
// a port of bleve's, which is under the Apache License 2.0 (LICENSE).
package polish

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
)

//go:generate go test -run TestTable -update .
//go:embed table.bin
var tableBin []byte

// Table is a loaded stemmer table. Its methods are safe for concurrent use.
type Table struct {
	forward bool
	tries   []trie
}

// trie is one trie of the table, read in place from the embedded bytes.
type trie struct {
	forward bool
	root    int32
	cmds    []string // commands of the stemmer, by number
	rows    []byte   // nRows+1 little-endian uint32: each row's first cell
	cells   []byte   // cellSize bytes each: char uint16, cmd int32, ref int32
}

const (
	magic    = "KSTEMPL1"
	cellSize = 10
)

// New reads the embedded table.
func New() (*Table, error) { return parse(tableBin) }

// Load returns the embedded table, read once per process.
var Load = sync.OnceValues(New)

// errTable is a table that is not in the format of table.bin.
var errTable = errors.New("polish: malformed stemmer table")

// reader reads little-endian numbers from a table.
type reader struct {
	b   []byte
	err error
}

func (r *reader) take(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b) {
		r.err = errTable
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) u32() uint32 {
	b := r.take(4)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}

func (r *reader) bool() bool {
	b := r.take(1)
	return b != nil && b[0] != 0
}

// parse reads a table in the format written by encode.
func parse(b []byte) (*Table, error) {
	r := &reader{b: b}
	if string(r.take(len(magic))) != magic {
		return nil, errTable
	}
	t := &Table{forward: r.bool()}
	n := r.u32()
	for range n {
		if r.err != nil {
			break
		}
		var tr trie
		tr.forward = r.bool()
		tr.root = int32(r.u32())
		nCmds, nRows, nCells := int(r.u32()), int(r.u32()), int(r.u32())
		offs := r.take(4 * (nCmds + 1))
		blob := string(r.take(int(r.u32())))
		if r.err != nil {
			break
		}
		tr.cmds = make([]string, nCmds)
		for i := range nCmds {
			from, to := binary.LittleEndian.Uint32(offs[4*i:]), binary.LittleEndian.Uint32(offs[4*i+4:])
			if from > to || int(to) > len(blob) {
				return nil, errTable
			}
			tr.cmds[i] = blob[from:to]
		}
		tr.rows = r.take(4 * (nRows + 1))
		tr.cells = r.take(cellSize * nCells)
		if r.err == nil && binary.LittleEndian.Uint32(tr.rows[4*nRows:]) != uint32(nCells) {
			return nil, errTable
		}
		t.tries = append(t.tries, tr)
	}
	if r.err != nil || len(r.b) != 0 {
		return nil, fmt.Errorf("%w (%d bytes left)", errTable, len(r.b))
	}
	return t, nil
}

// Stem returns the stem of a lowercase Polish word.
func (t *Table) Stem(word string) string {
	w := []rune(word)
	return string(Diff(w, t.LastOnPath(w)))
}

// cell returns the command and the next row of char in row i of tr, or -1
// for each that is missing.
func (tr *trie) cell(i int32, char rune) (cmd, ref int32) {
	if i < 0 || int(i)+1 >= len(tr.rows)/4 || char < 0 || char > 0xFFFF {
		return -1, -1
	}
	lo := int(binary.LittleEndian.Uint32(tr.rows[4*i:]))
	end := int(binary.LittleEndian.Uint32(tr.rows[4*i+4:]))
	if lo > end || end > len(tr.cells)/cellSize {
		return -1, -1 // a damaged table
	}
	c := uint16(char)
	for hi := end; lo < hi; { // binary search of the row's cells, sorted by char
		m := int(uint(lo+hi) >> 1)
		if binary.LittleEndian.Uint16(tr.cells[cellSize*m:]) < c {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == end || binary.LittleEndian.Uint16(tr.cells[cellSize*lo:]) != c {
		return -1, -1
	}
	cl := tr.cells[cellSize*lo:]
	cmd, ref = int32(binary.LittleEndian.Uint32(cl[2:])), int32(binary.LittleEndian.Uint32(cl[6:]))
	if cmd >= int32(len(tr.cmds)) {
		cmd = -1 // a damaged table
	}
	return cmd, ref
}

// lastOnPath is bleve's trie.GetLastOnPath: the command of the longest
// path of key (read forward or backward) through the trie.
func (tr *trie) lastOnPath(key []rune) []rune {
	now := tr.root
	var last []rune
	pos, by := len(key)-1, -1
	if tr.forward {
		pos, by = 0, 1
	}
	next := func() (rune, bool) {
		if pos < 0 || pos >= len(key) {
			return 0, false
		}
		r := key[pos]
		pos += by
		return r, true
	}
	for i := 0; i < len(key)-1; i++ {
		r, ok := next()
		if !ok {
			return last
		}
		cmd, ref := tr.cell(now, r)
		if cmd >= 0 {
			last = []rune(tr.cmds[cmd])
		}
		if ref < 0 {
			return last
		}
		now = ref
	}
	r, ok := next()
	if !ok {
		return last
	}
	if cmd, _ := tr.cell(now, r); cmd >= 0 {
		return []rune(tr.cmds[cmd])
	}
	return last
}

// eom ends a command.
const eom = '*'

// LastOnPath is bleve's multiTrie.GetLastOnPath: the patch command that
// turns key into its stem (see Diff).
func (t *Table) LastOnPath(key []rune) []rune {
	var rv []rune
	lastKey := key
	lastR := ' '
	var prev []rune
	for i := range t.tries {
		r := t.tries[i].lastOnPath(lastKey)
		if len(r) == 0 || len(r) == 1 && r[0] == eom {
			return rv
		}
		if cannotFollow(lastR, r[0]) || len(r) < 2 {
			return rv
		}
		lastR = r[len(r)-2]
		if r[0] == '-' {
			var ok bool
			if i > 0 {
				if key, ok = t.skip(key, lengthPP(prev)); !ok {
					return rv
				}
			}
			if key, ok = t.skip(key, lengthPP(r)); !ok {
				return rv
			}
		}
		prev = r
		rv = append(rv, r...)
		if len(key) != 0 {
			lastKey = key
		}
	}
	return rv
}

func cannotFollow(after, goes rune) bool {
	switch after {
	case '-', 'D':
		return after == goes
	}
	return false
}

func (t *Table) skip(in []rune, count int) ([]rune, bool) {
	if count < 0 || count > len(in) {
		return nil, false
	}
	if t.forward {
		return in[count:], true
	}
	return in[:len(in)-count], true
}

func lengthPP(cmd []rune) int {
	rv := 0
	for i := 0; i < len(cmd); i++ {
		switch cmd[i] {
		case '-', 'D':
			i++
			if i < len(cmd) {
				rv += int(cmd[i] - 'a' + 1)
			}
		case 'R':
			i++
			rv++
		}
	}
	return rv
}

// Diff applies a patch command of LastOnPath to dest, which it may
// change, and returns the stem (bleve's stempel.Diff).
func Diff(dest, diff []rune) []rune {
	if len(diff) == 0 {
		return dest
	}
	pos := len(dest) - 1
	if pos < 0 {
		return dest
	}
	for i := 0; i < len(diff)/2; i++ {
		cmd := diff[2*i]
		param := diff[2*i+1]
		parNum := int(param - 'a' + 1)
		switch cmd {
		case '-':
			pos = pos - parNum + 1
		case 'R':
			if pos < 0 || pos >= len(dest) {
				return dest
			}
			dest[pos] = param
		case 'D':
			o := pos
			pos -= parNum - 1
			if pos < 0 || pos >= len(dest) || o < pos || o >= len(dest) {
				return dest
			}
			dest = append(dest[:pos], dest[o+1:]...)
		case 'I':
			pos++
			if pos < 0 || pos > len(dest) {
				return dest
			}
			dest = append(dest, 0)
			copy(dest[pos+1:], dest[pos:])
			dest[pos] = param
		}
		pos--
	}
	return dest
}
