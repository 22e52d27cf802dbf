package units

import (
	"context"
	"regexp"
	"slices"
	"strings"

	"kostka/l10n"
)

// Alias is a named dice expression with parameters, such as "ostrzal"
// for "{n}d6>=4": "ostrzal 5" rolls 5d6>=4. Aliases live beside units, in
// their owner's document.
type Alias struct {
	Name      string `json:"name"`
	Expr      string `json:"expr"`
	CreatedBy string `json:"created_by,omitempty"`
}

// Limits of aliases.
const (
	MaxAliases   = 50  // aliases per owner
	MaxAliasExpr = 200 // characters of an alias's expression
)

// aliasName is an alias's name: one word of letters, digits, - or _.
var aliasName = regexp.MustCompile(`^[\p{L}\p{N}_-]{1,32}$`)

// aliasParam is a parameter of an alias's expression.
var aliasParam = regexp.MustCompile(`\{([\p{L}\p{N}_]+)\}`)

var (
	msgAliasName = l10n.Define("units.alias.name", l10n.Texts{
		En: "an alias's name is one word of at most 32 letters or digits", Pl: "nazwa aliasu to jedno słowo z najwyżej 32 liter lub cyfr", Cs: "název aliasu je jedno slovo z nejvýše 32 písmen nebo číslic",
	})
	msgAliasExpr = l10n.Define("units.alias.expr", l10n.Texts{
		En: "an alias's expression has 1 to {max} characters", Pl: "wyrażenie aliasu ma od 1 do {max} znaków", Cs: "výraz aliasu má 1 až {max} znaků",
	})
	msgAliasArgs = l10n.Define("units.alias.args", l10n.Texts{
		En: "{name} takes {want, plural, one {# value} other {# values}} ({params}), not {got}",
		Pl: "{name} przyjmuje {want, plural, one {# wartość} few {# wartości} many {# wartości}} ({params}), a nie {got}",
		Cs: "{name} bere {want, plural, one {# hodnotu} few {# hodnoty} other {# hodnot}} ({params}), ne {got}",
	})
)

// Params are the alias's parameters, in the order they first appear.
func (a Alias) Params() []string {
	var out []string
	for _, m := range aliasParam.FindAllStringSubmatch(a.Expr, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// Expand fills the alias's parameters with args, in order.
func (a Alias) Expand(args []string) (string, error) {
	params := a.Params()
	if len(args) != len(params) {
		return "", invalid(msgAliasArgs.New(l10n.Str("name", a.Name), l10n.Int("want", len(params)), l10n.Str("params", strings.Join(params, ", ")), l10n.Int("got", len(args))))
	}
	return aliasParam.ReplaceAllStringFunc(a.Expr, func(m string) string {
		return args[slices.Index(params, strings.Trim(m, "{}"))]
	}), nil
}

// CheckAlias returns an error unless a can be saved.
func CheckAlias(a Alias) error {
	if !aliasName.MatchString(a.Name) {
		return invalid(msgAliasName.New())
	}
	if n := len([]rune(strings.TrimSpace(a.Expr))); n == 0 || n > MaxAliasExpr {
		return invalid(msgAliasExpr.New(l10n.Int("max", MaxAliasExpr)))
	}
	return nil
}

// Aliases returns owner's aliases, by name.
func (b *Book) Aliases(ctx context.Context, owner Owner) ([]Alias, error) {
	if err := owner.check(); err != nil {
		return nil, err
	}
	s, _, err := b.load(ctx, owner)
	return s.Aliases, err
}

// Alias returns owner's alias called name (any case), or ErrNotFound.
func (b *Book) Alias(ctx context.Context, owner Owner, name string) (Alias, error) {
	all, err := b.Aliases(ctx, owner)
	if err != nil {
		return Alias{}, err
	}
	for _, a := range all {
		if nameKey(a.Name) == nameKey(name) {
			return a, nil
		}
	}
	return Alias{}, ErrNotFound
}

// SaveAlias saves a in place of owner's alias of the same name, if any.
func (b *Book) SaveAlias(ctx context.Context, owner Owner, a Alias) error {
	a.Expr = strings.TrimSpace(a.Expr)
	if err := CheckAlias(a); err != nil {
		return err
	}
	return b.update(ctx, owner, func(s *shelf) error {
		s.Aliases = slices.DeleteFunc(s.Aliases, func(x Alias) bool { return nameKey(x.Name) == nameKey(a.Name) })
		if len(s.Aliases) >= MaxAliases {
			return &LimitError{What: "aliases", Max: MaxAliases, Got: len(s.Aliases) + 1}
		}
		s.Aliases = append(s.Aliases, a)
		slices.SortFunc(s.Aliases, func(x, y Alias) int { return strings.Compare(nameKey(x.Name), nameKey(y.Name)) })
		return nil
	})
}

// DeleteAlias deletes owner's alias called name, or returns ErrNotFound.
func (b *Book) DeleteAlias(ctx context.Context, owner Owner, name string) error {
	return b.update(ctx, owner, func(s *shelf) error {
		n := len(s.Aliases)
		s.Aliases = slices.DeleteFunc(s.Aliases, func(x Alias) bool { return nameKey(x.Name) == nameKey(name) })
		if len(s.Aliases) == n {
			return ErrNotFound
		}
		return nil
	})
}
