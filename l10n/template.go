package l10n

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// template is a parsed text: a sequence of nodes.
type template []node

// node is literal text, a placeholder, a plural choice or the number of
// the enclosing plural (#).
type node struct {
	text     string
	param    string
	plural   map[string]template // category -> branch; nil for a plain placeholder
	hash     bool
	isLetter bool // literal text
}

// parse reads a text in the package's template syntax.
func parse(s string) (template, error) {
	p := parser{s: s}
	t, err := p.seq(false, false)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.s) {
		return nil, fmt.Errorf("unexpected %q at %d", p.s[p.i], p.i)
	}
	return t, nil
}

type parser struct {
	s string
	i int
}

// seq reads nodes up to the end, or up to a closing brace when inBranch.
func (p *parser) seq(inBranch, inPlural bool) (template, error) {
	var t template
	lit := p.i // where the pending literal text starts: a substring of s, not a copy
	flush := func() {
		if p.i > lit {
			t = append(t, node{text: p.s[lit:p.i], isLetter: true})
		}
	}
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '}':
			if !inBranch {
				return nil, fmt.Errorf("unmatched } at %d", p.i)
			}
			flush()
			return t, nil
		case c == '{':
			flush()
			n, err := p.placeholder(inPlural)
			if err != nil {
				return nil, err
			}
			t = append(t, n)
			lit = p.i
		case c == '#' && inPlural:
			flush()
			t = append(t, node{hash: true})
			p.i++
			lit = p.i
		default: // literal text, up to the next character that may end it
			if j := strings.IndexAny(p.s[p.i+1:], "{}#"); j >= 0 {
				p.i += 1 + j
			} else {
				p.i = len(p.s)
			}
		}
	}
	if inBranch {
		return nil, fmt.Errorf("unclosed {")
	}
	flush()
	return t, nil
}

// placeholder reads {name} or {name, plural, cat {…} …}.
func (p *parser) placeholder(inPlural bool) (node, error) {
	start := p.i
	p.i++ // {
	end := strings.IndexAny(p.s[p.i:], ",}")
	if end < 0 {
		return node{}, fmt.Errorf("unclosed { at %d", start)
	}
	name := strings.TrimSpace(p.s[p.i : p.i+end])
	if !validName(name) {
		return node{}, fmt.Errorf("bad placeholder name %q at %d", name, start)
	}
	p.i += end
	if p.s[p.i] == '}' {
		p.i++
		return node{param: name}, nil
	}
	p.i++ // ,
	kindEnd := strings.IndexByte(p.s[p.i:], ',')
	if kindEnd < 0 || strings.TrimSpace(p.s[p.i:p.i+kindEnd]) != "plural" {
		return node{}, fmt.Errorf("placeholder %q at %d: only plural choices are supported", name, start)
	}
	p.i += kindEnd + 1
	n := node{param: name, plural: map[string]template{}}
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return node{}, fmt.Errorf("unclosed plural %q", name)
		}
		if p.s[p.i] == '}' {
			p.i++
			break
		}
		open := strings.IndexByte(p.s[p.i:], '{')
		if open < 0 {
			return node{}, fmt.Errorf("plural %q: a category without a branch", name)
		}
		cat := strings.TrimSpace(p.s[p.i : p.i+open])
		if !slices.Contains([]string{One, Few, Many, Other}, cat) {
			return node{}, fmt.Errorf("plural %q: unknown category %q", name, cat)
		}
		if _, dup := n.plural[cat]; dup {
			return node{}, fmt.Errorf("plural %q: category %q twice", name, cat)
		}
		p.i += open + 1
		branch, err := p.seq(true, true)
		if err != nil {
			return node{}, err
		}
		p.i++ // }
		n.plural[cat] = branch
	}
	return n, nil
}

func (p *parser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t') {
		p.i++
	}
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// params returns the placeholder names used anywhere in t, sorted.
func (t template) params() []string {
	var out []string
	var walk func(template)
	walk = func(t template) {
		for _, n := range t {
			if n.param != "" && !slices.Contains(out, n.param) {
				out = append(out, n.param)
			}
			for _, b := range n.plural {
				walk(b)
			}
		}
	}
	walk(t)
	slices.Sort(out)
	return out
}

// pluralParams returns the names that select plural forms.
func (t template) pluralParams() []string {
	var out []string
	var walk func(template)
	walk = func(t template) {
		for _, n := range t {
			if n.plural != nil && !slices.Contains(out, n.param) {
				out = append(out, n.param)
			}
			for _, b := range n.plural {
				walk(b)
			}
		}
	}
	walk(t)
	slices.Sort(out)
	return out
}

// checkPlurals requires every plural choice to give exactly lang's
// categories.
func (t template) checkPlurals(lang Lang) error {
	want := PluralCategories(lang)
	for _, n := range t {
		if n.plural == nil {
			continue
		}
		var got []string
		for c, b := range n.plural {
			got = append(got, c)
			if err := b.checkPlurals(lang); err != nil {
				return err
			}
		}
		slices.Sort(got)
		w := slices.Sorted(slices.Values(want))
		if !slices.Equal(got, w) {
			return fmt.Errorf("plural %q has categories %v; %s needs %v", n.param, got, lang, want)
		}
	}
	return nil
}

// render appends t rendered in lang with args to b; number is the
// enclosing plural's argument, for #.
func (t template) render(b []byte, lang Lang, args []Arg, number *Arg) []byte {
	for _, n := range t {
		switch {
		case n.isLetter:
			b = append(b, n.text...)
		case n.hash:
			if number != nil {
				b = strconv.AppendInt(b, int64(number.i), 10)
			}
		default:
			a := findArg(args, n.param)
			if a == nil {
				b = append(b, '{')
				b = append(b, n.param...)
				b = append(b, '}')
				continue
			}
			if n.plural == nil {
				b = a.appendText(b, lang)
				continue
			}
			branch, ok := n.plural[PluralCategory(lang, a.i)]
			if !ok {
				branch = n.plural[Other]
			}
			b = branch.render(b, lang, args, a)
		}
	}
	return b
}

// findArg returns the argument called name, in place (a copy passed on
// as a plural's number moved to the heap at every placeholder), or nil.
func findArg(args []Arg, name string) *Arg {
	for i := range args {
		if args[i].name == name {
			return &args[i]
		}
	}
	return nil
}
