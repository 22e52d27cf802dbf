package ability

import (
	"strings"
	"sync"

	"kostka/rulesdata"
)

// sectionIDs are the ids of the rulebook sections of the abilities: each
// section of the quality-d6 rulebook whose title names an ability
// ("Rozprysk(X)", "Dywerański", "Szybki/Wolny").
var sectionIDs = sync.OnceValue(func() map[Name]string {
	m := map[Name]string{}
	for _, b := range rulesdata.Embedded() {
		if b.System != "quality-d6" {
			continue
		}
		for _, s := range b.Sections {
			// "Szybki/Wolny" and "Dobrze/źle strzela" name two.
			words := strings.Fields(s.Title)
			last := words[len(words)-1]
			for _, part := range strings.Split(s.Title, "/") {
				for _, name := range []string{part, part + " " + last} {
					if a, ok := Lookup(name); ok {
						if _, seen := m[a.Name]; !seen {
							m[a.Name] = s.ID
						}
					}
				}
			}
		}
	}
	// Aura(X) is the chapter's section "Zdolności aury(X)".
	m[Aura] = "quality-d6.zdolnosci-aury-x"
	return m
})

// SectionID returns the id of the rulebook section of ability n (package
// rulesdata), "" when the rulebook has none of its own.
func SectionID(n Name) string { return sectionIDs()[n] }
