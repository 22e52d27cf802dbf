package search

import (
	"context"
	"testing"
	"testing/fstest"

	"kostka/lookup"
	"kostka/rulesdata"
)

// glossaryRules is a small rulebook whose glossary (glossaryYAML) gives
// its rules the words players use for them, which the book does not.
const glossaryRules = `---
system: mini
lang: pl
title: Mini
---

# Zasady

## Zasadzka

Oddział rozstawia się później, 9 cali od wrogów.

## Strażnik

Oddział czeka i strzela w aktywacji przeciwnika.

## Strzelanie

Oddział strzela do celu w zasięgu.

## Szarża

Oddział rusza do walki wręcz, także po strzelaniu, z karą.

## Bieg

Oddział biegnie dwa razy dalej niż w ruchu i nie strzela do końca rundy, chyba że zasada mówi inaczej.

## Trafianie

Rzut k6 na trafienie: -1 za osłonę, -2 gdy strzelec biegł w tej rundzie.
`

const glossaryYAML = `mini.zasadzka:
  about:
    pl: "Oddział wchodzi na stół później, z dala od wrogów."
    cs: "Oddíl vstoupí na stůl později, daleko od nepřátel."
    en: "The unit arrives later, away from enemies."
  terms:
    en: ["deep strike", "outflank"]
mini.straznik:
  about:
    pl: "Oddział czeka i strzela, gdy wróg się aktywuje."
    cs: "Oddíl čeká a střílí, když se nepřítel aktivuje."
    en: "The unit waits and fires when an enemy activates."
  terms:
    en: ["overwatch", "snap fire", "blast"]
mini.trafianie:
  about:
    pl: "Rzut na trafienie z karą za osłonę i za strzał po biegu."
    cs: "Hod na zásah s postihem za kryt a za střelbu po běhu."
    en: "The to-hit roll, with penalties for cover and for shooting after running."
mini.bieg:
  about:
    pl: "Oddział biegnie dwa razy dalej niż w ruchu."
    cs: "Oddíl běží dvakrát dál než při pohybu."
    en: "The unit runs twice as far as it moves."
mini.szarza:
  about:
    pl: "Oddział szarżuje do walki wręcz, także po strzelaniu."
    cs: "Oddíl útočí do boje zblízka, i po střelbě."
    en: "The unit charges into melee, also after shooting."
  terms:
    en: ["charge"]
`

// glossaryIndex is an index of glossaryRules alone, built at start.
func glossaryIndex(t *testing.T) *Index {
	t.Helper()
	books, err := rulesdata.Load(fstest.MapFS{
		"mini.md":            {Data: []byte(glossaryRules)},
		"glossary/mini.yaml": {Data: []byte(glossaryYAML)},
	})
	if err != nil {
		t.Fatal(err)
	}
	ix := New(books)
	ix.noPrebuilt = true
	t.Cleanup(func() { ix.Close() })
	return ix
}

// TestSearchGlossary: the glossary's terms and descriptions find a
// section by words its book does not use, in any language.
func TestSearchGlossary(t *testing.T) {
	ix := glossaryIndex(t)
	tests := []struct{ q, want string }{
		{"deep strike", "mini.zasadzka"},       // a whole term
		{"outflanking", "mini.zasadzka"},       // a term's word, stemmed
		{"snap fire", "mini.straznik"},         // a whole term
		{"enemy activates", "mini.straznik"},   // the English description
		{"nepřítel aktivuje", "mini.straznik"}, // the Czech one
		{"charge after shooting", "mini.szarza"},
		{"szarza po strzelaniu", "mini.szarza"},        // both actions, not the section of one
		{"can i charge after shooting", "mini.szarza"}, // question words weigh little
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			res, err := ix.Search(context.Background(), lookup.Query{Text: tt.q})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 || res.Hits[0].ID != tt.want {
				t.Fatalf("hits %v, want %s first", res.Hits, tt.want)
			}
		})
	}
}

// TestSearchNameBeforeTerm: a section's own name ranks before a section
// that has it as a glossary term.
func TestSearchNameBeforeTerm(t *testing.T) {
	ix := glossaryIndex(t)
	res, err := ix.Search(context.Background(), lookup.Query{Text: "strzelanie"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].ID != "mini.strzelanie" {
		t.Fatalf("hits %v, want mini.strzelanie first", res.Hits)
	}
}

// TestSearchWholeTermBeforePartialNames: a query that is a glossary term
// of a section, said whole, ranks that section before sections whose
// names hold only some of its words, in the rulebooks.
func TestSearchWholeTermBeforePartialNames(t *testing.T) {
	ix := embeddedIndex()
	for _, tt := range []struct{ q, want string }{
		{"model on fire", "pool-k6.sb"}, // not Focus Fire, Suppression Fire
	} {
		t.Run(tt.q, func(t *testing.T) {
			res, err := ix.Search(context.Background(), lookup.Query{Text: tt.q})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) == 0 || res.Hits[0].ID != tt.want {
				t.Fatalf("hits %v, want %s first", res.Hits, tt.want)
			}
		})
	}
}

// TestSearchDidYouMeanTerms: a query that finds nothing, even with more
// typos, is offered the sections whose glossary terms are closest.
func TestSearchDidYouMeanTerms(t *testing.T) {
	ix := glossaryIndex(t)
	tests := []struct {
		q        string
		want     []string // ids offered
		wantTerm string   // the first one's term
	}{
		{"bast ", []string{"mini.straznik"}, "blast"},
		{"xqzwv", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			res, err := ix.Search(context.Background(), lookup.Query{Text: tt.q})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) != 0 {
				t.Fatalf("hits %v, want none", res.Hits)
			}
			var ids []string
			for _, s := range res.DidYouMean {
				ids = append(ids, s.ID)
			}
			if len(ids) != len(tt.want) || (len(ids) > 0 && (ids[0] != tt.want[0] || res.DidYouMean[0].Term != tt.wantTerm)) {
				t.Fatalf("did you mean %+v, want %v (%q)", res.DidYouMean, tt.want, tt.wantTerm)
			}
			if res.Weak != (len(tt.want) > 0) {
				t.Errorf("Weak = %v", res.Weak)
			}
		})
	}
}
