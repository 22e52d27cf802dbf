package langcheck

import (
	"testing"

	"kostka/l10n"
	"kostka/systems/catalog"
)

// The catalogue the tests read: every system's messages.
var _ = catalog.Registry()

// TestLeaks: the leaks the page once showed are found, and clean texts
// pass.
func TestLeaks(t *testing.T) {
	c := New([2]string{"Przegrupowanie", "Přeskupení"}, [2]string{"Groza", "Hrůza"}, [2]string{"W dziesiątkę", "Do černého"})
	tests := []struct {
		lang l10n.Lang
		text string
		leak bool
	}{
		{l10n.Czech, "Přeskupení: 0 testů kvality", false},
		{l10n.Czech, "Przegrupowanie: 0 testů kvality", true},
		{l10n.Czech, "Groza: k6 1 proti 4", true},
		{l10n.Czech, "bez Namierzania", true}, // no Polish letter, no term given: a word only Polish texts use
		{l10n.Czech, "útok na blízko (melee)", true},
		{l10n.Czech, "zbraň, zóna nasazení", false},
		{l10n.Polish, "Nieużyte tutaj: defense, models, toughness.", true},
		{l10n.Polish, "Do černého", true},
		{l10n.Polish, "Krytyczna rana", false},
		{l10n.Polish, "Kritické zranění", true},
		{l10n.Polish, "W dziesiątkę (test pancerza), zob. rulesdata/NOTES.md", false},
		{l10n.Polish, "Załącz plik JSON utworzony przez /unit export.", false},
		// The slips players reported in the bot's replies, and their fixes.
		{l10n.Polish, "Nie można zapisać tego oddziału: invalid: a unit needs a name", true},
		{l10n.Czech, "invalid character 'h' in literal true (expecting 'r')", true},
		{l10n.Polish, "jego pola: attacks, quality, defense", true},
		{l10n.Czech, "Jednotka se nenašla; nie ma oddziału", true},
		{l10n.Czech, "Jednotka se nenašla; nie ma oddzialu", true}, // Polish without its letters
		{l10n.Polish, "Nie można zapisać tego oddziału: oddział musi mieć nazwę", false},
		{l10n.Czech, "Použijte /settings, `ap=2 cover=true`, quality-d6", false},
		{l10n.Czech, "Podívejte se na </unit save:300> a https://kostka.example/r/quality-d6.oslona", false},
	}
	for _, tt := range tests {
		if got := len(c.Leaks(tt.text, tt.lang)) > 0; got != tt.leak {
			t.Errorf("%s %q: leaks %v, want %v", tt.lang, tt.text, c.Leaks(tt.text, tt.lang), tt.leak)
		}
	}
}

// TestLabels: a Czech label equal to the Polish one is refused unless
// every word is shared.
func TestLabels(t *testing.T) {
	c := New()
	for _, tt := range []struct {
		pl, cs string
		ok     bool
	}{
		{"Rozprysk(X)", "Rozprysk(X)", false},
		{"Rozprysk(X)", "Rozptyl(X)", true},
		{"ROF na DAM", "ROF na DAM", true},
		{"Aura", "Aura", true},
	} {
		if got := len(c.Labels(tt.pl, tt.cs)) == 0; got != tt.ok {
			t.Errorf("%q / %q: %v, want ok %v", tt.pl, tt.cs, c.Labels(tt.pl, tt.cs), tt.ok)
		}
	}
}
