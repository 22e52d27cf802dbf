package kostka

import "kostka/l10n"

// problemTitles are the problems' titles in every language, by their
// English text.
var problemTitles = map[string]*l10n.Def{}

func title(id, en, pl, cs string) *l10n.Def {
	d := l10n.Define("api.title."+id, l10n.Texts{En: en, Pl: pl, Cs: cs})
	problemTitles[en] = d
	return d
}

var (
	_ = title("invalid-request", "Invalid request", "Nieprawidłowe zapytanie", "Neplatný požadavek")
	_ = title("unprocessable", "Unprocessable request", "Nie można przetworzyć zapytania", "Požadavek nelze zpracovat")
	_ = title("media-type", "Unsupported media type", "Nieobsługiwany typ treści", "Nepodporovaný typ obsahu")
	_ = title("too-large", "Request body too large", "Zbyt duża treść zapytania", "Příliš velké tělo požadavku")
	_ = title("timeout", "Request timeout", "Przekroczony czas zapytania", "Vypršel čas požadavku")
	_ = title("unavailable", "Service unavailable", "Usługa niedostępna", "Služba není dostupná")
	_ = title("internal", "Internal error", "Błąd wewnętrzny", "Vnitřní chyba")
	_ = title("not-found", "Not Found", "Nie znaleziono", "Nenalezeno")
	_ = title("method", "Method Not Allowed", "Niedozwolona metoda", "Nepovolená metoda")
	_ = title("invalid-expression", "Invalid dice expression", "Nieprawidłowe wyrażenie z kośćmi", "Neplatný výraz s kostkami")
	_ = title("limit", "Limit exceeded", "Przekroczony limit", "Překročený limit")
	_ = title("unsupported", "Not supported", "Nieobsługiwane", "Nepodporováno")
)

// Details of the problems of a request.
var (
	msgBodyEmpty = l10n.Define("api.error.body-empty", l10n.Texts{
		En: "the request body is empty; send a JSON object",
		Pl: "treść zapytania jest pusta; wyślij obiekt JSON",
		Cs: "tělo požadavku je prázdné; pošlete objekt JSON",
	})
	msgBodyCut = l10n.Define("api.error.body-cut", l10n.Texts{
		En: "the request body ends in the middle of a JSON value",
		Pl: "treść zapytania urywa się w połowie wartości JSON",
		Cs: "tělo požadavku končí uprostřed hodnoty JSON",
	})
	msgBodyKind = l10n.Define("api.error.body-kind", l10n.Texts{
		En: "the request body must be a JSON object, not {kind}",
		Pl: "treść zapytania musi być obiektem JSON (wysłano: {kind})",
		Cs: "tělo požadavku musí být objekt JSON (posláno: {kind})",
	})
	msgBodySyntax = l10n.Define("api.error.body-syntax", l10n.Texts{
		En: "malformed JSON at byte {byte}",
		Pl: "błędny JSON w bajcie {byte}",
		Cs: "chybný JSON na bajtu {byte}",
	})
	msgType = l10n.Define("api.error.type", l10n.Texts{
		En: "{field} must be {kind}, not {value}",
		Pl: "{field} musi być typu: {kind} (wysłano: {value})",
		Cs: "{field} musí být typu: {kind} (posláno: {value})",
	})
	msgMode = l10n.Define("api.error.mode", l10n.Texts{
		En: "mode must be roll (the default) or odds, not “{mode}”",
		Pl: "mode musi mieć wartość roll (domyślnie) lub odds, a nie „{mode}”",
		Cs: "mode musí mít hodnotu roll (výchozí) nebo odds, ne „{mode}“",
	})
	msgNoSystem = l10n.Define("api.error.no-system", l10n.Texts{
		En: "no game system “{id}”; the systems are {list}",
		Pl: "nie ma systemu gry „{id}”; systemy to: {list}",
		Cs: "herní systém „{id}“ neexistuje; systémy jsou: {list}",
	})
	msgNoAction = l10n.Define("api.error.no-action", l10n.Texts{
		En: "system {system} has no action “{action}”; it has {list}",
		Pl: "system {system} nie ma akcji „{action}”; ma: {list}",
		Cs: "systém {system} nemá akci „{action}“; má: {list}",
	})
	msgNoRule = l10n.Define("api.error.no-rule", l10n.Texts{
		En: "there is no rule with id “{id}”; GET /v1/rules lists them, GET /v1/search finds them",
		Pl: "nie ma zasady o identyfikatorze „{id}”; GET /v1/rules je wylicza, GET /v1/search je wyszukuje",
		Cs: "pravidlo s identifikátorem „{id}“ neexistuje; GET /v1/rules je vypíše, GET /v1/search je vyhledá",
	})
	msgLang = l10n.Define("api.error.lang", l10n.Texts{
		En: "lang must be pl, cs or en, not “{lang}”",
		Pl: "lang musi mieć wartość pl, cs lub en, a nie „{lang}”",
		Cs: "lang musí mít hodnotu pl, cs nebo en, ne „{lang}“",
	})
	msgExprRequired = l10n.Define("api.error.expr-required", l10n.Texts{
		En: "expr is required: a dice expression such as 2d6+1",
		Pl: "expr jest wymagane: wyrażenie z kośćmi, np. 2d6+1",
		Cs: "expr je povinné: výraz s kostkami, např. 2d6+1",
	})
	msgQueryEmpty = l10n.Define("api.error.query-empty", l10n.Texts{
		En: "q has no words; give words to look up",
		Pl: "q nie zawiera słów; podaj słowa do wyszukania",
		Cs: "q neobsahuje slova; zadejte slova k vyhledání",
	})
	msgQueryNotUTF8 = l10n.Define("api.error.query-not-utf8", l10n.Texts{
		En: "q is not UTF-8 text (percent-encode its bytes as UTF-8)",
		Pl: "q nie jest tekstem w UTF-8 (zakoduj jego bajty procentowo jako UTF-8)",
		Cs: "q není text v UTF-8 (zakódujte jeho bajty procentově jako UTF-8)",
	})
	msgQueryLong = l10n.Define("api.error.query-long", l10n.Texts{
		En: "q is longer than {max} characters",
		Pl: "q jest dłuższe niż {max} znaków",
		Cs: "q je delší než {max} znaků",
	})
	msgLimit = l10n.Define("api.error.limit", l10n.Texts{
		En: "limit must be a whole number from 1 to {max}",
		Pl: "limit musi być liczbą całkowitą od 1 do {max}",
		Cs: "limit musí být celé číslo od 1 do {max}",
	})
	msgNoRulebook = l10n.Define("api.error.no-rulebook", l10n.Texts{
		En: "there is no rulebook for system “{system}”",
		Pl: "nie ma podręcznika dla systemu „{system}”",
		Cs: "pro systém „{system}“ nejsou žádná pravidla",
	})
	msgNoRules = l10n.Define("api.error.no-rules", l10n.Texts{
		En: "rules search is not served here",
		Pl: "wyszukiwanie zasad nie jest tu dostępne",
		Cs: "vyhledávání pravidel zde není k dispozici",
	})
	msgBodyInvalid = l10n.Define("api.error.body-invalid", l10n.Texts{
		En: "the request body does not fit this request",
		Pl: "treść zapytania nie pasuje do tego zapytania",
		Cs: "tělo požadavku neodpovídá tomuto požadavku",
	})
)

// JSON kinds, as the type errors name them.
var (
	kindNull   = l10n.Define("api.kind.null", l10n.Texts{En: "null", Pl: "null", Cs: "null"})
	kindArray  = l10n.Define("api.kind.array", l10n.Texts{En: "an array", Pl: "tablica", Cs: "pole"})
	kindString = l10n.Define("api.kind.string", l10n.Texts{En: "a string", Pl: "napis", Cs: "řetězec"})
	kindBool   = l10n.Define("api.kind.bool", l10n.Texts{En: "true or false", Pl: "true lub false", Cs: "true nebo false"})
	kindNumber = l10n.Define("api.kind.number", l10n.Texts{En: "a number", Pl: "liczba", Cs: "číslo"})
	kindRange  = l10n.Define("api.kind.number-in-range", l10n.Texts{En: "a number in range", Pl: "liczba z zakresu", Cs: "číslo v rozsahu"})
	kindObject = l10n.Define("api.kind.object", l10n.Texts{En: "an object", Pl: "obiekt", Cs: "objekt"})
)
