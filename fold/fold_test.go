package fold

import "testing"

func TestString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"osłona", "oslona"},
		{"OSŁONA", "OSLONA"},
		{"zażółć gęślą jaźń", "zazolc gesla jazn"},
		{"Zażółć Gęślą Jaźń", "Zazolc Gesla Jazn"},
		{"střelba", "strelba"},
		{"příliš žluťoučký kůň úpěl ďábelské ódy", "prilis zlutoucky kun upel dabelske ody"},
		{"Ťuk Ňuf Ěě Řř Ůů", "Tuk Nuf Ee Rr Uu"},
		{"plain ascii 123 (X)", "plain ascii 123 (X)"},
		{"Straße", "Strasse"},
		{"", ""},
		{"k6 – rzut „6“", "k6 – rzut „6“"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := String(tt.in); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := string(Bytes([]byte(tt.in))); got != tt.want {
				t.Errorf("Bytes(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRune(t *testing.T) {
	if s, ok := Rune('ł'); !ok || s != "l" {
		t.Errorf("Rune('ł') = %q, %v", s, ok)
	}
	if s, ok := Rune('a'); ok {
		t.Errorf("Rune('a') = %q, true; want unchanged", s)
	}
}

func BenchmarkString(b *testing.B) {
	for b.Loop() {
		String("Przeciwnik otrzymuje ranę za każde nieudane trafienie osłoną")
	}
}
