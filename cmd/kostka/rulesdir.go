package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"kostka/rulesdata"
	"kostka/search"
)

// maxRulebookBytes caps one rulebook file read from -rules DIR; the largest
// embedded rulebook is well under 1 MB.
const maxRulebookBytes = 8 << 20

// loadRulesCtx is loadRules that gives up when ctx ends (SIGTERM during
// start-up).
func loadRulesCtx(ctx context.Context, dir string) (*search.Index, error) {
	type loaded struct {
		ix  *search.Index
		err error
	}
	done := make(chan loaded, 1)
	go func() {
		ix, err := loadRules(dir)
		done <- loaded{ix, err}
	}()
	select {
	case l := <-done:
		return l.ix, l.err
	case <-ctx.Done():
		return nil, fmt.Errorf("stopped while loading the rulebooks: %w", context.Cause(ctx))
	}
}

// readRulesDir loads the rulebooks in dir, saying clearly when it is
// missing, not a directory, or holds no rulebook. It reads only regular
// files (a link is followed to one), each at most maxRulebookBytes.
func readRulesDir(dir string) ([]*rulesdata.Book, error) {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("the rules directory %s does not exist", dir)
	case err != nil:
		return nil, fmt.Errorf("the rules directory: %w", err)
	case !st.IsDir():
		return nil, fmt.Errorf("%s is not a directory; -rules names a directory of rulebooks (*.md)", dir)
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("the rules directory %s holds no rulebooks (*.md files)", dir)
	}
	books, err := rulesdata.Load(regularFiles{os.DirFS(dir)})
	if err != nil {
		return nil, fmt.Errorf("rulebooks in %s: %w", dir, err)
	}
	return books, nil
}

// regularFiles is a file system that opens only regular files of at most
// maxRulebookBytes (and directories, to list them): no devices, pipes or
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
	case st.Size() > maxRulebookBytes:
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("larger than %d MB", maxRulebookBytes>>20)}
	}
	f, err := r.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return f, nil
	}
	return &limitedFile{File: f, left: maxRulebookBytes, name: name}, nil
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
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: fmt.Errorf("larger than %d MB", maxRulebookBytes>>20)}
	}
	if int64(len(p)) > f.left {
		p = p[:f.left]
	}
	n, err := f.File.Read(p)
	f.left -= int64(n)
	return n, err
}
