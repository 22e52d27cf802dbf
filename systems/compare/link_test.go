package compare

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestPagePathRoundTrip(t *testing.T) {
	pts := 120.0
	req := Request{
		Attackers: []Side{
			{Name: "Strzelcy „Żółci”", Fields: map[string]json.RawMessage{"quality": json.RawMessage(`4`), "attacks": json.RawMessage(`10`)}},
			{Name: "Elita", Points: &pts, Profile: json.RawMessage(`{"quality":3}`)},
		},
		Targets: []Side{{Preset: "infantry"}},
	}
	path, err := PagePath("quality-d6", req)
	if err != nil {
		t.Fatal(err)
	}
	prefix := "/compare?"
	if !strings.HasPrefix(path, prefix) {
		t.Fatalf("PagePath = %q, want it to start with %q", path, prefix)
	}
	if strings.ContainsAny(path[len(prefix):], "+/ \"") {
		t.Errorf("PagePath = %q holds characters a link would need to escape", path)
	}
	system, got, err := ParsePagePath(path[len(prefix):])
	if err != nil {
		t.Fatal(err)
	}
	if system != "quality-d6" {
		t.Errorf("system = %q", system)
	}
	a, _ := json.Marshal(req)
	b, _ := json.Marshal(got)
	if string(a) != string(b) {
		t.Errorf("round trip:\n got %s\nwant %s", b, a)
	}
}

func TestPagePathRefuses(t *testing.T) {
	if _, err := PagePath("quality-d6", Request{Attackers: []Side{{Unit: "Elita"}}}); err == nil {
		t.Error("a saved unit that was not inlined was linked")
	}
	big := Request{Attackers: []Side{{Name: strings.Repeat("x", MaxLinkRequest)}}}
	if _, err := PagePath("quality-d6", big); !errors.Is(err, ErrLinkTooLong) {
		t.Errorf("a %d-byte request: err = %v, want ErrLinkTooLong", MaxLinkRequest, err)
	}
	for _, q := range []string{"", "system=quality-d6&q=%%%", "system=quality-d6&q=!!", "q=e30", "system=x&q=" + strings.Repeat("e30", 3000)} {
		if _, _, err := ParsePagePath(q); err == nil {
			t.Errorf("ParsePagePath(%.40q) accepted it", q)
		}
	}
}
