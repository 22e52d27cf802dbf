package search

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"kostka/rules"
	"kostka/rulesdata"
)

// Boosts of the parts of a query. An exact title or alias outweighs
// everything else together, so that it ranks first.
const (
	boostExactName = 50
	boostTitle     = 4
	boostAlias     = 4
	boostText      = 1
	boostFoldTitle = 2
	boostFoldText  = 0.5
	boostFuzzy     = 0.6 // of the same field's boost
	boostPrefix    = 0.8
	boostTruncated = 0.5
	boostPair      = 1.5
)

// Typo tolerance: words of at least fuzzyMinLen letters may have one typo,
// of at least fuzzyTwoLen letters two.
const (
	fuzzyMinLen  = 5
	fuzzyTwoLen  = 9
	prefixMinLen = 3
	// Words of at least truncateMinLen letters also match as a prefix
	// without their last truncateBy letters.
	truncateMinLen  = 6
	truncateBy      = 2
	truncateLongLen = 9 // and longer words without their last 3
	truncateLongBy  = 3
)

// foldFields are the folded fields that typos, pairs and prefixes are
// looked up in, with their boosts, in a fixed order so that scores are
// summed in the same order every time.
var foldFields = []struct {
	name  string
	boost float64
}{{"title_fold", boostFoldTitle}, {"aliases_fold", boostAlias}, {"text_fold", boostFoldText}}

// snippetFields are the fields snippets are cut from: the stemmed text
// marks inflected forms, the folded text words typed without diacritics.
var snippetFields = []string{"text_pl", "text_cs", "text_en", "text_fold"}

// buildQuery turns what a player typed into a bleve query:
//   - the whole text equal to a title or alias (exact name);
//   - its words stemmed in each rulebook language, in titles and texts;
//   - its words folded but not stemmed, in titles, aliases and texts, and
//     on long words the rulebooks' words within one or two typos of them;
//   - pairs of its words that stand together in a title or the text;
//   - long words without their last letters, as prefixes (inflections);
//   - its last word as a prefix, for search-as-you-type;
//
// all as alternatives (any may match, more matches score higher), then
// filtered by system and language without changing the scores. A relaxed
// query (for a search that found nothing) also allows two typos in shorter
// words and a wrong first letter.
func buildQuery(q rules.Query, vocab vocabulary, relaxed bool) query.Query {
	var should []query.Query
	add := func(qq query.Query) { should = append(should, qq) }

	exact := bleve.NewTermQuery(normalizeName(q.Text))
	exact.SetField("names")
	exact.SetBoost(boostExactName)
	add(exact)

	for _, lang := range rulesdata.Languages {
		if q.Lang != "" && lang != q.Lang {
			continue
		}
		add(match(q.Text, "title_"+lang, boostTitle))
		add(match(q.Text, "text_"+lang, boostText))
	}
	add(match(q.Text, "aliases_en", boostAlias))
	add(match(q.Text, "aliases_fold", boostAlias))
	add(match(q.Text, "title_fold", boostFoldTitle))
	add(match(q.Text, "text_fold", boostFoldText))

	ws := words(q.Text)
	for _, w := range ws {
		n := utf8.RuneCountInString(w)
		if n < fuzzyMinLen {
			continue
		}
		edits := 1
		if n >= fuzzyTwoLen || relaxed {
			edits = 2
		}
		for _, near := range vocab.near(w, edits, relaxed) {
			for _, f := range foldFields {
				tq := bleve.NewTermQuery(near)
				tq.SetField(f.name)
				tq.SetBoost(f.boost * boostFuzzy)
				add(tq)
			}
		}
	}
	// Words typed next to each other that stand next to each other in a
	// title, an alias or the text ("prog bolu", "kriticke zraneni").
	for i := 1; i < len(ws); i++ {
		for _, f := range foldFields {
			pq := bleve.NewPhraseQuery([]string{ws[i-1], ws[i]}, f.name)
			pq.SetBoost(f.boost * boostPair)
			add(pq)
		}
	}
	// Inflected forms typed without diacritics, which the stemmers may not
	// recognise: the word without its last letters, as a prefix.
	for _, w := range ws {
		r := []rune(w)
		if len(r) < truncateMinLen {
			continue
		}
		cut := truncateBy
		if len(r) >= truncateLongLen {
			cut = truncateLongBy
		}
		stem := string(r[:len(r)-cut])
		for _, f := range foldFields {
			pq := bleve.NewPrefixQuery(stem)
			pq.SetField(f.name)
			pq.SetBoost(f.boost * boostTruncated)
			add(pq)
		}
	}
	// The word being typed: the last one, unless the text ends with a space.
	if last := ws[len(ws)-1]; utf8.RuneCountInString(last) >= prefixMinLen && !endsInSpace(q.Text) {
		for _, f := range foldFields {
			pq := bleve.NewPrefixQuery(last)
			pq.SetField(f.name)
			pq.SetBoost(f.boost * boostPrefix)
			add(pq)
		}
	}

	any := bleve.NewDisjunctionQuery(should...)
	var filters []query.Query
	if q.System != "" {
		t := bleve.NewTermQuery(q.System)
		t.SetField("system")
		filters = append(filters, t)
	}
	if q.Lang != "" {
		t := bleve.NewTermQuery(q.Lang)
		t.SetField("lang")
		filters = append(filters, t)
	}
	if len(filters) == 0 {
		return any
	}
	bq := bleve.NewBooleanQuery()
	bq.AddMust(any)
	bq.AddFilter(bleve.NewConjunctionQuery(filters...))
	return bq
}

func match(text, field string, boost float64) query.Query {
	m := bleve.NewMatchQuery(text)
	m.SetField(field)
	m.SetBoost(boost)
	return m
}

func endsInSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsSpace(r)
}

// snippetLen is the length, in characters, of a snippet made without a
// highlighted match.
const snippetLen = 200

// snippet returns the highlighted fragment with the most marked words, or
// the start of the section's text when only its title or aliases matched.
func snippet(fragments map[string][]string, s *rulesdata.Section) string {
	best, marks := "", 0
	for _, f := range snippetFields {
		if frags := fragments[f]; len(frags) > 0 && frags[0] != "" {
			if n := strings.Count(frags[0], "<mark>"); n > marks {
				best, marks = frags[0], n
			}
		}
	}
	if best != "" {
		return strings.TrimSpace(best)
	}
	text := strings.Join(strings.Fields(s.Plain()), " ")
	if utf8.RuneCountInString(text) > snippetLen {
		r := []rune(text)[:snippetLen]
		if i := strings.LastIndexByte(string(r), ' '); i > snippetLen/2 {
			return html.EscapeString(string(r)[:i]) + "…"
		}
		return html.EscapeString(string(r)) + "…"
	}
	return html.EscapeString(text)
}
