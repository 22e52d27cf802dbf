package bot

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// ruleAnswer is the API's answer to /v1/rules/{id}.
type ruleAnswer struct {
	ID      string   `json:"id"`
	System  string   `json:"system"`
	Chapter string   `json:"chapter"`
	Title   string   `json:"title"`
	Aliases []string `json:"aliases"`
	Text    string   `json:"text"`
	// HouseRule marks a group's house rule, shown above the text.
	HouseRule bool `json:"house_rule"`
}

// searchAnswer is the API's answer to /v1/search.
type searchAnswer struct {
	Total int `json:"total"`
	Hits  []struct {
		ID      string `json:"id"`
		System  string `json:"system"`
		Title   string `json:"title"`
		Snippet string `json:"snippet"`
	} `json:"hits"`
}

// moreHits is how many further hits "More results" lists.
const moreHits = 8

// rule answers /rule: the section chosen from the suggestions (its id), or
// the best hit of a search, with a button for the other hits.
func (b *Bot) rule(ctx context.Context, l, query, system string) (*discordgo.InteractionResponse, error) {
	if strings.TrimSpace(query) == "" {
		return nil, &usageError{"give words to look up"}
	}
	var r ruleAnswer
	err := b.cfg.API.get(ctx, "/v1/rules/"+url.PathEscape(query), nil, &r)
	if p, ok := isProblem(err); ok && p.Status == 404 {
		err = nil
		var s searchAnswer
		q := url.Values{"q": {query}, "limit": {"1"}}
		if system != "" {
			q.Set("system", system)
		}
		if err := b.cfg.API.get(ctx, "/v1/search", q, &s); err != nil {
			return nil, err
		}
		if len(s.Hits) == 0 {
			return ephemeral(msg(l, "rule.none", query)), nil
		}
		if err := b.cfg.API.get(ctx, "/v1/rules/"+url.PathEscape(s.Hits[0].ID), nil, &r); err != nil {
			return nil, err
		}
		res := message(b.ruleEmbed(l, r))
		if s.Total > 1 {
			if id := morePrefix + system + ":" + query; len(id) <= maxCustomID {
				res.Data.Components = []discordgo.MessageComponent{button(msg(l, "more"), id)}
			}
		}
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	return message(b.ruleEmbed(l, r)), nil
}

// ruleEmbed shows a rule: title, system and chapter, aliases, and the text
// cut at Discord's limit with a link to the rest.
func (b *Bot) ruleEmbed(l string, r ruleAnswer) *discordgo.MessageEmbed {
	text := discordMarkdown(r.Text)
	if len(r.Aliases) > 0 {
		text = "*" + msg(l, "rule.aliases", strings.Join(r.Aliases, ", ")) + "*\n\n" + text
	}
	if r.HouseRule {
		text = "🏠 **" + msg(l, "rule.house") + "**\n\n" + text
	}
	link := ""
	if b.cfg.PageURL != "" {
		link = b.cfg.PageURL + "/r/" + url.PathEscape(r.ID)
	}
	if len([]rune(text)) > maxEmbedDesc {
		tail := "\n\n…"
		if link != "" {
			tail = "\n\n… " + msg(l, "rule.cut", link)
		}
		text = clip(text, maxEmbedDesc-len([]rune(tail))) + tail
	}
	footer := r.System
	if r.Chapter != "" {
		footer += " · " + r.Chapter
	}
	return &discordgo.MessageEmbed{
		Title: clip(r.Title, maxEmbedTitle), URL: link, Description: text, Color: colour,
		Footer: &discordgo.MessageEmbedFooter{Text: clip(footer+" · "+r.ID, 2048)},
	}
}

var (
	tableSeparator = regexp.MustCompile(`(?m)^\|?[\s:|-]+\|?\s*$\n?`)
	tableRow       = regexp.MustCompile(`(?m)^\|(.*)\|\s*$`)
)

// discordMarkdown adapts a rule's Markdown to what Discord shows: tables
// become lines of cells separated by " · " (Discord draws no tables), and
// "###" headings become bold lines.
func discordMarkdown(s string) string {
	s = tableSeparator.ReplaceAllString(s, "")
	s = tableRow.ReplaceAllStringFunc(s, func(row string) string {
		cells := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		return strings.Join(cells, " · ")
	})
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
			lines[i] = "**" + strings.TrimSpace(h) + "**"
		}
	}
	return strings.Join(lines, "\n")
}

// autocomplete offers up to 25 rules whose title or alias starts with what
// is typed in /rule's query.
func (b *Bot) autocomplete(ctx context.Context, i *discordgo.Interaction) (*discordgo.InteractionResponse, error) {
	d := i.ApplicationCommandData()
	if d.Name != "rule" {
		return choices(nil), nil
	}
	typed := ""
	for _, o := range d.Options {
		if o.Focused {
			typed, _ = o.Value.(string)
		}
	}
	if strings.TrimSpace(typed) == "" {
		return choices(nil), nil
	}
	q := url.Values{"q": {typed}, "limit": {"25"}}
	if s := stringOpt(d.Options, "system"); s != "" {
		q.Set("system", s)
	}
	var res struct {
		Suggestions []struct {
			ID     string `json:"id"`
			System string `json:"system"`
			Title  string `json:"title"`
		} `json:"suggestions"`
	}
	if err := b.cfg.API.get(ctx, "/v1/suggest", q, &res); err != nil {
		if _, ok := isProblem(err); ok {
			return choices(nil), nil // too long and the like: nothing to offer
		}
		return nil, err
	}
	out := []*discordgo.ApplicationCommandOptionChoice{}
	for _, s := range res.Suggestions {
		if len(s.ID) > maxChoiceValue {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: clip(s.Title+" · "+s.System, maxChoiceValue), Value: s.ID})
	}
	return choices(out), nil
}

// component answers a button: Reroll or More results.
func (b *Bot) component(ctx context.Context, i *discordgo.Interaction, l string) (*discordgo.InteractionResponse, error) {
	id := i.MessageComponentData().CustomID
	switch {
	case strings.HasPrefix(id, privateRerollPrefix):
		return b.roll(ctx, i, l, strings.TrimPrefix(id, privateRerollPrefix), true)
	case strings.HasPrefix(id, rerollPrefix):
		return b.roll(ctx, i, l, strings.TrimPrefix(id, rerollPrefix), false)
	case strings.HasPrefix(id, morePrefix):
		system, query, _ := strings.Cut(strings.TrimPrefix(id, morePrefix), ":")
		return b.more(ctx, l, system, query)
	}
	return ephemeral(msg(l, "unknown")), nil
}

// more lists the hits after the first, for "More results".
func (b *Bot) more(ctx context.Context, l, system, query string) (*discordgo.InteractionResponse, error) {
	q := url.Values{"q": {query}, "limit": {fmt.Sprint(moreHits + 1)}}
	if system != "" {
		q.Set("system", system)
	}
	var s searchAnswer
	if err := b.cfg.API.get(ctx, "/v1/search", q, &s); err != nil {
		return nil, err
	}
	if len(s.Hits) < 2 {
		return ephemeral(msg(l, "rule.none", query)), nil
	}
	var lines []string
	for _, h := range s.Hits[1:] {
		line := fmt.Sprintf("**%s** · %s · `/rule %s`", h.Title, h.System, h.ID)
		if b.cfg.PageURL != "" {
			line = fmt.Sprintf("[**%s**](%s/r/%s) · %s", h.Title, b.cfg.PageURL, url.PathEscape(h.ID), h.System)
		}
		lines = append(lines, line)
	}
	res := message(&discordgo.MessageEmbed{
		Title: clip(msg(l, "rule.more", len(lines), query), maxEmbedTitle), Description: clip(strings.Join(lines, "\n"), maxEmbedDesc), Color: colour,
	})
	res.Data.Flags = discordgo.MessageFlagsEphemeral
	return res, nil
}
