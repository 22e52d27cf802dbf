package api

import (
	"kostka"

	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// testAPI is the API served on loopback, with every response it gives
// checked against openapi.yaml.
type testAPI struct {
	t      *testing.T
	url    string
	router routers.Router
	doc    *openapi3.T
}

// response is what a request to the test API returned.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test if it cannot.
func (r response) JSON(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.Body, err)
	}
}

// Problem decodes a problem body, failing the test unless the response is
// one with the given status.
func (r response) Problem(t *testing.T, status int) kostka.Problem {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status = %d, want %d; body %s", r.Status, status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("Content-Type = %q, want application/problem+json", ct)
	}
	var p kostka.Problem
	r.JSON(t, &p)
	if p.Status != status || p.Title == "" || p.Type == "" {
		t.Fatalf("problem %+v lacks status %d, a title or a type", p, status)
	}
	return p
}

func loadOpenAPI(t testing.TB) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(openAPIYAML)
	if err != nil {
		t.Fatalf("loading openapi.yaml: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.yaml is not valid: %v", err)
	}
	return doc
}

// newTestAPI serves NewHandler(cfg) on a loopback port for the test.
func newTestAPI(t *testing.T, cfg Config) *testAPI {
	t.Helper()
	doc := loadOpenAPI(t)
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatalf("openapi router: %v", err)
	}
	srv := httptest.NewServer(NewHandler(cfg))
	t.Cleanup(srv.Close)
	return &testAPI{t: t, url: srv.URL, router: router, doc: doc}
}

// do sends a request and checks the response against the OpenAPI document:
// documented routes must answer with a documented status and a body that
// fits its schema; anything else must be a problem body.
func (a *testAPI) do(method, path, contentType string, body string, header ...string) response {
	a.t.Helper()
	req, err := http.NewRequest(method, a.url+path, strings.NewReader(body))
	if err != nil {
		a.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	a.validate(req, res, data)
	return response{Status: res.StatusCode, Header: res.Header, Body: data}
}

func (a *testAPI) get(path string) response { return a.do(http.MethodGet, path, "", "") }

func (a *testAPI) postJSON(path, body string) response {
	return a.do(http.MethodPost, path, "application/json", body)
}

func (a *testAPI) validate(req *http.Request, res *http.Response, body []byte) {
	a.t.Helper()
	if req.Method == http.MethodOptions || req.Method == http.MethodHead {
		return
	}
	route, params, err := a.router.FindRoute(req)
	if err != nil {
		// Undocumented route or method: only a problem answer is right.
		if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusMethodNotAllowed {
			a.t.Errorf("%s %s is not in openapi.yaml but answered %d", req.Method, req.URL.Path, res.StatusCode)
		}
		a.validateSchema("Problem", body)
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req, PathParams: params, Route: route,
		},
		Status: res.StatusCode,
		Header: res.Header,
		Body:   io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		a.t.Errorf("%s %s answered %d %s, which openapi.yaml does not allow: %v",
			req.Method, req.URL, res.StatusCode, body, err)
	}
}

func (a *testAPI) validateSchema(name string, body []byte) {
	a.t.Helper()
	ref := a.doc.Components.Schemas[name]
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		a.t.Errorf("body %q is not JSON: %v", body, err)
		return
	}
	if err := ref.Value.VisitJSON(v); err != nil {
		a.t.Errorf("body %s does not fit schema %s: %v", body, name, err)
	}
}
