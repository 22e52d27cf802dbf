package dice

import (
	"errors"
	"unicode/utf8"

	"kostka/l10n"
)

// ErrorKind names what is wrong with an expression, one kind per message
// players read. Its values are stable: they are the suffixes of the
// messages' ids ("dice.error." + kind).
type ErrorKind string

// The kinds of syntax error (*SyntaxError).
const (
	ErrExpectedTerm      ErrorKind = "expected-term"     // a number or a die should come here
	ErrExpectedOperator  ErrorKind = "expected-operator" // an operator should come here
	ErrUnclosedParen     ErrorKind = "unclosed-paren"    // Other: where the '(' is
	ErrExpectedSides     ErrorKind = "expected-sides"    // Token: the die letter
	ErrSecondModifier    ErrorKind = "second-modifier"   // Token: reroll, explode, keep, success or failure; Other: where the first is
	ErrEndlessReroll     ErrorKind = "endless-reroll"
	ErrEndlessExplode    ErrorKind = "endless-explode"
	ErrFailureFirst      ErrorKind = "failure-first"      // 'f' with no success condition before it
	ErrExpectedFailure   ErrorKind = "expected-failure"   // 'f' with no condition after it
	ErrExpectedNumber    ErrorKind = "expected-number"    // Token: the comparison with no number after it
	ErrExpectedKeep      ErrorKind = "expected-keep"      // Token: the modifier, such as "kh"
	ErrExpectedDrop      ErrorKind = "expected-drop"      // Token: the modifier, such as "dl"
	ErrKeepTooMany       ErrorKind = "keep-too-many"      // N of Max dice
	ErrDropTooMany       ErrorKind = "drop-too-many"      // N of Max dice
	ErrDivisorZero       ErrorKind = "divisor-zero"       // N: 1 when the divisor is always 0
	ErrUnsupportedSyntax ErrorKind = "unsupported-syntax" // another roller's notation Kostka does not read
	ErrClampRange        ErrorKind = "clamp-range"        // a minimum above the maximum
	ErrNegativeExponent  ErrorKind = "negative-exponent"  // an exponent that could be negative
	ErrDecimal           ErrorKind = "decimal"            // a decimal number
)

// The kinds of limit (*LimitError, wrapping ErrLimit or ErrUnsupported).
const (
	ErrTooLong        ErrorKind = "too-long"         // Max characters
	ErrNumberTooLarge ErrorKind = "number-too-large" // larger than Max
	ErrRepeatRange    ErrorKind = "repeat-range"     // N repeats, 1 to Max allowed
	ErrSidesRange     ErrorKind = "sides-range"      // N sides, 1 to Max allowed
	ErrDiceRange      ErrorKind = "dice-range"       // N dice, 1 to Max allowed
	ErrTooManyDice    ErrorKind = "too-many-dice"    // more than Max dice written
	ErrTooManyRolled  ErrorKind = "too-many-rolled"  // Repeat rolls of N dice, more than Max
	ErrTooLarge       ErrorKind = "too-large"        // a part that can pass Max (MaxValue)
	ErrOddsWork       ErrorKind = "odds-work"        // the odds take too much work
	ErrOddsMemory     ErrorKind = "odds-memory"      // the odds take too much memory
	ErrOddsTotals     ErrorKind = "odds-totals"      // more than Max possible totals
	ErrOddsKeep       ErrorKind = "odds-keep"        // keep or drop with penetrating dice, or of pooled groups (ErrUnsupported); Expr: the part
	ErrSetItems       ErrorKind = "set-items"        // a set or group of more than Max values
	ErrTooManyParts   ErrorKind = "too-many-parts"   // more than Max rolls joined by ';'
	ErrOddsParts      ErrorKind = "odds-parts"       // odds of rolls joined by ';' (ErrUnsupported)
)

// SyntaxError reports where an expression stops making sense. Besides
// its English text (Error) it carries what a localized message needs:
// see Message.
type SyntaxError struct {
	Pos  int       // 1-based position of the offending character (characters, not bytes)
	Kind ErrorKind // what is wrong
	// Found is the whole character at Pos ("" at the end of the
	// expression).
	Found string
	Token string // the modifier, operator or letter the error is about, as the kind says
	N     int    // a number the kind names
	Max   int    // a limit the kind names
	Other int    // another position the kind names (the '(' to close, the first modifier)
	Msg   string // what was expected, in plain English words
	Hint  string // how the input may have gone wrong, if the parser can tell (English)
}

func (e *SyntaxError) Error() string {
	s := e.Msg + " at " + itoa(e.Pos)
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	return s
}

// plusHint is the hint for a space where an operator was expected.
const plusHint = "a + typed into a URL's query string arrives as a space: write it as %2B"

// LimitError is an expression too large to roll or to compute the odds
// of (it wraps ErrLimit), or whose odds this package cannot compute
// (ErrUnsupported).
type LimitError struct {
	Kind   ErrorKind
	Pos    int    // 1-based character the limit is about; 0 for the whole expression
	N      int    // the value that is too large, when the kind names one
	Max    int    // the limit
	Repeat int    // repetitions, for ErrTooManyRolled
	Expr   string // the expression, for the odds' limits
	Msg    string // in English
	cause  error
}

func (e *LimitError) Error() string { return e.cause.Error() + ": " + e.Msg }

// Unwrap returns ErrLimit or ErrUnsupported.
func (e *LimitError) Unwrap() error { return e.cause }

func limitErr(kind ErrorKind, msg string) *LimitError {
	return &LimitError{Kind: kind, Msg: msg, cause: ErrLimit}
}

// oddsLimit is a limit of the odds of expr.
func oddsLimit(kind ErrorKind, expr string, limit int, msg string) *LimitError {
	e := limitErr(kind, msg)
	e.Expr, e.Max = expr, limit
	return e
}

func itoa(n int) string {
	var b [24]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// charAt is the whole character at byte offset i of s, "" at its end.
func charAt(s string, i int) string {
	if i >= len(s) {
		return ""
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[i : i+n]
}

// Message returns the player's message for a dice error (a *SyntaxError
// or a *LimitError anywhere in err's chain), to render in their
// language; false for any other error.
func Message(err error) (l10n.Message, bool) {
	var se *SyntaxError
	if errors.As(err, &se) {
		return se.Message(), true
	}
	var le *LimitError
	if errors.As(err, &le) {
		return le.Message(), true
	}
	return l10n.Message{}, false
}

// Message is the error's message for players.
func (e *SyntaxError) Message() l10n.Message {
	pos := l10n.Int("pos", e.Pos)
	found := l10n.Str("found", e.Found)
	switch e.Kind {
	case ErrExpectedTerm:
		if e.Found == "" {
			return msgExpectedTermEnd.New(pos)
		}
		return msgExpectedTerm.New(pos, found)
	case ErrExpectedOperator:
		if e.Hint != "" {
			return msgExpectedOperatorPlus.New(pos, found)
		}
		return msgExpectedOperator.New(pos, found)
	case ErrUnclosedParen:
		if e.Found == "" {
			return msgUnclosedParenEnd.New(l10n.Int("open", e.Other))
		}
		return msgUnclosedParen.New(pos, found, l10n.Int("open", e.Other))
	case ErrExpectedSides:
		return msgExpectedSides.New(pos, l10n.Str("letter", e.Token))
	case ErrSecondModifier:
		name, ok := modifierNames[e.Token]
		if !ok {
			name = modifierNames["keep"]
		}
		return msgSecondModifier.New(pos, l10n.Int("first", e.Other), l10n.Term("modifier", name.New()))
	case ErrEndlessReroll:
		return msgEndlessReroll.New(pos)
	case ErrEndlessExplode:
		return msgEndlessExplode.New(pos)
	case ErrFailureFirst:
		return msgFailureFirst.New(pos)
	case ErrExpectedFailure:
		return msgExpectedFailure.New(pos)
	case ErrExpectedNumber:
		return msgExpectedNumber.New(pos, l10n.Str("op", e.Token))
	case ErrExpectedKeep:
		return msgExpectedKeep.New(pos, l10n.Str("token", e.Token))
	case ErrExpectedDrop:
		return msgExpectedDrop.New(pos, l10n.Str("token", e.Token))
	case ErrKeepTooMany:
		return msgKeepTooMany.New(pos, l10n.Int("n", e.N), l10n.Int("of", e.Max))
	case ErrDropTooMany:
		return msgDropTooMany.New(pos, l10n.Int("n", e.N), l10n.Int("of", e.Max))
	case ErrDivisorZero:
		if e.N == 1 {
			return msgDivisorIsZero.New(pos)
		}
		return msgDivisorZero.New(pos)
	case ErrUnsupportedSyntax:
		return msgUnsupportedSyntax.New(pos)
	case ErrClampRange:
		return msgClampRange.New(pos)
	case ErrNegativeExponent:
		return msgNegativeExponent.New(pos)
	case ErrDecimal:
		return msgDecimal.New(pos)
	}
	return msgInvalid.New(pos)
}

// Message is the error's message for players.
func (e *LimitError) Message() l10n.Message {
	pos, n, limit := l10n.Int("pos", e.Pos), l10n.Int("n", e.N), l10n.Int("max", e.Max)
	switch e.Kind {
	case ErrTooLong:
		return msgTooLong.New(limit)
	case ErrNumberTooLarge:
		return msgNumberTooLarge.New(pos, limit)
	case ErrRepeatRange:
		return msgRepeatRange.New(n, limit)
	case ErrSidesRange:
		return msgSidesRange.New(pos, n, limit)
	case ErrDiceRange:
		return msgDiceRange.New(pos, n, limit)
	case ErrTooManyDice:
		return msgTooManyDice.New(limit)
	case ErrTooManyRolled:
		return msgTooManyRolled.New(l10n.Int("repeat", e.Repeat), n, limit)
	case ErrTooLarge:
		return msgTooLarge.New(pos, limit)
	case ErrOddsWork:
		return msgOddsWork.New(l10n.Str("expr", e.Expr))
	case ErrOddsMemory:
		return msgOddsMemory.New(l10n.Str("expr", e.Expr))
	case ErrOddsTotals:
		return msgOddsTotals.New(l10n.Str("expr", e.Expr), limit)
	case ErrOddsKeep:
		if e.Expr != "" {
			return msgOddsPart.New(l10n.Str("expr", e.Expr))
		}
		return msgOddsKeep.New()
	case ErrSetItems:
		return msgSetItems.New(pos, limit)
	case ErrTooManyParts:
		return msgTooManyParts.New(limit)
	case ErrOddsParts:
		return msgOddsParts.New()
	}
	return msgLimit.New()
}

// The messages of dice errors, in every language. Quotes are the
// language's own: '…' in English, „…” in Polish, „…“ in Czech.
var (
	msgInvalid = l10n.Define("dice.error.invalid", l10n.Texts{
		En: "This dice expression is not valid (character {pos}).",
		Pl: "To wyrażenie z kośćmi jest niepoprawne (pozycja {pos}).",
		Cs: "Tento výraz s kostkami není platný (pozice {pos}).",
	})
	msgExpectedTerm = l10n.Define("dice.error.expected-term", l10n.Texts{
		En: "Expected a number or a die at character {pos}, not '{found}'.",
		Pl: "Na pozycji {pos} powinna być liczba lub kość, a jest „{found}”.",
		Cs: "Na pozici {pos} má být číslo nebo kostka, ne „{found}“.",
	})
	msgExpectedTermEnd = l10n.Define("dice.error.expected-term.end", l10n.Texts{
		En: "The expression ends where a number or a die should follow (character {pos}).",
		Pl: "Wyrażenie urywa się tam, gdzie powinna być liczba lub kość (pozycja {pos}).",
		Cs: "Výraz končí tam, kde má následovat číslo nebo kostka (pozice {pos}).",
	})
	msgExpectedOperator = l10n.Define("dice.error.expected-operator", l10n.Texts{
		En: "Expected an operator (+ - * /) at character {pos}, not '{found}'.",
		Pl: "Na pozycji {pos} powinien być znak działania (+ - * /), a jest „{found}”.",
		Cs: "Na pozici {pos} má být znaménko operace (+ - * /), ne „{found}“.",
	})
	msgExpectedOperatorPlus = l10n.Define("dice.error.expected-operator.plus", l10n.Texts{
		En: "Expected an operator (+ - * /) at character {pos}, not '{found}'. A + typed into a web address arrives as a space: write it as %2B.",
		Pl: "Na pozycji {pos} powinien być znak działania (+ - * /), a jest „{found}”. Znak + wpisany w adres strony dociera jako spacja: zapisz go jako %2B.",
		Cs: "Na pozici {pos} má být znaménko operace (+ - * /), ne „{found}“. Znak + napsaný do webové adresy dorazí jako mezera: napište ho jako %2B.",
	})
	msgUnclosedParen = l10n.Define("dice.error.unclosed-paren", l10n.Texts{
		En: "Expected ')' at character {pos} to close the '(' at character {open}, not '{found}'.",
		Pl: "Na pozycji {pos} powinien być nawias „)” zamykający „(” z pozycji {open}, a jest „{found}”.",
		Cs: "Na pozici {pos} má být závorka „)“ uzavírající „(“ z pozice {open}, ne „{found}“.",
	})
	msgUnclosedParenEnd = l10n.Define("dice.error.unclosed-paren.end", l10n.Texts{
		En: "The '(' at character {open} is never closed: add ')'.",
		Pl: "Nawias „(” z pozycji {open} nie został zamknięty: dopisz „)”.",
		Cs: "Závorka „(“ na pozici {open} není uzavřená: doplňte „)“.",
	})
	msgExpectedSides = l10n.Define("dice.error.expected-sides", l10n.Texts{
		En: "Expected the number of sides after '{letter}' (character {pos}), such as {letter}6.",
		Pl: "Po „{letter}” powinna być liczba ścian (pozycja {pos}), na przykład {letter}6.",
		Cs: "Po „{letter}“ má být počet stěn (pozice {pos}), například {letter}6.",
	})
	msgSecondModifier = l10n.Define("dice.error.second-modifier", l10n.Texts{
		En: "A second {modifier} modifier at character {pos}; the first is at character {first}.",
		Pl: "Drugi modyfikator {modifier} na pozycji {pos}; pierwszy jest na pozycji {first}.",
		Cs: "Druhý modifikátor {modifier} na pozici {pos}; první je na pozici {first}.",
	})
	// The modifiers' names, as the second-modifier message uses them
	// (Polish and Czech in the genitive).
	modifierNames = map[string]*l10n.Def{
		"reroll":   l10n.Define("dice.modifier.reroll", l10n.Texts{En: "reroll", Pl: "przerzutu", Cs: "přehozu"}),
		"explode":  l10n.Define("dice.modifier.explode", l10n.Texts{En: "explode", Pl: "eksplozji", Cs: "exploze"}),
		"keep":     l10n.Define("dice.modifier.keep", l10n.Texts{En: "keep or drop", Pl: "zatrzymania lub odrzucenia", Cs: "ponechání nebo zahození"}),
		"success":  l10n.Define("dice.modifier.success", l10n.Texts{En: "success", Pl: "sukcesu", Cs: "úspěchu"}),
		"failure":  l10n.Define("dice.modifier.failure", l10n.Texts{En: "failure", Pl: "porażki", Cs: "neúspěchu"}),
		"min":      l10n.Define("dice.modifier.min", l10n.Texts{En: "minimum", Pl: "minimum", Cs: "minima"}),
		"max":      l10n.Define("dice.modifier.max", l10n.Texts{En: "maximum", Pl: "maksimum", Cs: "maxima"}),
		"critical": l10n.Define("dice.modifier.critical", l10n.Texts{En: "critical success", Pl: "krytycznego sukcesu", Cs: "kritického úspěchu"}),
		"fumble":   l10n.Define("dice.modifier.fumble", l10n.Texts{En: "critical failure", Pl: "krytycznej porażki", Cs: "kritického neúspěchu"}),
		"sort":     l10n.Define("dice.modifier.sort", l10n.Texts{En: "sort", Pl: "sortowania", Cs: "řazení"}),
		"implode":  l10n.Define("dice.modifier.implode", l10n.Texts{En: "implode", Pl: "implozji", Cs: "imploze"}),
		"unique":   l10n.Define("dice.modifier.unique", l10n.Texts{En: "unique", Pl: "niepowtarzalności", Cs: "jedinečnosti"}),
		"double":   l10n.Define("dice.modifier.double", l10n.Texts{En: "double success", Pl: "podwójnego sukcesu", Cs: "dvojitého úspěchu"}),
	}
	msgEndlessReroll = l10n.Define("dice.error.endless-reroll", l10n.Texts{
		En: "The reroll at character {pos} would never end: every face matches.",
		Pl: "Przerzut na pozycji {pos} nigdy by się nie skończył: pasuje każda ściana.",
		Cs: "Přehoz na pozici {pos} by nikdy neskončil: vyhovuje každá stěna.",
	})
	msgEndlessExplode = l10n.Define("dice.error.endless-explode", l10n.Texts{
		En: "The dice at character {pos} would explode forever: every face matches.",
		Pl: "Kości na pozycji {pos} eksplodowałyby bez końca: pasuje każda ściana.",
		Cs: "Kostky na pozici {pos} by explodovaly donekonečna: vyhovuje každá stěna.",
	})
	msgFailureFirst = l10n.Define("dice.error.failure-first", l10n.Texts{
		En: "'f' (count failures, character {pos}) comes after a success condition, such as >=7f1.",
		Pl: "„f” (liczenie porażek, pozycja {pos}) stawia się po warunku sukcesu, na przykład >=7f1.",
		Cs: "„f“ (počítání neúspěchů, pozice {pos}) patří za podmínku úspěchu, například >=7f1.",
	})
	msgExpectedFailure = l10n.Define("dice.error.expected-failure", l10n.Texts{
		En: "Expected a failure condition after 'f' (character {pos}), such as f1 or f<3.",
		Pl: "Po „f” powinien być warunek porażki (pozycja {pos}), na przykład f1 lub f<3.",
		Cs: "Po „f“ má být podmínka neúspěchu (pozice {pos}), například f1 nebo f<3.",
	})
	msgExpectedNumber = l10n.Define("dice.error.expected-number", l10n.Texts{
		En: "Expected a number after '{op}' (character {pos}).",
		Pl: "Po „{op}” powinna być liczba (pozycja {pos}).",
		Cs: "Po „{op}“ má být číslo (pozice {pos}).",
	})
	msgExpectedKeep = l10n.Define("dice.error.expected-keep", l10n.Texts{
		En: "Expected how many dice to keep after '{token}' (character {pos}), such as {token}3.",
		Pl: "Po „{token}” podaj, ile kości zatrzymać (pozycja {pos}), na przykład {token}3.",
		Cs: "Po „{token}“ uveďte, kolik kostek ponechat (pozice {pos}), například {token}3.",
	})
	msgExpectedDrop = l10n.Define("dice.error.expected-drop", l10n.Texts{
		En: "Expected how many dice to drop after '{token}' (character {pos}), such as {token}1.",
		Pl: "Po „{token}” podaj, ile kości odrzucić (pozycja {pos}), na przykład {token}1.",
		Cs: "Po „{token}“ uveďte, kolik kostek zahodit (pozice {pos}), například {token}1.",
	})
	msgKeepTooMany = l10n.Define("dice.error.keep-too-many", l10n.Texts{
		En: "Cannot keep {n} of {of, plural, one {# die} other {# dice}} (character {pos}).",
		Pl: "Nie da się zatrzymać {n} z {of} kości (pozycja {pos}).",
		Cs: "Nelze ponechat {n} z {of, plural, one {# kostky} few {# kostek} other {# kostek}} (pozice {pos}).",
	})
	msgDropTooMany = l10n.Define("dice.error.drop-too-many", l10n.Texts{
		En: "Cannot drop {n} of {of, plural, one {# die} other {# dice}} (character {pos}).",
		Pl: "Nie da się odrzucić {n} z {of} kości (pozycja {pos}).",
		Cs: "Nelze zahodit {n} z {of, plural, one {# kostky} few {# kostek} other {# kostek}} (pozice {pos}).",
	})
	msgDivisorZero = l10n.Define("dice.error.divisor-zero", l10n.Texts{
		En: "The divisor at character {pos} could be 0.",
		Pl: "Dzielnik na pozycji {pos} może wynosić 0.",
		Cs: "Dělitel na pozici {pos} může být 0.",
	})
	msgDivisorIsZero = l10n.Define("dice.error.divisor-is-zero", l10n.Texts{
		En: "The divisor at character {pos} is 0: nothing can be divided by 0.",
		Pl: "Dzielnik na pozycji {pos} wynosi 0: przez 0 nie można dzielić.",
		Cs: "Dělitel na pozici {pos} je 0: nulou nelze dělit.",
	})

	msgLimit = l10n.Define("dice.error.limit", l10n.Texts{
		En: "This dice expression is too large.",
		Pl: "To wyrażenie z kośćmi jest za duże.",
		Cs: "Tento výraz s kostkami je příliš velký.",
	})
	msgTooLong = l10n.Define("dice.error.too-long", l10n.Texts{
		En: "The expression is longer than {max} characters.",
		Pl: "Wyrażenie jest dłuższe niż {max} znaków.",
		Cs: "Výraz je delší než {max} znaků.",
	})
	msgNumberTooLarge = l10n.Define("dice.error.number-too-large", l10n.Texts{
		En: "The number at character {pos} is larger than {max}.",
		Pl: "Liczba na pozycji {pos} jest większa niż {max}.",
		Cs: "Číslo na pozici {pos} je větší než {max}.",
	})
	msgRepeatRange = l10n.Define("dice.error.repeat-range", l10n.Texts{
		En: "Repeat from 1 to {max} times, not {n}.",
		Pl: "Powtórzyć można od 1 do {max} razy, nie {n}.",
		Cs: "Opakovat lze 1 až {max}krát, ne {n}krát.",
	})
	msgSidesRange = l10n.Define("dice.error.sides-range", l10n.Texts{
		En: "A die has 1 to {max} sides, not {n} (character {pos}).",
		Pl: "Kość ma od 1 do {max} ścian, nie {n} (pozycja {pos}).",
		Cs: "Kostka má 1 až {max} stěn, ne {n} (pozice {pos}).",
	})
	msgDiceRange = l10n.Define("dice.error.dice-range", l10n.Texts{
		En: "Roll 1 to {max} dice at once, not {n} (character {pos}).",
		Pl: "Rzucić można od 1 do {max} kości naraz, nie {n} (pozycja {pos}).",
		Cs: "Hodit lze 1 až {max} kostkami najednou, ne {n} (pozice {pos}).",
	})
	msgTooManyDice = l10n.Define("dice.error.too-many-dice", l10n.Texts{
		En: "More than {max} dice in one expression.",
		Pl: "Więcej niż {max} kości w jednym wyrażeniu.",
		Cs: "Více než {max} kostek v jednom výrazu.",
	})
	msgTooManyRolled = l10n.Define("dice.error.too-many-rolled", l10n.Texts{
		En: "{repeat, plural, one {# roll} other {# rolls}} of {n, plural, one {# die} other {# dice}} are more than {max} dice.",
		Pl: "{repeat, plural, one {# rzut} few {# rzuty} many {# rzutów}} po {n} kości to więcej niż {max} kości.",
		Cs: "{repeat, plural, one {# hod} few {# hody} other {# hodů}} po {n, plural, one {# kostce} few {# kostkách} other {# kostkách}} je více než {max} kostek.",
	})
	msgTooLarge = l10n.Define("dice.error.too-large", l10n.Texts{
		En: "The part of the expression at character {pos} can be larger than {max}.",
		Pl: "Część wyrażenia na pozycji {pos} może przekroczyć {max}.",
		Cs: "Část výrazu na pozici {pos} může přesáhnout {max}.",
	})
	msgOddsWork = l10n.Define("dice.error.odds-work", l10n.Texts{
		En: "The exact odds of {expr} take too much work.",
		Pl: "Dokładne szanse {expr} wymagają zbyt wielu obliczeń.",
		Cs: "Přesné šance {expr} vyžadují příliš mnoho výpočtů.",
	})
	msgOddsMemory = l10n.Define("dice.error.odds-memory", l10n.Texts{
		En: "The exact odds of {expr} take too much memory.",
		Pl: "Dokładne szanse {expr} wymagają zbyt dużo pamięci.",
		Cs: "Přesné šance {expr} vyžadují příliš mnoho paměti.",
	})
	msgOddsTotals = l10n.Define("dice.error.odds-totals", l10n.Texts{
		En: "{expr} has more possible totals than the {max} the odds can list.",
		Pl: "{expr} ma więcej możliwych sum, niż szanse mogą wymienić ({max}).",
		Cs: "{expr} má více možných součtů, než šance dokážou vypsat ({max}).",
	})
	msgOddsPart = l10n.Define("dice.error.odds-part", l10n.Texts{
		En: "Exact odds are not available for {expr}; the roll itself works.",
		Pl: "Dokładnych szans nie da się policzyć dla {expr}; sam rzut działa.",
		Cs: "Přesné šance nelze spočítat pro {expr}; samotný hod funguje.",
	})
	msgTooManyParts = l10n.Define("dice.error.too-many-parts", l10n.Texts{
		En: "At most {max} rolls can be joined with ';'.",
		Pl: "Średnikiem można połączyć najwyżej {max} rzuty.",
		Cs: "Středníkem lze spojit nejvýše {max} hody.",
	})
	msgOddsParts = l10n.Define("dice.error.odds-parts", l10n.Texts{
		En: "The odds are given for one roll at a time: ask for each of the rolls joined with ';'.",
		Pl: "Szanse podaje się dla jednego rzutu naraz: zapytaj o każdy z rzutów połączonych średnikiem.",
		Cs: "Šance se udávají pro jeden hod: zeptejte se na každý z hodů spojených středníkem.",
	})
	msgSetItems = l10n.Define("dice.error.set-items", l10n.Texts{
		En: "The set at character {pos} has more than {max} values.",
		Pl: "Zbiór na pozycji {pos} ma więcej niż {max} wartości.",
		Cs: "Množina na pozici {pos} má víc než {max} hodnot.",
	})
	msgUnsupportedSyntax = l10n.Define("dice.error.unsupported-syntax", l10n.Texts{
		En: "Kostka does not read the notation at character {pos}; see the notation reference.",
		Pl: "Kostka nie rozumie zapisu na pozycji {pos}; zobacz opis notacji.",
		Cs: "Kostka nerozumí zápisu na pozici {pos}; viz popis notace.",
	})
	msgClampRange = l10n.Define("dice.error.clamp-range", l10n.Texts{
		En: "The minimum at character {pos} is above the maximum.",
		Pl: "Minimum na pozycji {pos} jest większe od maksimum.",
		Cs: "Minimum na pozici {pos} je větší než maximum.",
	})
	msgNegativeExponent = l10n.Define("dice.error.negative-exponent", l10n.Texts{
		En: "The exponent at character {pos} could be negative; totals are whole numbers.",
		Pl: "Wykładnik na pozycji {pos} może być ujemny; wyniki są liczbami całkowitymi.",
		Cs: "Exponent na pozici {pos} může být záporný; výsledky jsou celá čísla.",
	})
	msgDecimal = l10n.Define("dice.error.decimal", l10n.Texts{
		En: "Decimals are not supported (character {pos}): totals are whole numbers.",
		Pl: "Liczby dziesiętne nie są obsługiwane (pozycja {pos}): wyniki są liczbami całkowitymi.",
		Cs: "Desetinná čísla nejsou podporována (pozice {pos}): výsledky jsou celá čísla.",
	})
	msgOddsKeep = l10n.Define("dice.error.odds-keep", l10n.Texts{
		En: "Exact odds are not available for keeping or dropping dice that explode into separate dice or count successes; use !! (compounding) or leave out the keep or drop.",
		Pl: "Dokładnych szans nie da się policzyć, gdy zatrzymuje się lub odrzuca kości, które eksplodują w osobne kości albo liczą sukcesy; użyj !! (kumulacji) albo pomiń zatrzymanie lub odrzucenie.",
		Cs: "Přesné šance nelze spočítat při ponechání nebo zahození kostek, které explodují do samostatných kostek nebo počítají úspěchy; použijte !! (sčítání) nebo ponechání či zahození vynechte.",
	})
)
