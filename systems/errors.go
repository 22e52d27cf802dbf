package systems

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	"kostka/l10n"
)

// ErrInvalid is matched by every *FieldError.
var ErrInvalid = errors.New("invalid request")

// FieldError is a request value that cannot be resolved. Field names it as
// the request spells it (for example "opponent.dice" or "abilities[1]"),
// empty when the error is about the whole request; Detail says what is
// wrong, in every language.
type FieldError struct {
	Field  string
	Detail l10n.Message
}

// Invalid returns a *FieldError on field.
func Invalid(field string, detail l10n.Message) *FieldError {
	return &FieldError{Field: field, Detail: detail}
}

// Error returns the field and the detail in English.
func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Detail.In(l10n.English)
	}
	return e.Field + ": " + e.Detail.In(l10n.English)
}

// Is makes every *FieldError match ErrInvalid.
func (e *FieldError) Is(target error) bool { return target == ErrInvalid }

// The details of field errors every system shares.
var (
	msgRequired = l10n.Define("field.required", l10n.Texts{
		En: "is required",
		Pl: "to pole jest wymagane",
		Cs: "toto pole je povinné",
	})
	msgRange = l10n.Define("field.range", l10n.Texts{
		En: "must be from {min} to {max}, not {value}",
		Pl: "musi mieć wartość od {min} do {max}, a nie {value}",
		Cs: "musí mít hodnotu od {min} do {max}, ne {value}",
	})
	msgEnum = l10n.Define("field.enum", l10n.Texts{
		En: "must be one of {allowed}, not “{value}”",
		Pl: "musi mieć jedną z wartości {allowed}, a nie „{value}”",
		Cs: "musí mít jednu z hodnot {allowed}, ne „{value}“",
	})
	msgPattern = l10n.Define("field.pattern", l10n.Texts{
		En: "“{value}” is not a form this field takes",
		Pl: "„{value}” nie jest postacią, którą przyjmuje to pole",
		Cs: "„{value}“ není tvar, který toto pole přijímá",
	})
	msgUnknown = l10n.Define("field.unknown", l10n.Texts{
		En: "is not a field of this request",
		Pl: "nie jest polem tego żądania",
		Cs: "není pole tohoto požadavku",
	})
	msgMaxItems = l10n.Define("field.max_items", l10n.Texts{
		En: "may hold at most {max, plural, one {# item} other {# items}}",
		Pl: "może mieć najwyżej {max, plural, one {# element} few {# elementy} many {# elementów}}",
		Cs: "smí mít nejvýše {max, plural, one {# položku} few {# položky} other {# položek}}",
	})
	msgWhen = l10n.Define("field.when", l10n.Texts{
		En: "applies only when {field} is {values}",
		Pl: "dotyczy tylko sytuacji, gdy {field} ma wartość {values}",
		Cs: "platí jen tehdy, když {field} má hodnotu {values}",
	})
	msgExcludes = l10n.Define("field.excludes", l10n.Texts{
		En: "cannot be given together with {field}",
		Pl: "nie może wystąpić razem z {field}",
		Cs: "nelze zadat spolu s {field}",
	})
	msgNotJSON = l10n.Define("request.not_json", l10n.Texts{
		En: "the request is not valid JSON",
		Pl: "żądanie nie jest poprawnym JSON-em",
		Cs: "požadavek není platný JSON",
	})
	msgNotObject = l10n.Define("request.not_object", l10n.Texts{
		En: "the request must be a single JSON object",
		Pl: "żądanie musi być jednym obiektem JSON",
		Cs: "požadavek musí být jeden objekt JSON",
	})
	msgTypes = map[string]*l10n.Def{
		"integer": l10n.Define("field.type.integer", l10n.Texts{
			En: "must be a whole number", Pl: "musi być liczbą całkowitą", Cs: "musí být celé číslo"}),
		"number": l10n.Define("field.type.number", l10n.Texts{
			En: "must be a number", Pl: "musi być liczbą", Cs: "musí být číslo"}),
		"boolean": l10n.Define("field.type.boolean", l10n.Texts{
			En: "must be true or false", Pl: "musi mieć wartość true albo false", Cs: "musí mít hodnotu true nebo false"}),
		"string": l10n.Define("field.type.string", l10n.Texts{
			En: "must be a string", Pl: "musi być napisem", Cs: "musí být řetězec"}),
		"object": l10n.Define("field.type.object", l10n.Texts{
			En: "must be a JSON object", Pl: "musi być obiektem JSON", Cs: "musí být objekt JSON"}),
		"array": l10n.Define("field.type.array", l10n.Texts{
			En: "must be a JSON array", Pl: "musi być tablicą JSON", Cs: "musí být pole JSON"}),
	}
)

// Required is the error of a missing required field.
func Required(field string) *FieldError { return Invalid(field, msgRequired.New()) }

// Unknown returns the *FieldError of a field the request does not have.
func Unknown(field string) *FieldError { return Invalid(field, msgUnknown.New()) }

// NotObject returns the *FieldError of a value that must be a JSON object.
func NotObject(field string) *FieldError { return Invalid(field, msgNotObject.New()) }

// Check returns a *FieldError unless lo <= v <= hi.
func Check(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return Invalid(field, msgRange.New(l10n.Int("min", lo), l10n.Int("max", hi), l10n.Int("value", v)))
	}
	return nil
}

// OneOf returns a *FieldError unless v is one of allowed.
func OneOf[S ~string](field string, v S, allowed ...S) error {
	if slices.Contains(allowed, v) {
		return nil
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	return Invalid(field, msgEnum.New(l10n.Str("allowed", strings.Join(names, ", ")), l10n.Str("value", string(v))))
}

// First returns the first non-nil error, so that an answer names one field.
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// rangeError is Check's error for numbers the schema bounds.
func rangeError(field string, v, lo, hi float64) *FieldError {
	f := func(x float64) string {
		if x == 0 {
			return "0" // not -0
		}
		if math.Abs(x) >= 1e15 {
			return strconv.FormatFloat(x, 'g', 6, 64)
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return Invalid(field, msgRange.New(l10n.Str("min", f(lo)), l10n.Str("max", f(hi)), l10n.Str("value", f(v))))
}
