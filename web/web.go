// Package web serves Kostka's page for the table: rules search, dice with
// odds charts and the attack calculator. The page is static HTML, CSS and
// JavaScript modules embedded in the binary; it calls the API on the same
// origin and nothing else.
package web

import (
	"embed"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"kostka/internal/httpbase"
)

//go:generate go run gen.go

// staticFS holds the page's files; gzipFS their gzipped copies, made at
// build time by gen.go (see package web/internal/assetgen).
var (
	//go:embed static
	staticFS embed.FS
	//go:embed gzip
	gzipFS embed.FS
)

// ContentSecurityPolicy allows the page to load and call only its own
// origin: no inline script, no other host.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// generatedAsset is what gen.go records of one static file.
type generatedAsset struct {
	contentType string
	etag        string
	gzip        bool // gzip/NAME.gz exists: gzip made the file smaller
}

// asset is one embedded file, ready to serve plain or gzipped.
type asset struct {
	contentType string
	etag        string
	plain       embedded
	gzipped     embedded // name "" when gzip does not make it smaller
}

// embedded is an embedded file, read from the binary each time it is
// served rather than copied onto the heap, where the collector would
// keep room for it.
type embedded struct {
	fsys embed.FS
	name string
	size int64
}

// stat returns the embedded file name of fsys.
func stat(fsys embed.FS, name string) (embedded, error) {
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return embedded{}, err
	}
	return embedded{fsys: fsys, name: name, size: fi.Size()}, nil
}

// writeTo writes the file to w.
func (e embedded) writeTo(w io.Writer) error {
	f, err := e.fsys.Open(e.name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

// assets gathers every embedded file, its gzipped copy and its ETag on
// first use; nothing is compressed or hashed at run time.
var assets = sync.OnceValues(func() (map[string]*asset, error) {
	out := make(map[string]*asset, len(generated))
	for name, g := range generated {
		a := &asset{contentType: g.contentType, etag: g.etag}
		var err error
		if a.plain, err = stat(staticFS, "static/"+name); err != nil {
			return nil, err
		}
		if g.gzip {
			if a.gzipped, err = stat(gzipFS, "gzip/"+name+".gz"); err != nil {
				return nil, err
			}
		}
		out[name] = a
	}
	return out, nil
})

// AddRoutes adds the page's routes to mux: its own paths and its static
// files. A rule's permalink, /r/{id}, needs the rulebooks and is added by
// whoever has them (see RulePage).
func AddRoutes(mux interface{ Handle(string, http.Handler) }) {
	mux.Handle("GET /{$}", Page())
	mux.Handle("GET /dice", Page())
	mux.Handle("GET /attack", Page())
	mux.Handle("GET /cost", Page())
	mux.Handle("GET /compare", Page())
	mux.Handle("GET /api", Page())
	mux.Handle("GET /static/{path...}", Static())
}

// Handler serves the page alone, without the API, as the web Lambda
// function does: the page's routes (AddRoutes) and GET /healthz, with the
// behaviour every Kostka handler shares (package httpbase). Any other
// request is answered 404 with a problem body.
func Handler(logger *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	AddRoutes(mux)
	mux.Handle("GET /healthz", httpbase.Healthz())
	missing := NotFoundPage()
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if IsPagePath(r) {
			missing.ServeHTTP(w, r)
			return
		}
		writeProblem(w, http.StatusNotFound, "no such page: "+r.URL.Path)
	}))
	return httpbase.Wrap(logger, mux, func(w http.ResponseWriter, _ *http.Request) {
		writeProblem(w, http.StatusInternalServerError, "the page could not be served")
	})
}

// Page serves index.html: for "/" and for the page's own paths such as a
// rule's permalink "/r/{id}". It is revalidated on every load so a deploy
// shows at once.
func Page() http.Handler {
	return serveAsset("index.html", "no-cache")
}

// RulePage serves index.html for a rule's permalink "/r/{id}": with 200
// when exists(id), else with 404, so that an unknown rule is a "not found"
// page (the page itself then says so and offers the search box).
func RulePage(exists func(id string) bool) http.Handler {
	page := Page()
	missing := serveAssetStatus("index.html", "no-store", http.StatusNotFound)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if exists(r.PathValue("id")) {
			page.ServeHTTP(w, r)
			return
		}
		missing.ServeHTTP(w, r)
	})
}

// NotFoundPage answers an unknown page path (/kosci, /dice/) with 404 and
// the page itself, which says in the reader's language that there is no
// such page and offers the views.
func NotFoundPage() http.Handler {
	return serveAssetStatus("index.html", "no-store", http.StatusNotFound)
}

// IsPagePath reports whether r, which no route matched, asks for a page a
// person typed or followed (a GET or HEAD of a path outside the API, the
// static files and the service's own routes, from a client that takes
// HTML), so that its 404 is the page and not a problem body.
func IsPagePath(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	for _, prefix := range []string{"/v1/", "/v1", "/static/", "/discord/", "/openapi.json", "/healthz"} {
		if r.URL.Path == prefix || strings.HasPrefix(r.URL.Path, prefix) && strings.HasSuffix(prefix, "/") {
			return false
		}
	}
	accept := r.Header.Get("Accept")
	return strings.Contains(accept, "text/html")
}

// Static serves the page's other files under /static/{path...}. They are
// cached for an hour and revalidated by ETag.
func Static() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveAsset(r.PathValue("path"), "public, max-age=3600").ServeHTTP(w, r)
	})
}

func serveAsset(name, cacheControl string) http.Handler {
	return serveAssetStatus(name, cacheControl, http.StatusOK)
}

// serveAssetStatus serves an embedded file with the given status; a status
// other than 200 is never answered with 304.
func serveAssetStatus(name, cacheControl string, status int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		all, err := assets()
		if err != nil {
			writeProblem(w, http.StatusInternalServerError, "the page's files cannot be read")
			return
		}
		a, ok := all[name]
		if !ok {
			writeProblem(w, http.StatusNotFound, "no such file: "+name)
			return
		}
		h := w.Header()
		h.Set("Content-Type", a.contentType)
		h.Set("Cache-Control", cacheControl)
		if status == http.StatusOK {
			h.Set("ETag", a.etag)
		}
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Add("Vary", "Accept-Encoding")
		if match := r.Header.Get("If-None-Match"); status == http.StatusOK && match != "" && strings.Contains(match, a.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		body := a.plain
		if a.gzipped.name != "" && acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			body = a.gzipped
		}
		h.Set("Content-Length", strconv.FormatInt(body.size, 10))
		w.WriteHeader(status)
		if r.Method == http.MethodHead {
			return
		}
		_ = body.writeTo(w) // the client went away, or the binary is broken
	})
}

// writeProblem answers with an RFC 9457 problem body, as the API does.
func writeProblem(w http.ResponseWriter, status int, detail string) {
	body, _ := json.Marshal(struct { // keys in the order they have always been written
		Detail string `json:"detail"`
		Status int    `json:"status"`
		Title  string `json:"title"`
		Type   string `json:"type"`
	}{detail, status, http.StatusText(status), "about:blank"})
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// acceptsGzip reports whether the client takes gzip, honouring "q=0".
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
