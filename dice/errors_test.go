package dice

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"kostka/l10n"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// badExpressions cover every kind of dice error; odds is set where the
// expression parses and its odds are refused.
var badExpressions = []struct {
	expr string
	kind ErrorKind
	odds bool
}{
	{"", ErrExpectedTerm, false},
	{"2d6+", ErrExpectedTerm, false},
	{"３ｄ６", ErrExpectedTerm, false},
	{"2+ł", ErrExpectedTerm, false},
	{"2d6ł", ErrExpectedOperator, false},
	{"2d6 3", ErrExpectedOperator, false},
	{"1d20 5", ErrExpectedOperator, false},
	{"(2d6", ErrUnclosedParen, false},
	{"(1d6+2ł", ErrUnclosedParen, false},
	{"2d", ErrExpectedSides, false},
	{"3k", ErrExpectedSides, false},
	{"4d6r1r2", ErrSecondModifier, false},
	{"4d6r1r2", ErrSecondModifier, false},
	{"3d6!!>=5!", ErrSecondModifier, false},
	{"5d10>=7>=8", ErrSecondModifier, false},
	{"5d10>=7f1f2", ErrSecondModifier, false},
	{"d6r<7", ErrEndlessReroll, false},
	{"d6!>=1", ErrEndlessExplode, false},
	{"4d6f1", ErrFailureFirst, false},
	{"4d6>=5f", ErrExpectedFailure, false},
	{"4d6>", ErrExpectedNumber, false},
	{"4d6kh", ErrExpectedKeep, false},
	{"4d6dx", ErrExpectedDrop, false},
	{"4d6k5", ErrKeepTooMany, false},
	{"1d6dl2", ErrDropTooMany, false},
	{"1d6/(1d6-1)", ErrDivisorZero, false},
	{"2d6+1d4/(2-2)", ErrDivisorZero, false},
	{strings.Repeat("1+", 100) + "1", ErrTooLong, false},
	{"12345678901d6", ErrNumberTooLarge, false},
	{"101x d6", ErrRepeatRange, false},
	{"1d2000000", ErrSidesRange, false},
	{"1001d6", ErrDiceRange, false},
	{"600d6+600d6", ErrTooManyDice, false},
	{"999d6 adv2", ErrTooManyDice, false},
	{"2d6 ie6 adv1", ErrUnsupportedSyntax, false},
	{"2d6 adv1 i1", ErrUnsupportedSyntax, false},
	{"5d10 ds10", ErrUnsupportedSyntax, false},
	{"6d%max50.45", ErrDecimal, false},
	{"5d10 t7ds10 ds9", ErrSecondModifier, false},
	{"100x 200d6", ErrTooManyRolled, false},
	{"2x 5001d1", ErrDiceRange, false},
	{"999999999*999999999*999999999", ErrTooLarge, false},
	{"500d1000000!*500d1000000!", ErrTooLarge, false},
	{"1000d1000", ErrOddsTotals, true},
	{"100d6*100d6", ErrOddsTotals, true},
	{"3d6!pkh2", ErrOddsKeep, true},
}

// TestErrorMessages renders every kind of dice error in English, Polish
// and Czech and compares the texts with testdata/errors.golden (go test
// -run TestErrorMessages -update rewrites it). Each error keeps its
// English Error text, errors.Is and errors.As, and a whole character.
func TestErrorMessages(t *testing.T) {
	var b strings.Builder
	kinds := map[ErrorKind]bool{}
	for _, tt := range badExpressions {
		e, err := Parse(tt.expr)
		if tt.odds {
			if err != nil {
				t.Fatalf("%q: %v", tt.expr, err)
			}
			_, err = e.Odds()
		}
		if err == nil {
			t.Fatalf("%q: no error", tt.expr)
		}
		m, ok := Message(err)
		if !ok {
			t.Fatalf("%q: %v has no message", tt.expr, err)
		}
		if err := m.Check(); err != nil {
			t.Errorf("%q: %v", tt.expr, err)
		}
		var se *SyntaxError
		var le *LimitError
		switch {
		case errors.As(err, &se):
			kinds[se.Kind] = true
			if se.Kind != tt.kind {
				t.Errorf("%q: kind %s, want %s", tt.expr, se.Kind, tt.kind)
			}
			if se.Found != "" && utf8.RuneCountInString(se.Found) != 1 {
				t.Errorf("%q: found %q is not one whole character", tt.expr, se.Found)
			}
			if want := fmt.Sprintf(" at %d", se.Pos); !strings.Contains(err.Error(), want) {
				t.Errorf("%q: %q does not say %q", tt.expr, err, want)
			}
		case errors.As(err, &le):
			kinds[le.Kind] = true
			if le.Kind != tt.kind {
				t.Errorf("%q: kind %s, want %s", tt.expr, le.Kind, tt.kind)
			}
			if want := ErrLimit; le.Kind == ErrOddsKeep {
				if !errors.Is(err, ErrUnsupported) {
					t.Errorf("%q: %v does not wrap ErrUnsupported", tt.expr, err)
				}
			} else if !errors.Is(err, want) || !strings.HasPrefix(err.Error(), "limit exceeded: ") {
				t.Errorf("%q: %v does not wrap ErrLimit", tt.expr, err)
			}
		default:
			t.Fatalf("%q: %T %v", tt.expr, err, err)
		}
		fmt.Fprintf(&b, "%s\n", tt.expr)
		for _, lang := range l10n.Languages {
			fmt.Fprintf(&b, "\t%s: %s\n", lang, m.In(lang))
		}
		if english := m.In(l10n.English); english == err.Error() {
			t.Errorf("%q: the message is the log's text %q", tt.expr, english)
		}
	}
	for _, k := range []ErrorKind{ErrExpectedTerm, ErrExpectedOperator, ErrUnclosedParen, ErrExpectedSides, ErrSecondModifier,
		ErrEndlessReroll, ErrEndlessExplode, ErrFailureFirst, ErrExpectedFailure, ErrExpectedNumber, ErrExpectedKeep,
		ErrExpectedDrop, ErrKeepTooMany, ErrDropTooMany, ErrDivisorZero, ErrTooLong, ErrNumberTooLarge, ErrRepeatRange,
		ErrSidesRange, ErrDiceRange, ErrTooManyDice, ErrTooManyRolled, ErrTooLarge, ErrOddsTotals, ErrOddsKeep} {
		if !kinds[k] {
			t.Errorf("no test of %s", k)
		}
	}
	golden := filepath.Join("testdata", "errors.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("the messages differ from %s (go test -run TestErrorMessages -update rewrites it):\n%s", golden, got)
	}
}

// englishWords are words of the English messages that neither Polish nor
// Czech uses.
var englishWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields("expected character the not die dice roll rolls number after keep drop cannot limit exceeded at of is an with sides more than such as operator expression") {
		englishWords[w] = true
	}
}

// englishWord returns the first English word of text, "" if none.
func englishWord(text string) string {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if englishWords[strings.ToLower(w)] {
			return w
		}
	}
	return ""
}

// TestErrorMessagesAreTranslated checks that no Polish or Czech error
// message carries an English word.
func TestErrorMessagesAreTranslated(t *testing.T) {
	for _, tt := range badExpressions {
		e, err := Parse(tt.expr)
		if tt.odds && err == nil {
			_, err = e.Odds()
		}
		m, ok := Message(err)
		if !ok {
			t.Fatalf("%q: %v has no message", tt.expr, err)
		}
		for _, lang := range []l10n.Lang{l10n.Polish, l10n.Czech} {
			text := strings.ReplaceAll(m.In(lang), tt.expr, "") // the expression itself is the player's
			if w := englishWord(text); w != "" {
				t.Errorf("%q in %s: %q has the English word %q", tt.expr, lang, m.In(lang), w)
			}
		}
	}
}
