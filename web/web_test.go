package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

func serve(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", Page())
	mux.Handle("GET /r/{id}", Page())
	mux.Handle("GET /static/{path...}", Static())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	// A bare transport: no transparent gzip, so the test sees the wire.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

func TestPageHeaders(t *testing.T) {
	srv := serve(t)
	for _, path := range []string{"/", "/r/quality-d6.oslona"} {
		res, body := get(t, srv.URL+path)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if !bytes.Contains(body, []byte(`<script type="module" src="/static/app.js">`)) {
			t.Errorf("%s: not the page", path)
		}
		if res.Header.Get("Content-Security-Policy") != ContentSecurityPolicy || res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: headers %v", path, res.Header)
		}
	}
}

func TestGzipAndETag(t *testing.T) {
	srv := serve(t)
	plainRes, plain := get(t, srv.URL+"/static/app.css")
	if plainRes.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(plainRes.Header.Get("Content-Type"), "text/css") {
		t.Fatalf("plain: %v", plainRes.Header)
	}
	zres, zbody := get(t, srv.URL+"/static/app.css", "Accept-Encoding", "br, gzip;q=0.8")
	if zres.Header.Get("Content-Encoding") != "gzip" || len(zbody) >= len(plain) {
		t.Fatalf("gzip: %v, %d bytes vs %d", zres.Header, len(zbody), len(plain))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zbody))
	if err != nil {
		t.Fatal(err)
	}
	unz, _ := io.ReadAll(zr)
	if !bytes.Equal(unz, plain) {
		t.Error("gzipped body differs from the plain one")
	}
	if res, _ := get(t, srv.URL+"/static/app.css", "Accept-Encoding", "gzip;q=0"); res.Header.Get("Content-Encoding") != "" {
		t.Error("gzip sent to a client that refused it with q=0")
	}
	etag := plainRes.Header.Get("ETag")
	if res, body := get(t, srv.URL+"/static/app.css", "If-None-Match", etag); res.StatusCode != 304 || len(body) != 0 {
		t.Errorf("If-None-Match: %d, %d bytes", res.StatusCode, len(body))
	}
	if !strings.Contains(plainRes.Header.Get("Cache-Control"), "max-age=") {
		t.Errorf("static Cache-Control = %q", plainRes.Header.Get("Cache-Control"))
	}
}

func TestMissingFileIsProblem(t *testing.T) {
	res, body := get(t, serve(t).URL+"/static/nope.js")
	if res.StatusCode != 404 || res.Header.Get("Content-Type") != "application/problem+json" || !bytes.Contains(body, []byte("nope.js")) {
		t.Errorf("%d %s %s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
}

// TestFirstViewWeight adds up everything the first view loads: the page,
// what it links, and every module the scripts import statically. The
// budget is 150 KB uncompressed. A module imported on demand (import('./x'),
// the API page) is not part of the first view, but must be embedded, and
// every embedded file must be loaded by something.
func TestFirstViewWeight(t *testing.T) {
	all, err := assets()
	if err != nil {
		t.Fatal(err)
	}
	ref := regexp.MustCompile(`(?:href|src)="/static/([^"]+)"|from '\./([^']+)'`)
	// A module imported on demand, or a stylesheet a module adds
	// ('/static/compare.css').
	lazy := regexp.MustCompile(`import\('\./([^']+)'\)|'/static/([^']+\.css)'`)
	seen := map[string]bool{}
	walk := func(start []string) (files, total, gzipped int, later []string) {
		queue := start
		for len(queue) > 0 {
			name := queue[0]
			queue = queue[1:]
			if seen[name] {
				continue
			}
			seen[name] = true
			a, ok := all[name]
			if !ok {
				t.Errorf("%s is referenced but not embedded", name)
				continue
			}
			plain := contents(t, a.plain)
			files++
			total += len(plain)
			gzipped += int(a.plain.size)
			if a.gzipped.name != "" {
				gzipped += int(a.gzipped.size) - int(a.plain.size)
			}
			for _, m := range ref.FindAllStringSubmatch(string(plain), -1) {
				queue = append(queue, m[1]+m[2])
			}
			for _, m := range lazy.FindAllStringSubmatch(string(plain), -1) {
				later = append(later, m[1]+m[2])
			}
		}
		return files, total, gzipped, later
	}
	files, total, gzipped, later := walk([]string{"index.html"})
	t.Logf("first view: %d files, %d bytes uncompressed, %d bytes as served gzipped", files, total, gzipped)
	if total > 150_000 {
		t.Errorf("first view weighs %d bytes, over the 150 KB budget", total)
	}
	// What the on-demand modules load on demand in turn is on demand too.
	var lfiles, ltotal, lgzipped int
	for len(later) > 0 {
		var f, n, z int
		f, n, z, later = walk(later)
		lfiles, ltotal, lgzipped = lfiles+f, ltotal+n, lgzipped+z
	}
	t.Logf("on demand: %d files, %d bytes uncompressed, %d bytes gzipped", lfiles, ltotal, lgzipped)
	for name := range all {
		if !seen[name] {
			t.Errorf("%s is embedded but nothing loads it", name)
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	tests := map[string]bool{"": false, "gzip": true, "deflate, gzip": true, "GZIP;q=0.5": true, "gzip;q=0": false, "br": false}
	for header, want := range tests {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Accept-Encoding", header)
		if got := acceptsGzip(r); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

// TestRulePage: a known rule's permalink is the page with 200; an unknown
// one is the same page with 404, no ETag and no 304, so that search
// engines and link checkers see it is missing.
func TestRulePage(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("GET /r/{id}", RulePage(func(id string) bool { return id == "quality-d6.oslona" }))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	for _, tc := range []struct {
		path   string
		status int
	}{{"/r/quality-d6.oslona", http.StatusOK}, {"/r/nope.nope", http.StatusNotFound}} {
		t.Run(tc.path, func(t *testing.T) {
			res, body := get(t, srv.URL+tc.path)
			if res.StatusCode != tc.status || !bytes.Contains(body, []byte(`id="rules-q"`)) {
				t.Fatalf("%d, search box in the body: %v", res.StatusCode, bytes.Contains(body, []byte(`id="rules-q"`)))
			}
			if res.Header.Get("Content-Security-Policy") != ContentSecurityPolicy {
				t.Errorf("CSP %q", res.Header.Get("Content-Security-Policy"))
			}
			etag := res.Header.Get("ETag")
			again, _ := get(t, srv.URL+tc.path, "If-None-Match", `"x", `+etag)
			if tc.status == http.StatusOK && again.StatusCode != http.StatusNotModified {
				t.Errorf("revalidation: %d", again.StatusCode)
			}
			if tc.status == http.StatusNotFound && (etag != "" || again.StatusCode != http.StatusNotFound) {
				t.Errorf("a missing rule has ETag %q and answers %d on revalidation", etag, again.StatusCode)
			}
		})
	}
}
