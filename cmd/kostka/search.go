package main

import (
	"context"
	"flag"
	"fmt"
	"html"
	"regexp"
	"strings"

	"kostka/rules"
	"kostka/rulesdata"
	"kostka/search"
)

// rulesFlag adds -rules DIR to a subcommand: a directory of rulebooks used
// instead of the embedded ones.
func rulesFlag(fs *flag.FlagSet) *string {
	return fs.String("rules", "", "`directory` of rulebooks (*.md, see rulesdata/README.md) to use instead of the embedded ones")
}

// loadRules returns a search index over the rulebooks in dir, or over the
// embedded rulebooks when dir is "".
func loadRules(dir string) (*search.Index, error) {
	if dir == "" {
		return search.New(rulesdata.Embedded()), nil
	}
	books, err := readRulesDir(dir)
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
	dir := rulesFlag(fs.FlagSet)
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fs.usageError("search needs a query, such as: kostka search oslona")
	}
	ix, err := loadRules(*dir)
	if err != nil {
		return err
	}
	defer ix.Close()
	res, err := ix.Search(ctx, rules.Query{Text: strings.Join(fs.Args(), " "), System: *system, Limit: *limit})
	if err != nil {
		return err
	}
	if len(res.Hits) == 0 {
		fmt.Fprintln(e.stdout, "Nothing found.")
		return nil
	}
	for i, h := range res.Hits {
		// In a terminal, matched words are shown between asterisks.
		snippet := html.UnescapeString(mark.ReplaceAllString(h.Snippet, "*"))
		fmt.Fprintf(e.stdout, "%d. %s  [%s]\n   %s\n", i+1, h.Title, h.ID, strings.Join(strings.Fields(snippet), " "))
	}
	if res.Total > len(res.Hits) {
		fmt.Fprintf(e.stdout, "(%d of %d)\n", len(res.Hits), res.Total)
	}
	return nil
}
