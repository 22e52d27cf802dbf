package search

import (
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/cs"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/pl"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	unicodetok "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
	bleveindex "github.com/blevesearch/bleve_index_api"

	"kostka/fold"
	"kostka/search/polish"
)

// Token filters and analyzers of the index. Diacritics are folded after
// stemming (the stemmers need them), in a token filter, so that offsets
// stay those of the original text and highlighting marks the right words.
const (
	foldFilter    = "kostka_fold"
	czechStemmer  = "kostka_stem_cs"
	polishStemmer = "kostka_stem_pl"
	analyzerPL    = "kostka_pl"   // Polish: stop words, stempel stemmer, folding
	analyzerCS    = "kostka_cs"   // Czech: stop words, light stemmer, folding
	analyzerEN    = "kostka_en"   // English: stop words, one spelling, Porter stemmer, folding
	analyzerFold  = "kostka_fold" // any language: lowercase and folding only
	analyzerNames = keyword.Name  // whole normalized names
)

// langAnalyzer is the analyzer for each rulebook language.
var langAnalyzer = map[string]string{"pl": analyzerPL, "cs": analyzerCS, "en": analyzerEN}

func init() {
	registry.RegisterTokenFilter(foldFilter, constantFilter(foldTokens{}))
	registry.RegisterTokenFilter(czechStemmer, constantFilter(czechTokens{}))
	registry.RegisterTokenFilter(polishStemmer, constantFilter(polishTokens{}))
}

// constantFilter is a bleve token filter constructor that ignores its
// configuration and returns f.
func constantFilter(f analysis.TokenFilter) registry.TokenFilterConstructor {
	// bleve's registry passes the filter's configuration as a decoded JSON object.
	return func(map[string]any, *registry.Cache) (analysis.TokenFilter, error) { return f, nil }
}

// foldTokens is a token filter that removes diacritics.
type foldTokens struct{}

func (foldTokens) Filter(in analysis.TokenStream) analysis.TokenStream {
	for _, t := range in {
		t.Term = fold.Bytes(t.Term)
	}
	return in
}

// czechTokens is a token filter that stems Czech words (StemCzech).
type czechTokens struct{}

func (czechTokens) Filter(in analysis.TokenStream) analysis.TokenStream {
	for _, t := range in {
		t.Term = []byte(StemCzech(string(t.Term)))
	}
	return in
}

// polishTokens is a token filter that stems Polish words with stempel
// (package polish: bleve's Polish stemmer, with its table in a form that
// loads in microseconds).
type polishTokens struct{}

func (polishTokens) Filter(in analysis.TokenStream) analysis.TokenStream {
	table, err := polish.Load()
	if err != nil {
		return in // the table is embedded and tested; it does not fail
	}
	for _, t := range in {
		word := []rune(string(t.Term))
		t.Term = []byte(string(polish.Diff(word, table.LastOnPath(word))))
	}
	return in
}

// newMapping returns the index mapping: one document per section, with its
// title and text analyzed in the rulebook's language (fields title_pl,
// text_pl, …), again with folding only (title_fold, text_fold, for typos
// and prefixes), aliases in English and folded, the exact names, and the
// glossary's descriptions with its terms (about_pl, …), its terms folded
// (terms_fold) and whole (terms).
func newMapping() (*mapping.IndexMappingImpl, error) {
	im := mapping.NewIndexMapping()
	im.ScoringModel = bleveindex.BM25Scoring
	analyzers := map[string][]string{
		analyzerPL:   {lowercase.Name, pl.StopName, polishStemmer, foldFilter},
		analyzerCS:   {lowercase.Name, cs.StopName, czechStemmer, foldFilter},
		analyzerEN:   {en.PossessiveName, lowercase.Name, en.StopName, englishSpelling, porter.Name, foldFilter},
		analyzerFold: {lowercase.Name, foldFilter},
	}
	for name, filters := range analyzers {
		// bleve's mapping API takes an analyzer's configuration as a decoded JSON object.
		if err := im.AddCustomAnalyzer(name, map[string]any{
			"type":          custom.Name,
			"tokenizer":     unicodetok.Name,
			"token_filters": filters,
		}); err != nil {
			return nil, err
		}
	}
	doc := mapping.NewDocumentStaticMapping()
	// field maps one field; stored fields give snippets, positions
	// (term vectors) serve snippets and phrase queries.
	field := func(name, analyzer string, store, positions bool) {
		f := mapping.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Store = store
		f.IncludeTermVectors = positions
		f.IncludeInAll = false
		f.DocValues = false
		doc.AddFieldMappingsAt(name, f)
	}
	field("system", keyword.Name, false, false)
	field("lang", keyword.Name, false, false)
	field("names", analyzerNames, false, false)
	for lang, a := range langAnalyzer {
		field("title_"+lang, a, false, false)
		field("text_"+lang, a, true, true)
	}
	field("title_fold", analyzerFold, false, true)
	field("text_fold", analyzerFold, true, true)
	field("aliases_fold", analyzerFold, false, true)
	field("aliases_en", analyzerEN, false, false)
	// The glossary's descriptions and terms (rulesdata.Section.About and
	// Terms), each language's in that language's analyzer, the terms also
	// folded and whole.
	for lang, a := range langAnalyzer {
		field("about_"+lang, a, false, true)
	}
	field("terms_fold", analyzerFold, false, true)
	field("terms", analyzerNames, false, false)
	im.DefaultMapping = doc
	im.DefaultAnalyzer = analyzerFold
	return im, nil
}

// normalizeName is the form in which titles, aliases and queries are
// compared whole: folded, lowercase, words of letters and digits separated
// by one space. "Osłona" and " oslona!" are both "oslona"; "AP(X)" is
// "ap x".
func normalizeName(s string) string {
	return strings.Join(words(s), " ")
}

// words returns the folded, lowercase words (runs of letters and digits)
// of s.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(fold.String(s)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
