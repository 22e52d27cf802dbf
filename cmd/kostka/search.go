package main

import (
	"context"
	"flag"
	"fmt"
	"html"
	"regexp"
	"strings"

	"kostka/lookup"
	"kostka/rulesdata"
	"kostka/search"
)

// rulesFlags are a subcommand's -rules DIR and -rules-only.
type rulesFlags struct {
	dir  *string
	only *bool
}

// rulesFlag adds -rules DIR and -rules-only to a subcommand: a directory of
// rulebooks or house rules added to the embedded rulebooks, or used alone.
func rulesFlag(fs *flag.FlagSet) rulesFlags {
	return rulesFlags{
		dir:  fs.String("rules", "", "`directory` of rulebooks and house rules (*.md, see rulesdata/README.md) added to the embedded ones; a section with a built-in section's id replaces it"),
		only: fs.Bool("rules-only", false, "use only the rulebooks in -rules DIR, not the embedded ones"),
	}
}

// loadRules returns a search index over the rulebooks r asks for (see
// rulesdata.FromDir).
func loadRules(r rulesFlags) (*search.Index, error) {
	if *r.only && *r.dir == "" {
		return nil, usageError{msg: "-rules-only needs -rules DIR"}
	}
	books, err := rulesdata.FromDir(*r.dir, *r.only)
	if err != nil {
		return nil, err
	}
	return search.New(books), nil
}

// mark matches the highlight tags of a snippet.
var mark = regexp.MustCompile(`</?mark>`)

// runSearch prints the sections that best answer a query.
func runSearch(ctx context.Context, e env, args []string) error {
	fs := newFlagSet(e, "search")
	system := fs.String("system", "", "only this system's rulebook, such as quality-d6")
	limit := fs.Int("limit", 5, "the most hits to print")
	asJSON := fs.Bool("json", false, "print the whole answer as JSON, as the API sends it")
	rf := rulesFlag(fs.FlagSet)
	api := apiFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fs.usageError("search needs a query, such as: kostka search oslona")
	}
	if *api != "" && (*rf.dir != "" || *rf.only) {
		return fs.usageError("-api searches the deployed API's rulebooks: it takes no -rules")
	}
	var finder lookup.Finder
	if *api == "" {
		ix, err := loadRules(rf)
		if err != nil {
			return err
		}
		defer ix.Close()
		finder = ix
	}
	svc, err := service(*api, finder)
	if err != nil {
		return err
	}
	lang, err := cliLanguage(e, "")
	if err != nil {
		return err
	}
	q := lookup.Query{Text: strings.Join(fs.Args(), " "), System: *system, Limit: *limit}
	if *limit == 0 {
		q.Limit = -1 // 0 is out of range, not the default
	}
	res, err := svc.Search(ctx, q)
	if err != nil {
		return refused(err, lang)
	}
	if *asJSON {
		return printJSON(e, res)
	}
	if len(res.Hits) == 0 {
		fmt.Fprintln(e.stdout, "Nothing found.")
		return nil
	}
	if res.Weak {
		fmt.Fprintln(e.stdout, "No close match. Did you mean:")
		for i, s := range res.DidYouMean {
			fmt.Fprintf(e.stdout, "%d. %s  [%s]\n", i+1, s.Title, s.ID)
		}
		return nil
	}
	for i, h := range res.Hits {
		// In a terminal, matched words are shown between asterisks.
		snippet := html.UnescapeString(mark.ReplaceAllString(h.Snippet, "*"))
		house := ""
		if h.HouseRule {
			house = "  (house rule)"
		}
		fmt.Fprintf(e.stdout, "%d. %s  [%s]%s\n   %s\n", i+1, h.Title, h.ID, house, strings.Join(strings.Fields(snippet), " "))
	}
	if res.Total > len(res.Hits) {
		fmt.Fprintf(e.stdout, "(%d of %d)\n", len(res.Hits), res.Total)
	}
	return nil
}
