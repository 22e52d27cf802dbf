package l10n

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

var (
	testHits = Define("l10n-test.hits", Texts{
		En: "{dice}: {n, plural, one {# hit} other {# hits}} ({p})",
		Pl: "{dice}: {n, plural, one {# trafienie} few {# trafienia} many {# trafień}} ({p})",
		Cs: "{dice}: {n, plural, one {# zásah} few {# zásahy} other {# zásahů}} ({p})",
	})
	testTerm = Define("l10n-test.term", Texts{En: "Double", Pl: "Podwójny", Cs: "Dvojitý"})
	testUses = Define("l10n-test.uses", Texts{En: "{ability}: mean {mean}", Pl: "{ability}: średnio {mean}", Cs: "{ability}: průměr {mean}"})
)

func TestRender(t *testing.T) {
	tests := []struct {
		m    Message
		lang Lang
		want string
	}{
		{testHits.New(Ints("dice", []int{6, 4}), Int("n", 1), Percent("p", 0.5)), English, "6, 4: 1 hit (50%)"},
		{testHits.New(Ints("dice", nil), Int("n", 22), Percent("p", 1./3)), Polish, "—: 22 trafienia (33,3%)"},
		{testHits.New(Ints("dice", nil), Int("n", 12), Percent("p", 0.125)), Polish, "—: 12 trafień (12,5%)"},
		{testHits.New(Ints("dice", nil), Int("n", 5), Percent("p", 0)), Polish, "—: 5 trafień (0%)"},
		{testHits.New(Ints("dice", nil), Int("n", 0), Percent("p", 1)), Czech, "—: 0 zásahů (100\u00a0%)"},
		{testHits.New(Ints("dice", nil), Int("n", 3), Percent("p", 1)), Czech, "—: 3 zásahy (100\u00a0%)"},
		{testUses.New(Term("ability", testTerm.New()), Float("mean", 0.888)), Polish, "Podwójny: średnio 0,89"},
		{testUses.New(Term("ability", testTerm.New()), Float("mean", 2)), Czech, "Dvojitý: průměr 2"},
		{testUses.New(Term("ability", testTerm.New()), Float("mean", 1.5)), English, "Double: mean 1.5"},
	}
	for _, tt := range tests {
		if got := tt.m.In(tt.lang); got != tt.want {
			t.Errorf("%s in %s = %q, want %q", tt.m.ID(), tt.lang, got, tt.want)
		}
	}
}

func TestPluralCategory(t *testing.T) {
	tests := []struct {
		lang Lang
		n    int
		want string
	}{
		{English, 1, One}, {English, 0, Other}, {English, 2, Other},
		{Polish, 1, One}, {Polish, 2, Few}, {Polish, 4, Few}, {Polish, 5, Many}, {Polish, 12, Many}, {Polish, 14, Many},
		{Polish, 22, Few}, {Polish, 0, Many}, {Polish, 21, Many}, {Polish, 112, Many}, {Polish, 104, Few},
		{Czech, 1, One}, {Czech, 2, Few}, {Czech, 4, Few}, {Czech, 5, Other}, {Czech, 0, Other}, {Czech, 22, Other},
	}
	for _, tt := range tests {
		if got := PluralCategory(tt.lang, tt.n); got != tt.want {
			t.Errorf("PluralCategory(%s, %d) = %s, want %s", tt.lang, tt.n, got, tt.want)
		}
	}
}

// TestMalformedRefused checks that every kind of malformed texts is
// reported by CheckAll and panics on the message's first use.
func TestMalformedRefused(t *testing.T) {
	bad := []Texts{
		{En: "x", Pl: "x"}, // no Czech
		{En: "{n}", Pl: "{m}", Cs: "{n}"},
		{En: "{n, plural, one {#} other {#}}", Pl: "{n, plural, one {#} other {#}}", Cs: "{n, plural, one {#} few {#} other {#}}"},
		{En: "{n", Pl: "x", Cs: "x"},
		{En: "n}", Pl: "x", Cs: "x"},
		{En: "{n, select, a {x}}", Pl: "x", Cs: "x"},
		{En: "{a b}", Pl: "x", Cs: "x"},
	}
	for i, texts := range bad {
		d := Define("l10n-test.bad"+string(rune('a'+i)), texts)
		var reported bool
		for _, err := range CheckAll() {
			reported = reported || strings.Contains(err.Error(), d.ID())
		}
		if !reported {
			t.Errorf("CheckAll does not report %+v", texts)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("the first use of %+v did not panic", texts)
				}
			}()
			_ = d.New(Str("n", "x")).In(English)
		}()
		forget(d)
	}
}

// TestDefineLazily checks that Define leaves the texts unparsed, so a program pays nothing at start-up, and that a
// malformed text is still refused: by CheckAll, and on its first use.
func TestDefineLazily(t *testing.T) {
	t.Run("good", func(t *testing.T) {
		d := Define("l10n-test.lazy-good", Texts{
			En: "{n, plural, one {# hit} other {# hits}}",
			Pl: "{n, plural, one {# trafienie} few {# trafienia} many {# trafień}}",
			Cs: "{n, plural, one {# zásah} few {# zásahy} other {# zásahů}}",
		})
		t.Cleanup(func() { forget(d) })
		if d.tmpl != nil {
			t.Fatal("Define parsed the texts at once")
		}
		if got, want := d.New(Int("n", 3)).In(Polish), "3 trafienia"; got != want {
			t.Errorf("In(pl) = %q, want %q", got, want)
		}
		if got, want := d.Params(), []string{"n"}; !slices.Equal(got, want) {
			t.Errorf("Params() = %v, want %v", got, want)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		d := Define("l10n-test.lazy-bad", Texts{En: "{n}", Pl: "{m}", Cs: "{n}"})
		t.Cleanup(func() { forget(d) })
		var found bool
		for _, err := range CheckAll() {
			found = found || strings.Contains(err.Error(), "l10n-test.lazy-bad")
		}
		if !found {
			t.Error("CheckAll did not report the malformed message")
		}
		defer func() {
			if v := recover(); v == nil || !strings.Contains(fmt.Sprint(v), "placeholders") {
				t.Errorf("first use of a malformed message: recovered %v, want a panic naming the placeholders", v)
			}
		}()
		_ = d.New(Str("n", "x")).In(English)
	})
}

// forget removes a message a test defined from the catalogue.
func forget(d *Def) {
	mu.Lock()
	defer mu.Unlock()
	delete(catalog, d.id)
}

// TestCatalogue checks every message defined in the packages this test
// links (l10n's own); TestEveryMessage in package systems/catalog runs the
// same check over the whole program's catalogue.
func TestCatalogue(t *testing.T) {
	for _, err := range CheckAll() {
		t.Error(err)
	}
	if len(All()) < 3 {
		t.Errorf("catalogue of %d messages", len(All()))
	}
}

func TestMessageJSON(t *testing.T) {
	m := testUses.New(Term("ability", testTerm.New()), Float("mean", 0.5)).Rendered(Czech)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		ID   string
		Text string
		Args struct {
			Ability struct{ ID, Text string }
			Mean    float64
		}
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.ID != "l10n-test.uses" || got.Text != "Dvojitý: průměr 0,5" || got.Args.Ability.ID != "l10n-test.term" ||
		got.Args.Ability.Text != "Dvojitý" || got.Args.Mean != 0.5 {
		t.Errorf("JSON %s", b)
	}
}

// TestMessageJSONAsMap: a message's JSON is byte for byte what
// encoding/json writes for its fields with the arguments in a map (how
// MarshalJSON built it before it appended the bytes itself): every kind of
// argument, rendered or not, HTML characters, a repeated name.
func TestMessageJSONAsMap(t *testing.T) {
	asMap := func(m Message) ([]byte, error) {
		args := make(map[string]any, len(m.args))
		for _, a := range m.args {
			args[a.name] = a.jsonValue()
		}
		return json.Marshal(struct {
			ID   string         `json:"id"`
			Args map[string]any `json:"args"`
			Text string         `json:"text"`
		}{m.ID(), args, m.Text})
	}
	list := List("list", []Message{testTerm.New(), testUses.New(Str("ability", "<b>"), Decimal("mean", 1e-7, 9))})
	for name, m := range map[string]Message{
		"zero":      {},
		"no args":   testTerm.New(),
		"hits":      testHits.New(Ints("dice", []int{6, 1, 4}), Int("n", 2), Percent("p", 1.0/3)),
		"no dice":   testHits.New(Ints("dice", nil), Int("n", 0), Percent("p", 0)),
		"term":      testUses.New(Term("ability", testTerm.New()), SignedDecimal("mean", -12.499999999999995, 2)),
		"list":      testUses.New(list, Float("mean", 2e21)),
		"nil list":  testUses.New(List("ability", nil), Str("mean", "a & b\u2028 \"quoted\" \xff")),
		"repeated":  testUses.New(Str("mean", "first"), Int("ability", 1), Str("mean", "last")),
		"unordered": testHits.New(Percent("p", 0.5), Int("n", 5), Str("dice", "1, 2")),
	} {
		for _, m := range []Message{m, m.Rendered(Polish), m.Rendered(Czech)} {
			got, err := json.Marshal(m)
			want, werr := asMap(m)
			if err != nil || werr != nil || string(got) != string(want) {
				t.Errorf("%s: got %s (%v), want %s (%v)", name, got, err, want, werr)
			}
		}
	}
}

func TestLocalizeCopies(t *testing.T) {
	type answer struct {
		Steps []Message
		Note  *Message
		Any   any
		N     int
	}
	shared := []Message{testTerm.New()}
	note := testTerm.New()
	in := answer{Steps: shared, Note: &note, Any: map[string]Message{"x": testTerm.New()}, N: 3}
	out := Localize(in, Polish).(answer)
	if out.Steps[0].Text != "Podwójny" || out.Note.Text != "Podwójny" || out.Any.(map[string]Message)["x"].Text != "Podwójny" || out.N != 3 {
		t.Errorf("Localize = %+v", out)
	}
	if shared[0].Text != "" || note.Text != "" {
		t.Error("Localize changed its input")
	}
}

// TestLocalizeNested: messages are rendered at any depth (structs in
// slices, pointers in structs, arrays, interfaces holding pointers), and
// nothing the input shares is changed.
func TestLocalizeNested(t *testing.T) {
	type entry struct {
		Label Message
		Note  *Message
		Value *float64
	}
	type answer struct {
		Entries []entry
		Pair    [2]Message
		Inner   any
		Plain   []int
	}
	note, v := testTerm.New(), 0.5
	entries := []entry{{Label: testTerm.New(), Note: &note, Value: &v}, {Label: testUses.New(Term("ability", testTerm.New()), Float("mean", 1.5))}}
	inner := &entry{Label: testTerm.New()}
	in := answer{Entries: entries, Pair: [2]Message{testTerm.New(), testTerm.New()}, Inner: inner, Plain: []int{1}}
	out := Localize(in, Czech).(answer)
	got := []string{out.Entries[0].Label.Text, out.Entries[0].Note.Text, out.Entries[1].Label.Text, out.Pair[1].Text, out.Inner.(*entry).Label.Text}
	want := []string{"Dvojitý", "Dvojitý", "Dvojitý: průměr 1,5", "Dvojitý", "Dvojitý"}
	if !slices.Equal(got, want) {
		t.Errorf("rendered %q, want %q", got, want)
	}
	if term, _ := out.Entries[1].Label.Arg("ability"); term.term().Text != "Dvojitý" {
		t.Errorf("the term argument is %q, not rendered", term.term().Text)
	}
	if out.Entries[0].Value != &v || &out.Plain[0] != &in.Plain[0] {
		t.Error("values without messages were copied")
	}
	if entries[0].Label.Text != "" || note.Text != "" || entries[1].Label.Text != "" || inner.Label.Text != "" || in.Pair[0].Text != "" {
		t.Error("Localize changed its input")
	}
	if term, _ := entries[1].Label.Arg("ability"); term.term().Text != "" {
		t.Error("Localize changed a term of its input")
	}
}

func TestNegotiate(t *testing.T) {
	tests := []struct {
		param, header string
		want          Lang
		err           bool
	}{
		{"", "", English, false},
		{"pl", "cs", Polish, false},
		{"CS-cz", "", Czech, false},
		{"de", "", English, true},
		{"", "de-DE, cs;q=0.8, pl;q=0.9", Polish, false},
		{"", "cs-CZ,cs;q=0.9,en;q=0.8", Czech, false},
		{"", "pl;q=0, en;q=0.1", English, false},
		{"", "fr", English, false},
		{"", "en, pl", English, false},
	}
	for _, tt := range tests {
		got, err := Negotiate(tt.param, tt.header)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("Negotiate(%q, %q) = %s, %v", tt.param, tt.header, got, err)
		}
	}
}

func TestCheck(t *testing.T) {
	if err := testHits.New(Int("n", 1)).Check(); err == nil {
		t.Error("missing arguments pass Check")
	}
	if err := testHits.New(Ints("dice", nil), Str("n", "1"), Percent("p", 0)).Check(); err == nil {
		t.Error("a string plural argument passes Check")
	}
	if err := testHits.New(Ints("dice", nil), Int("n", 1), Percent("p", 0)).Check(); err != nil {
		t.Error(err)
	}
	if s := testHits.New().In(Polish); !strings.Contains(s, "{dice}") {
		t.Errorf("a missing argument renders as %q", s)
	}
}

// FuzzNegotiate: any lang parameter and Accept-Language header give one of
// the languages, and an error only for a lang parameter that names none.
func FuzzNegotiate(f *testing.F) {
	for _, s := range []string{"", "pl", "cs-CZ,cs;q=0.9,en;q=0.8", "de;q=abc, pl;q=2", ";;,,=q", "*"} {
		f.Add("", s)
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, param, header string) {
		lang, err := Negotiate(param, header)
		if !slices.Contains(Languages, lang) {
			t.Fatalf("Negotiate(%q, %q) = %q", param, header, lang)
		}
		if _, ok := Parse(param); (err != nil) != (param != "" && !ok) {
			t.Fatalf("Negotiate(%q, %q): err = %v", param, header, err)
		}
	})
}

// TestNoDiceIsADash checks that a step with no dice to show (no hits left
// to defend against) shows a dash, not an empty place.
func TestNoDiceIsADash(t *testing.T) {
	for _, lang := range []Lang{English, Polish, Czech} {
		if got := testHits.New(Ints("dice", []int{}), Int("n", 0), Percent("p", 0)).In(lang); !strings.HasPrefix(got, "—: ") {
			t.Errorf("in %s: %q", lang, got)
		}
	}
}

// TestMessageJSONRoundTrip reads a rendered message back from its JSON:
// the same JSON again, its Text in any language, its id kept even when
// this program defines no such message.
func TestMessageJSONRoundTrip(t *testing.T) {
	def := Define("test.roundtrip", Texts{En: "{n} wounds of {what}", Pl: "{n} ran: {what}", Cs: "{n} zranění: {what}"})
	what := Define("test.roundtrip.what", Texts{En: "Blast", Pl: "Wybuch", Cs: "Výbuch"})
	for _, lang := range []Lang{English, Polish, Czech} {
		m := def.New(Int("n", 3), Term("what", what.New())).Rendered(lang)
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var got Message
		if err := json.Unmarshal(want, &got); err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(got); string(b) != string(want) {
			t.Errorf("%s: read back as %s, want %s", lang, b, want)
		}
		if got.ID() != "test.roundtrip" || got.In(English) != m.Text || got.IsZero() {
			t.Errorf("%s: id %q, text %q, zero %v; want test.roundtrip, %q, false", lang, got.ID(), got.In(English), got.IsZero(), m.Text)
		}
	}
	var unknown Message
	if err := json.Unmarshal([]byte(`{"id":"elsewhere.only","args":{"x":1},"text":"hi"}`), &unknown); err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(unknown); string(b) != `{"id":"elsewhere.only","args":{"x":1},"text":"hi"}` || unknown.In(Polish) != "hi" {
		t.Errorf("an unknown message reads back as %s, %q", b, unknown.In(Polish))
	}
}

// TestTextsJSON: Texts reads and writes the object keyed by language code
// that a map[string]string gives, empty texts left out, and In falls back
// to English.
func TestTextsJSON(t *testing.T) {
	for _, tc := range []struct {
		texts Texts
		want  string
	}{
		{Texts{En: "Test", Pl: "Próba", Cs: "Zkouška"}, `{"cs":"Zkouška","en":"Test","pl":"Próba"}`},
		{Texts{En: "Echo"}, `{"en":"Echo"}`},
		{Texts{En: "<&>"}, `{"en":"\u003c\u0026\u003e"}`},
		{Texts{}, `{}`},
	} {
		got, err := json.Marshal(tc.texts)
		if err != nil || string(got) != tc.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tc.texts, got, err, tc.want)
		}
		m := map[string]string{"en": tc.texts.En, "pl": tc.texts.Pl, "cs": tc.texts.Cs}
		for k, v := range m {
			if v == "" {
				delete(m, k)
			}
		}
		if asMap, _ := json.Marshal(m); string(asMap) != string(got) {
			t.Errorf("%+v: %s, as a map %s", tc.texts, got, asMap)
		}
		var back Texts
		if err := json.Unmarshal(got, &back); err != nil || back != tc.texts {
			t.Errorf("Unmarshal(%s) = %+v, %v", got, back, err)
		}
	}
	if got := (Texts{En: "Echo"}).In(Czech); got != "Echo" {
		t.Errorf("In(Czech) without Czech = %q, want the English", got)
	}
	var v struct {
		Name Texts `json:"name,omitzero"`
	}
	if b, err := AppendJSON(nil, v, Polish); err != nil || string(b) != `{}` {
		t.Errorf("omitzero: %s, %v", b, err)
	}
	v.Name = Texts{En: "<&>"}
	if b, err := AppendJSON(nil, v, Polish); err != nil || string(b) != `{"name":{"en":"<&>"}}` {
		t.Errorf("unescaped: %s, %v, want what a map gives", b, err)
	}
}
