package rulesdata

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"kostka/fold"
)

// systemID is the form of a system id: lowercase letters, digits and dashes.
var systemID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// comment is an attribute comment under a heading: <!-- key: value -->.
var comment = regexp.MustCompile(`^<!--\s*([a-z]+)\s*:\s*(.*?)\s*-->$`)

// ParseError is a defect in a rulebook file, with its place.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Parse reads one rulebook in the format of README.md. name is used in
// errors and as Book.File.
func Parse(name string, data []byte) (*Book, error) {
	p := &parser{file: name, book: &Book{File: name}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		p.line++
		if err := p.handle(strings.TrimRight(sc.Text(), " \t\r")); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p.book, nil
}

// parser is the state of Parse: front matter, then headings and text.
type parser struct {
	file string
	line int
	book *Book

	state   int // inFront or inBody; 0 before the front matter
	fields  map[string]bool
	chapter string
	cur     *Section // section being read, nil before the first heading
	curIsCh bool     // cur is a chapter's own text, kept only if it has any
	attrsOK bool     // attribute comments are still allowed (right under a heading)
	idSet   bool
	text    []string
}

const (
	beforeFront = iota
	inFront
	inBody
)

func (p *parser) errorf(format string, args ...any) error {
	return &ParseError{File: p.file, Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) handle(line string) error {
	switch p.state {
	case beforeFront:
		if line == "" {
			return nil
		}
		if line != "---" {
			return p.errorf("a rulebook starts with front matter (a line \"---\"), got %q", clip(line))
		}
		p.state = inFront
		p.fields = map[string]bool{}
		return nil
	case inFront:
		if line == "---" {
			for _, k := range []string{"system", "lang", "title"} {
				if !p.fields[k] {
					return p.errorf("front matter has no %q", k)
				}
			}
			p.state = inBody
			return nil
		}
		return p.frontField(line)
	}
	switch {
	case strings.HasPrefix(line, "# "):
		if err := p.flush(); err != nil {
			return err
		}
		p.chapter = strings.TrimSpace(line[2:])
		if p.chapter == "" {
			return p.errorf("empty chapter heading")
		}
		return p.start(p.chapter, true)
	case strings.HasPrefix(line, "## "):
		if err := p.flush(); err != nil {
			return err
		}
		title := strings.TrimSpace(line[3:])
		if title == "" {
			return p.errorf("empty section heading")
		}
		return p.start(title, false)
	}
	if p.attrsOK {
		if m := comment.FindStringSubmatch(line); m != nil {
			return p.attr(m[1], m[2])
		}
		if line == "" {
			return nil
		}
		p.attrsOK = false
	}
	if p.cur == nil {
		if line == "" {
			return nil
		}
		return p.errorf("text before the first heading: %q", clip(line))
	}
	p.text = append(p.text, line)
	return nil
}

func (p *parser) frontField(line string) error {
	key, value, ok := strings.Cut(line, ":")
	key, value = strings.TrimSpace(key), strings.TrimSpace(value)
	if !ok || value == "" {
		return p.errorf("front matter lines are \"key: value\", got %q", clip(line))
	}
	if p.fields[key] {
		return p.errorf("front matter repeats %q", key)
	}
	p.fields[key] = true
	switch key {
	case "system":
		if !systemID.MatchString(value) {
			return p.errorf("system id %q must be lowercase letters, digits and dashes", value)
		}
		p.book.System = value
	case "lang":
		if !slices.Contains(Languages, value) {
			return p.errorf("lang %q is not one of %s", value, strings.Join(Languages, ", "))
		}
		p.book.Lang = value
	case "title":
		p.book.Title = value
	case "source":
		p.book.Source = value
	default:
		return p.errorf("unknown front matter key %q (known: system, lang, title, source)", key)
	}
	return nil
}

func (p *parser) start(title string, chapter bool) error {
	p.cur = &Section{
		ID:      p.book.System + "." + Slug(title),
		System:  p.book.System,
		Lang:    p.book.Lang,
		Title:   title,
		Line:    p.line,
		Aliases: []string{},

		SearchTerms: []string{},
	}
	p.cur.Chapter = p.chapter // a chapter's own text is in its chapter
	if Slug(title) == "" {
		return p.errorf("heading %q has no letters or digits for an id", title)
	}
	p.curIsCh = chapter
	p.attrsOK = true
	p.idSet = false
	p.text = p.text[:0]
	return nil
}

func (p *parser) attr(key, value string) error {
	switch key {
	case "aliases", "search":
		list, what := &p.cur.Aliases, "alias"
		if key == "search" {
			list, what = &p.cur.SearchTerms, "search term"
		}
		for _, a := range strings.Split(value, ",") {
			a = strings.TrimSpace(a)
			if a == "" {
				return p.errorf("empty %s in %q", what, value)
			}
			if !slices.Contains(p.cur.Aliases, a) && !slices.Contains(p.cur.SearchTerms, a) {
				*list = append(*list, a)
			}
		}
	case "id":
		if p.idSet {
			return p.errorf("a second id comment")
		}
		if Slug(value) != value {
			return p.errorf("id %q is not a slug (try %q)", value, Slug(value))
		}
		p.cur.ID = p.book.System + "." + value
		p.idSet = true
	default:
		return p.errorf("unknown attribute %q (known: aliases, search, id)", key)
	}
	return nil
}

// flush ends the current section.
func (p *parser) flush() error {
	if p.cur == nil {
		return nil
	}
	text := strings.TrimSpace(strings.Join(p.text, "\n"))
	if text == "" {
		if p.curIsCh && len(p.cur.Aliases) == 0 && len(p.cur.SearchTerms) == 0 && !p.idSet {
			return nil // a chapter heading with sections under it
		}
		return &ParseError{File: p.file, Line: p.cur.Line, Msg: fmt.Sprintf("section %q has no text", p.cur.Title)}
	}
	p.cur.Text = text
	p.book.Sections = append(p.book.Sections, p.cur)
	p.cur = nil
	return nil
}

func (p *parser) finish() error {
	if p.state != inBody {
		return p.errorf("front matter is not closed with \"---\"")
	}
	if err := p.flush(); err != nil {
		return err
	}
	if len(p.book.Sections) == 0 {
		return p.errorf("no sections (\"## \" headings with text)")
	}
	return nil
}

// Slug returns the id form of a title: diacritics folded, lowercase, runs
// of anything but letters and digits turned into one dash. "Osłona" is
// "oslona", "AP(X)" is "ap-x".
func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(fold.String(title)) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// markup matches Markdown emphasis and table pipes.
var markup = regexp.MustCompile(`\*\*|\*|__|\|`)

// plain strips Markdown markup from text.
func plain(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		l = strings.TrimLeft(l, "#> ")
		l = strings.TrimPrefix(l, "- ")
		if strings.Trim(l, "|-: ") == "" && strings.Contains(l, "-") {
			l = "" // a table's header separator
		}
		lines[i] = strings.Join(strings.Fields(markup.ReplaceAllString(l, " ")), " ")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
