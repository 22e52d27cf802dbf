package bot

import "strings"

// markdownSpecial are the characters Discord's Markdown can read as
// formatting, links, headings, quotes, lists or mentions.
const markdownSpecial = "\\*_~`|<>[]()#@-:"

// escapeMarkdown returns what a player typed (a query, a comment) with a
// backslash before every character Discord could read as formatting, and
// with line breaks as spaces, so it shows as typed and can neither open a
// code block, a masked link or a heading nor mention anyone.
func escapeMarkdown(s string) string {
	var b strings.Builder
	digits := 0 // digits at the start: "1. " would start a list
	for i, c := range s {
		if c >= '0' && c <= '9' && digits == i {
			digits++
		}
		switch {
		case c == '.' && digits > 0 && i == digits:
			b.WriteByte('\\')
		case c == '\n' || c == '\r':
			b.WriteByte(' ')
			continue
		case c < 128 && strings.ContainsRune(markdownSpecial, c):
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
