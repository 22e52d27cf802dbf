package ability

import "testing"

// TestLookup: the rulebook's name, the English name, every alias, the
// diacritic-free and upper-case spellings and a bracketed X all find the
// same ability.
func TestLookup(t *testing.T) {
	for _, a := range All {
		for _, s := range append([]string{string(a.Name), a.En, Key(string(a.Name)), string(a.Name) + "(3)"}, a.Aliases...) {
			if got, ok := Lookup(s); !ok || got != a {
				t.Errorf("Lookup(%q) = %v, %v; want %s", s, got, ok, a.Name)
			}
		}
		if Of(a.Name) != a {
			t.Errorf("Of(%s) is another entry", a.Name)
		}
	}
	for _, s := range []string{"PRZEBIJAJĄCA", "przebijajaca", "Sniper", "Overcharge", "waagh"} {
		if _, ok := Lookup(s); !ok {
			t.Errorf("%q not found", s)
		}
	}
	for _, s := range []string{"", "Laser", "(Tarcza)"} {
		if a, ok := Lookup(s); ok {
			t.Errorf("Lookup(%q) = %s, want none", s, a.Name)
		}
	}
}

// TestSectionID: every ability of the vocabulary has a section in the
// rulebook, found by its title ("Szybki/Wolny" names two).
func TestSectionID(t *testing.T) {
	for _, a := range All {
		if SectionID(a.Name) == "" {
			t.Errorf("no section: %s", a.Name)
		}
	}
	for n, want := range map[Name]string{Rozprysk: "quality-d6.rozprysk-x", Dywersant: "quality-d6.dyweranski", Waagh: "quality-d6.waagh",
		Latanie: "quality-d6.latanie", Wolny: "quality-d6.szybki-wolny", ZleStrzela: "quality-d6.dobrze-zle-strzela", Aura: "quality-d6.zdolnosci-aury-x"} {
		if got := SectionID(n); got != want {
			t.Errorf("SectionID(%s) = %q, want %q", n, got, want)
		}
	}
}

// TestCzechNames: every ability has a Czech name, accepted like the
// Polish and English ones ("Zaměřování" and "zamerovani" are Namierzanie).
func TestCzechNames(t *testing.T) {
	for _, a := range All {
		if a.Cs == "" {
			t.Errorf("%s has no Czech name", a.Name)
			continue
		}
		for _, s := range []string{a.Cs, Key(a.Cs)} {
			if got, ok := Lookup(s); !ok || got != a {
				t.Errorf("Lookup(%q) = %v, %v; want %s", s, got, ok, a.Name)
			}
		}
	}
	if a, ok := Lookup("Zaměřování"); !ok || a.Name != Namierzanie {
		t.Errorf("Lookup(Zaměřování) = %v, %v", a, ok)
	}
}
