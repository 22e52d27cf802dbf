// Package jsonobj names the one loose shape of the code: a JSON object as
// encoding/json decodes it into Go.
package jsonobj

// Object is a JSON object as encoding/json decodes it (values are nil,
// bool, string, json.Number or float64, []any and Object). It is an alias,
// so values decoded into any are Objects without a conversion.
//
// Why it is loose: a game system's request is described by a JSON Schema
// read at run time (systems.Schema), so a request is checked and filled
// field by field before the system decodes it into its typed request; the
// search index's documents have fields named per language.
type Object = map[string]any // the one spelling of this shape; see the doc comment for why
