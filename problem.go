package kostka

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// Problem is a request Kostka refuses, in words for the one who sent it:
// an RFC 9457 problem as the API writes it (application/problem+json), and
// the error every Service method returns for a request its caller can fix.
// Status is the HTTP status that says what kind of problem it is (400 a
// malformed request, 404 nothing by that name, 422 a value out of bounds,
// 503 no capacity now).
type Problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail,omitempty"`
	// Field names the request field or query parameter that is wrong.
	Field string `json:"field,omitempty"`
	// Label is the field's label in the answer's language, when its
	// schema gives one.
	Label string `json:"label,omitempty"`
	// Position is the 1-based character position of a syntax error.
	Position int `json:"position,omitempty"`

	// RetryAfter, in seconds, is sent as the Retry-After header when not
	// 0.
	RetryAfter int `json:"-"`
	// detail and label are Detail and Label in every language, when they
	// are messages.
	detail, label l10n.Message
	// err is the error the problem explains, when there is one (a dice
	// expression's *dice.SyntaxError).
	err error
}

// Unwrap returns the error the problem explains, if any.
func (p *Problem) Unwrap() error { return p.err }

// Problem types. Each is a URN naming one kind of error.
const (
	TypeBlank          = "about:blank"
	TypeInvalidRequest = "urn:kostka:problem:invalid-request"
	TypeInvalidExpr    = "urn:kostka:problem:invalid-expression"
	TypeLimit          = "urn:kostka:problem:limit-exceeded"
	TypeTooLarge       = "urn:kostka:problem:body-too-large"
	TypeTimeout        = "urn:kostka:problem:request-timeout"
	TypeUnavailable    = "urn:kostka:problem:unavailable"
	TypeInternal       = "urn:kostka:problem:internal"
)

// Error returns the problem as an error message.
func (p *Problem) Error() string {
	if p.Detail != "" {
		return p.Title + ": " + p.Detail
	}
	return p.Title
}

// Write writes p as the response: application/problem+json, its status,
// and Retry-After when it is set. It is the one way Kostka writes an
// error over HTTP (the API's and the Discord interactions'); render p in
// the reader's language first (In).
func (p *Problem) Write(w http.ResponseWriter) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		panic(fmt.Sprintf("kostka: encoding a problem: %v", err)) // strings and ints only
	}
	if p.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(p.RetryAfter))
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(p.Status)
	_, _ = w.Write(b.Bytes())
}

// BadRequest is a 400 about one field or query parameter.
func BadRequest(field string) *Problem {
	return &Problem{Type: TypeInvalidRequest, Title: "Invalid request", Status: http.StatusBadRequest, Field: field}
}

// Unprocessable is a 422: the request is well formed but a value is not
// acceptable.
func Unprocessable(field string) *Problem {
	return &Problem{Type: TypeInvalidRequest, Title: "Unprocessable request", Status: http.StatusUnprocessableEntity, Field: field}
}

// StatusProblem is a problem that says no more than its HTTP status.
func StatusProblem(status int) *Problem {
	return &Problem{Type: TypeBlank, Title: http.StatusText(status), Status: status}
}

// Localized sets p's detail from m: the English text now, the language
// asked for when the problem is rendered (In).
func (p *Problem) Localized(m l10n.Message) *Problem {
	p.detail = m
	p.Detail = m.In(l10n.English)
	return p
}

// In returns a copy of p with its title, detail and label in lang. A
// problem read from an answer (a client's) is already in the language it
// asked for and stays as it is.
func (p *Problem) In(lang l10n.Lang) *Problem {
	q := new(*p)
	if !q.detail.IsZero() {
		q.Detail = q.detail.In(lang)
	}
	if !q.label.IsZero() {
		q.Label = q.label.In(lang)
	}
	if d, ok := problemTitles[q.Title]; ok {
		q.Title = d.New().In(lang)
	}
	return q
}

// LangProblem is the 400 of a lang parameter that is no language Kostka
// answers in.
func LangProblem(lang string) *Problem {
	return BadRequest("lang").Localized(msgLang.New(l10n.Str("lang", lang)))
}

// fieldProblem is the 422 of a refused request field: the field as the
// request spells it, its label from the action's schema (in lang) and the
// detail.
func fieldProblem(fe *systems.FieldError, action *systems.Action, lang l10n.Lang) *Problem {
	p := Unprocessable(fe.Field).Localized(fe.Detail)
	if action != nil {
		p.Label = action.Label(fe.Field, lang)
	}
	return p
}

// exprLabel is the label of the field a dice expression comes in.
var exprLabel = l10n.Define("api.field.expr", l10n.Texts{En: "Dice expression", Pl: "Wyrażenie z kośćmi", Cs: "Výraz s kostkami"})

// DiceProblem is the problem of a dice expression Kostka refuses (a syntax
// error, or a limit or feature it does not take), about field; another
// error is returned as it is.
func DiceProblem(field string, err error) error {
	var (
		p      *Problem
		syntax *dice.SyntaxError
	)
	switch {
	case errors.As(err, &syntax):
		p = &Problem{Type: TypeInvalidExpr, Title: "Invalid dice expression", Status: http.StatusBadRequest, Field: field, Position: syntax.Pos}
	case errors.Is(err, dice.ErrUnsupported):
		p = &Problem{Type: TypeLimit, Title: "Not supported", Status: http.StatusUnprocessableEntity, Field: field}
	case errors.Is(err, dice.ErrLimit):
		p = &Problem{Type: TypeLimit, Title: "Limit exceeded", Status: http.StatusUnprocessableEntity, Field: field}
	default:
		return err
	}
	p.err = err
	// A limit that is not the expression's own (a wrapped ErrLimit
	// without a dice message) keeps its text.
	m, ok := dice.Message(err)
	if !ok {
		p.Detail = err.Error()
		return p
	}
	p.Localized(m)
	if field == "expr" {
		p.label = exprLabel.New()
		p.Label = p.label.In(l10n.English)
	}
	return p
}

// JSONProblem explains why a JSON request body does not decode; a body
// over its size limit (*http.MaxBytesError) is returned as it is.
func JSONProblem(err error) error { return jsonProblem(err, nil) }

// jsonProblem is JSONProblem naming a field of the wrong type by its
// labels (label's, when it knows the field), so that a Polish or Czech
// refusal holds no English id; the problem's field stays the id.
func jsonProblem(err error, label func(field string) (l10n.Texts, bool)) error {
	var (
		syntax    *json.SyntaxError
		typeError *json.UnmarshalTypeError
		tooBig    *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooBig):
		return err
	case errors.Is(err, io.EOF):
		return BadRequest("").Localized(msgBodyEmpty.New())
	case errors.Is(err, io.ErrUnexpectedEOF):
		return BadRequest("").Localized(msgBodyCut.New())
	case errors.As(err, &syntax):
		return BadRequest("").Localized(msgBodySyntax.New(l10n.Int("byte", int(syntax.Offset))))
	case errors.As(err, &typeError):
		field := l10n.Str("field", typeError.Field)
		if t, ok := labelOf(label, typeError.Field); ok {
			field = l10n.Label("field", t)
		}
		return Unprocessable(typeError.Field).Localized(msgType.New(field,
			l10n.Term("kind", jsonKind(typeError.Type.Kind().String()).New()), l10n.Term("value", valueKind(typeError.Value).New())))
	}
	if name := unknownField(err); name != "" {
		return Unprocessable(name).Localized(systems.Unknown(name).Detail)
	}
	// Other decoder errors (none is known) are said in general words.
	return Unprocessable("").Localized(msgBodyInvalid.New())
}

// labelOf calls label, if any.
func labelOf(label func(string) (l10n.Texts, bool), field string) (l10n.Texts, bool) {
	if label == nil {
		return l10n.Texts{}, false
	}
	return label(field)
}

// systemLabel returns the labels (x-labels) of a field of a system's
// requests: those of the first of its actions whose schema has the field.
func systemLabel(sys *systems.System) func(string) (l10n.Texts, bool) {
	return func(field string) (l10n.Texts, bool) {
		for _, name := range sys.ActionNames() {
			a := sys.Actions[name]
			if en := a.Label(field, l10n.English); en != "" {
				return l10n.Texts{En: en, Pl: a.Label(field, l10n.Polish), Cs: a.Label(field, l10n.Czech)}, true
			}
		}
		return l10n.Texts{}, false
	}
}

// BodyProblem refuses a request body that is empty or a JSON value other
// than an object; it returns nil for anything else.
func BodyProblem(body []byte) error {
	start := bytes.TrimLeft(body, " \t\r\n")
	switch {
	case len(start) == 0:
		return BadRequest("").Localized(msgBodyEmpty.New())
	case start[0] != '{' && json.Valid(start):
		return Unprocessable("").Localized(msgBodyKind.New(l10n.Term("kind", jsonValueKind(start[0]).New())))
	}
	return nil
}

// unknownField extracts the field name from encoding/json's unknown field
// error, or returns "".
func unknownField(err error) string {
	var name string
	if _, scanErr := fmt.Sscanf(err.Error(), "json: unknown field %q", &name); scanErr == nil {
		return name
	}
	return ""
}

// jsonValueKind names the JSON value that starts with c.
func jsonValueKind(c byte) *l10n.Def {
	switch c {
	case 'n':
		return kindNull
	case '[':
		return kindArray
	case '"':
		return kindString
	case 't', 'f':
		return kindBool
	case '{':
		return kindObject
	}
	return kindNumber
}

// jsonKind names a Go kind in JSON terms.
func jsonKind(kind string) *l10n.Def {
	switch kind {
	case "string":
		return kindString
	case "bool":
		return kindBool
	case "slice", "array":
		return kindArray
	case "struct", "map":
		return kindObject
	default:
		return kindRange
	}
}

// valueKind names the JSON value encoding/json's type error reports
// ("string", "number", "number 1e+20", "bool", "array", "object"), or a
// custom decoder reports as the JSON it was given ("\"abc\"", "true").
func valueKind(v string) *l10n.Def {
	word, _, _ := strings.Cut(v, " ")
	switch {
	case strings.HasPrefix(word, `"`):
		return kindString
	case strings.HasPrefix(word, "["):
		return kindArray
	case strings.HasPrefix(word, "{"):
		return kindObject
	}
	switch strings.TrimRight(word, ";,") {
	case "true", "false":
		return kindBool
	case "string":
		return kindString
	case "bool":
		return kindBool
	case "array":
		return kindArray
	case "object":
		return kindObject
	case "null":
		return kindNull
	}
	return kindNumber
}
