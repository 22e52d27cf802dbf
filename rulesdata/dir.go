package rulesdata

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// MaxFileBytes caps one rulebook file read from a directory; the largest
// embedded rulebook is well under 1 MB.
const MaxFileBytes = 8 << 20

// ReadDir loads the rulebooks in dir, saying clearly when it is missing,
// not a directory, or holds no rulebook. It reads only regular files (a
// link is followed to one), each at most MaxFileBytes.
func ReadDir(dir string) ([]*Book, error) {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("the rules directory %s does not exist", dir)
	case err != nil:
		return nil, fmt.Errorf("the rules directory: %w", err)
	case !st.IsDir():
		return nil, fmt.Errorf("%s is not a directory; the rules directory holds rulebooks (*.md)", dir)
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("the rules directory %s holds no rulebooks (*.md files)", dir)
	}
	books, err := Load(regularFiles{os.DirFS(dir)})
	if err != nil {
		return nil, fmt.Errorf("rulebooks in %s: %w", dir, err)
	}
	return books, nil
}

// FromDir returns the rulebooks a server uses: the embedded ones when dir
// is ""; only those in dir when only is true; otherwise those in dir on
// top of the embedded ones (see Overlay).
func FromDir(dir string, only bool) ([]*Book, error) {
	if dir == "" {
		if only {
			return nil, errors.New("serving only the rules directory needs a directory")
		}
		if len(embeddedBooks) == 0 {
			return nil, errors.New("this build has no rulebooks of its own (built with -tags norulebooks): it needs a rules directory")
		}
		return Embedded(), nil
	}
	house, err := ReadDir(dir)
	if err != nil {
		return nil, err
	}
	if only {
		return house, nil
	}
	books, err := Overlay(Embedded(), house)
	if err != nil {
		return nil, fmt.Errorf("rulebooks in %s: %w", dir, err)
	}
	return books, nil
}

// Overlay returns the rulebooks of base with house on top. A house book of
// a system base has a book for adds to that book: a section with the id of
// one of the book's sections replaces it in place (under its own chapter
// heading if the house file puts it under one, else in the chapter of the
// section it replaces), any other is appended (under its own heading, else
// under the chapter houseChapter names), and every one of them is
// marked HouseRule. A house book of another system is added as it is (a
// group's own rulebook, not a house rule). A house book must be written in
// the language of the book it adds to. The books of base are not changed.
func Overlay(base, house []*Book) ([]*Book, error) {
	out := make([]*Book, 0, len(base)+len(house))
	bySystem := map[string]*Book{}
	for _, b := range base {
		c := *b
		c.Sections = slices.Clone(b.Sections)
		out = append(out, &c)
		bySystem[b.System] = &c
	}
	for _, h := range house {
		b, ok := bySystem[h.System]
		if !ok {
			out = append(out, h)
			continue
		}
		if h.Lang != b.Lang {
			return nil, fmt.Errorf("%s: house rules for %s must be written in its language (lang: %s), not %s", h.File, h.System, b.Lang, h.Lang)
		}
		at := map[string]int{}
		for i, s := range b.Sections {
			at[s.ID] = i
		}
		for _, s := range h.Sections {
			hs := *s
			hs.HouseRule = true
			if i, ok := at[s.ID]; ok {
				if hs.Chapter == "" {
					// Written under no chapter heading of its own: it
					// stays in the chapter of the section it replaces.
					hs.Chapter = b.Sections[i].Chapter
				}
				b.Sections[i] = &hs
			} else {
				if hs.Chapter == "" {
					// A new rule under no heading of its own: every
					// section of a book is under a chapter.
					hs.Chapter = houseChapter(b.Lang)
				}
				b.Sections = append(b.Sections, &hs)
			}
		}
	}
	slices.SortFunc(out, func(a, b *Book) int { return strings.Compare(a.System, b.System) })
	return out, nil
}

// houseChapter is the chapter of a house rule that adds a section under no
// chapter heading of its own, in the book's language.
func houseChapter(lang string) string {
	switch lang {
	case "pl":
		return "Zasady domowe"
	case "cs":
		return "Domácí pravidla"
	}
	return "House rules"
}

// regularFiles is a file system that opens only regular files of at most
// MaxFileBytes (and directories, to list them): no devices, pipes or
// sockets, even through a link.
type regularFiles struct{ fsys fs.FS }

func (r regularFiles) Open(name string) (fs.File, error) {
	st, err := fs.Stat(r.fsys, name)
	if err != nil {
		return nil, err
	}
	switch {
	case st.IsDir():
	case !st.Mode().IsRegular():
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("not a regular file (%s)", st.Mode().Type())}
	case st.Size() > MaxFileBytes:
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("larger than %d MB", MaxFileBytes>>20)}
	}
	f, err := r.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return f, nil
	}
	return &limitedFile{File: f, left: MaxFileBytes, name: name}, nil
}

// limitedFile fails a read past its limit, for a file that grows while it
// is read.
type limitedFile struct {
	fs.File
	left int64
	name string
}

func (f *limitedFile) Read(p []byte) (int, error) {
	if f.left <= 0 {
		var one [1]byte
		if n, err := f.File.Read(one[:]); n == 0 && err != nil {
			return 0, err // io.EOF: the file ends at the limit
		}
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: fmt.Errorf("larger than %d MB", MaxFileBytes>>20)}
	}
	if int64(len(p)) > f.left {
		p = p[:f.left]
	}
	n, err := f.File.Read(p)
	f.left -= int64(n)
	return n, err
}
