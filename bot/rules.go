package bot

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kostka"
	"kostka/l10n"
	"kostka/lookup"
)

// moreHits is how many further hits "More results" lists.
const moreHits = 8

// rule answers /rule: the section chosen from the suggestions (its id), or
// the best hit of a search, with a button for the other hits.
func (b *Bot) rule(ctx context.Context, l l10n.Lang, query, system string) (*Response, error) {
	if strings.TrimSpace(query) == "" {
		return nil, &usageError{msg(l, "rule.query")}
	}
	// Only a query shaped like a rule's id ("quality-d6.oslona", what
	// autocomplete sends) is looked up by id; anything else, such as ".."
	// or ".", is searched for.
	var (
		r   *kostka.Rule
		err error = kostka.StatusProblem(http.StatusNotFound)
	)
	if ruleID.MatchString(query) {
		r, err = b.cfg.Service.Rule(ctx, query)
	}
	if p, ok := isProblem(err, l); ok && p.Status == http.StatusNotFound {
		err = nil
		q := lookup.Query{Text: query, System: system, Limit: 1}
		s, err := b.cfg.Service.Search(ctx, q)
		if err != nil {
			if _, ok := isProblem(err, l); ok {
				return ephemeral(msg(l, "rule.none", escapeMarkdown(query))), nil
			}
			return nil, err
		}
		if len(s.Hits) == 0 || s.Hits[0].ID == "" {
			return ephemeral(msg(l, "rule.none", escapeMarkdown(query))), nil
		}
		if s.Weak {
			// Ask again for as many hits as a weak match offers.
			q.Limit = maxDidYouMean
			if s, err = b.cfg.Service.Search(ctx, q); err != nil {
				return noRule(l, query, err)
			}
			return b.didYouMean(l, query, s.DidYouMean), nil
		}
		if r, err = b.cfg.Service.Rule(ctx, s.Hits[0].ID); err != nil {
			return nil, err
		}
		res := b.ruleMessage(l, r)
		if s.Total > 1 && len(res.Data.Components) == 0 {
			if id := morePrefix + system + ":" + query; len(id) <= maxCustomID {
				res.Data.Components = []discordgo.MessageComponent{button(msg(l, "more"), id)}
			}
		}
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	return b.ruleMessage(l, r), nil
}

// maxDidYouMean is the most sections a weak match offers.
const maxDidYouMean = 3

// didYouMean answers a query whose best match is only a far typo: no rule
// is presented as the answer; the player reads "no close match" and the
// sections the search offers instead, and a select menu opens one.
func (b *Bot) didYouMean(l l10n.Lang, query string, offers []lookup.Suggestion) *Response {
	lines := []string{msg(l, "rule.weak", escapeMarkdown(query))}
	var options []discordgo.SelectMenuOption
	for _, o := range offers {
		if o.ID == "" || len(o.ID) > maxChoiceValue {
			continue
		}
		lines = append(lines, "• **"+escapeMarkdown(o.Title)+"** · "+escapeMarkdown(b.systemName(l, o.System)))
		options = append(options, discordgo.SelectMenuOption{Label: clip(o.Title, 100), Value: o.ID, Description: clip(b.systemName(l, o.System), 100)})
	}
	if len(options) == 0 {
		return ephemeral(msg(l, "rule.none", escapeMarkdown(query)))
	}
	res := ephemeral(strings.Join(lines, "\n"))
	res.Data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: openRuleID, Placeholder: msg(l, "rule.open"), Options: options},
	}}}
	return res
}

// ruleMessage shows a rule; when its text is cut and there is no page to
// link to, a button reads on.
func (b *Bot) ruleMessage(l l10n.Lang, r *kostka.Rule) *Response {
	res := message(b.ruleEmbed(l, r))
	if b.cfg.PageURL == "" && len([]rune(discordMarkdown(r.Text))) > maxEmbedDesc-200 {
		if id := readOnPrefix + r.ID + ":1"; len(id) <= maxCustomID {
			res.Data.Components = []discordgo.MessageComponent{button(msg(l, "rule.readon"), id)}
		}
	}
	return res
}

// readOn shows part n (from 0) of a long rule's text, for its player only,
// with a button for the next part while there is one.
func (b *Bot) readOn(ctx context.Context, l l10n.Lang, id string, n int) (*Response, error) {
	r, err := b.cfg.Service.Rule(ctx, id)
	if err != nil {
		return noRule(l, id, err)
	}
	text := []rune(discordMarkdown(r.Text))
	const part = maxEmbedDesc - 200
	if r.ID == "" || n*part >= len(text) {
		return ephemeral(msg(l, "unknown")), nil
	}
	chunk := string(text[n*part : min(len(text), (n+1)*part)])
	res := message(&discordgo.MessageEmbed{Title: clip(r.Title, maxEmbedTitle-10) + fmt.Sprintf(" (%d)", n+1), Description: chunk, Color: colour})
	if (n+1)*part < len(text) {
		res.Data.Components = []discordgo.MessageComponent{button(msg(l, "rule.readon"), fmt.Sprintf("%s%s:%d", readOnPrefix, r.ID, n+1))}
	}
	res.Data.Flags = discordgo.MessageFlagsEphemeral
	return res, nil
}

// ruleEmbed shows a rule: title, system and chapter, aliases, and the text
// cut at Discord's limit with a link to the rest.
func (b *Bot) ruleEmbed(l l10n.Lang, r *kostka.Rule) *discordgo.MessageEmbed {
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
	footer := b.systemName(l, r.System)
	if r.Chapter != "" {
		footer += " · " + r.Chapter
	}
	return &discordgo.MessageEmbed{
		Title: clip(r.Title, maxEmbedTitle), URL: link, Description: text, Color: colour,
		Footer: &discordgo.MessageEmbedFooter{Text: clip(footer, 2048)},
	}
}

// Custom ids of the rule components.
const (
	openRuleID   = "open"  // the select menu of "More results"
	readOnPrefix = "read:" // "read:<rule id>:<part>"
)

// ruleID is the shape of a rule's id: a system, a dot, a slug.
var ruleID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*$`)

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
func (b *Bot) autocomplete(ctx context.Context, i *discordgo.Interaction) (*Response, error) {
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
	suggestions, err := b.cfg.Service.Suggest(ctx, kostka.SuggestRequest{Text: typed, System: stringOpt(d.Options, "system"), Limit: lookup.MaxSuggestions})
	if err != nil {
		if _, ok := isProblem(err, lang(i)); ok {
			return choices(nil), nil // too long and the like: nothing to offer
		}
		return nil, err
	}
	out := []*Choice{}
	for _, s := range suggestions {
		if len(s.ID) > maxChoiceValue {
			continue
		}
		out = append(out, &Choice{Name: clip(s.Title+" · "+b.systemName(lang(i), s.System), maxChoiceValue), Value: s.ID})
	}
	return choices(out), nil
}

// component answers a button: Reroll or More results.
func (b *Bot) component(ctx context.Context, i *discordgo.Interaction, l l10n.Lang) (*Response, error) {
	id := i.MessageComponentData().CustomID
	switch {
	case strings.HasPrefix(id, privateRerollPrefix):
		return b.roll(ctx, i, l, strings.TrimPrefix(id, privateRerollPrefix), true)
	case strings.HasPrefix(id, rerollPrefix):
		return b.roll(ctx, i, l, strings.TrimPrefix(id, rerollPrefix), false)
	case strings.HasPrefix(id, privateOddsPrefix):
		res, err := b.odds(ctx, l, strings.TrimPrefix(id, privateOddsPrefix))
		if err == nil && res.Data != nil {
			res.Data.Flags |= discordgo.MessageFlagsEphemeral
		}
		return res, err
	case strings.HasPrefix(id, oddsPrefix):
		return b.odds(ctx, l, strings.TrimPrefix(id, oddsPrefix))
	case strings.HasPrefix(id, actPrefix), strings.HasPrefix(id, privateActPrefix):
		return b.rollAgain(ctx, l, id)
	case strings.HasPrefix(id, keyPrefix), strings.HasPrefix(id, privateKeyPrefix):
		return b.pressKept(ctx, i, l, id)
	case id == appliedRuleID:
		return b.appliedRule(ctx, l, i.MessageComponentData().Values)
	case id == openRuleID:
		if v := i.MessageComponentData().Values; len(v) == 1 && ruleID.MatchString(v[0]) {
			return b.rule(ctx, l, v[0], "")
		}
		return ephemeral(msg(l, "unknown")), nil
	case strings.HasPrefix(id, readOnPrefix):
		rid, part, _ := strings.Cut(strings.TrimPrefix(id, readOnPrefix), ":")
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 || n > 50 {
			return ephemeral(msg(l, "unknown")), nil
		}
		return b.readOn(ctx, l, rid, n)
	case strings.HasPrefix(id, morePrefix):
		system, query, _ := strings.Cut(strings.TrimPrefix(id, morePrefix), ":")
		return b.more(ctx, l, system, query)
	}
	return ephemeral(msg(l, "unknown")), nil
}

// more lists the hits after the first, for "More results".
func (b *Bot) more(ctx context.Context, l l10n.Lang, system, query string) (*Response, error) {
	s, err := b.cfg.Service.Search(ctx, lookup.Query{Text: query, System: system, Limit: moreHits + 1})
	if err != nil {
		return noRule(l, query, err)
	}
	if len(s.Hits) < 2 {
		return ephemeral(msg(l, "rule.none", escapeMarkdown(query))), nil
	}
	var lines []string
	for _, h := range s.Hits[1:] {
		name := b.systemName(l, h.System)
		line := fmt.Sprintf("**%s** · %s · `/rule %s`", h.Title, name, h.ID)
		if b.cfg.PageURL != "" {
			line = fmt.Sprintf("[**%s**](%s/r/%s) · %s", h.Title, b.cfg.PageURL, url.PathEscape(h.ID), name)
		}
		lines = append(lines, line)
	}
	res := message(&discordgo.MessageEmbed{
		Title: clip(msg(l, "rule.more", moreResults.New(l10n.Int("n", len(lines))).In(l), escapeMarkdown(query)), maxEmbedTitle), Description: clip(strings.Join(lines, "\n"), maxEmbedDesc), Color: colour,
	})
	// A select menu opens the chosen rule.
	var options []discordgo.SelectMenuOption
	for _, h := range s.Hits[1:] {
		if len(h.ID) <= maxChoiceValue {
			options = append(options, discordgo.SelectMenuOption{Label: clip(h.Title, 100), Value: h.ID, Description: clip(b.systemName(l, h.System), 100)})
		}
	}
	if len(options) > 0 {
		res.Data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: openRuleID, Placeholder: msg(l, "rule.open"), Options: options},
		}}}
	}
	res.Data.Flags = discordgo.MessageFlagsEphemeral
	return res, nil
}

// noRule answers a lookup the API refused (a rule gone since its button
// was made, a search it cannot run) with "no rule matches" in the
// player's language rather than the API's words; other errors pass on.
func noRule(l l10n.Lang, query string, err error) (*Response, error) {
	if _, ok := isProblem(err, l); ok {
		return ephemeral(msg(l, "rule.none", escapeMarkdown(query))), nil
	}
	return nil, err
}

// systemName is a game system's name in l, or its id when unknown.
func (b *Bot) systemName(l l10n.Lang, id string) string {
	if s, ok := b.cfg.Systems.Get(id); ok {
		if n := s.Name.In(l); n != "" {
			return n
		}
	}
	return id
}
