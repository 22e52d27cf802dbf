package bot

import (
	"regexp"

	"github.com/bwmarrin/discordgo"

	"kostka/l10n"
)

// commandRef is a command named in a reply's text the way the bot's
// messages name them, "/settings" or "/unit save" (after a space, a
// line's start or an opening bracket or quote).
var commandRef = regexp.MustCompile(`(^|[\s(„“"])/([a-z]+)(?: ([a-z]+))?`)

// mentionCommands makes every command a reply's text names a mention
// players can click, shown by Discord in their language (</unit save:id>),
// or, while the command's id is not known, its name in the reply's
// language ("**/oddział zapisz**"): every message names commands in
// English once, and each reply shows them localized.
func (b *Bot) mentionCommands(l l10n.Lang, res *Response) {
	if res == nil || res.Data == nil || !namesCommand(res.Data) {
		return // and a cold process does not build the commands for nothing
	}
	cmds := map[string]*Command{}
	for _, c := range b.Commands() {
		cmds[c.Name] = c
	}
	loc := discordLocale(l)
	replace := func(s string) string {
		return commandRef.ReplaceAllStringFunc(s, func(m string) string {
			g := commandRef.FindStringSubmatch(m)
			c, ok := cmds[g[2]]
			if !ok {
				return m
			}
			name, shown := c.Name, orDefault(c.NameLocalizations[loc], c.Name)
			rest := ""
			if g[3] != "" {
				var sub *Option
				for _, o := range c.Options {
					if o.Name == g[3] && (o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
						sub = o
					}
				}
				if sub == nil {
					rest = " " + g[3] // a word after the command, not a subcommand
				} else {
					name += " " + sub.Name
					shown += " " + orDefault(sub.NameLocalizations[loc], sub.Name)
				}
			}
			if id := b.ids.get(c.Name); id != "" {
				return g[1] + "</" + name + ":" + id + ">" + rest
			}
			return g[1] + "**/" + shown + "**" + rest
		})
	}
	d := res.Data
	d.Content = clip(replace(d.Content), maxContent)
	for _, e := range d.Embeds {
		e.Description = clip(replace(e.Description), maxEmbedDesc)
		for _, f := range e.Fields {
			f.Value = clip(replace(f.Value), maxFieldValue)
		}
	}
}

// namesCommand reports whether a reply's text may name a command.
func namesCommand(d *discordgo.InteractionResponseData) bool {
	if commandRef.MatchString(d.Content) {
		return true
	}
	for _, e := range d.Embeds {
		if commandRef.MatchString(e.Description) {
			return true
		}
		for _, f := range e.Fields {
			if commandRef.MatchString(f.Value) {
				return true
			}
		}
	}
	return false
}
