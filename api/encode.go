package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"
)

// maxBodyBytes caps every request body.
const maxBodyBytes = 64 << 10

// writeJSON writes v as a JSON response with the given content type and
// status.
func writeJSON(w http.ResponseWriter, contentType string, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only unsupported values fail to encode: a programming error.
		panic(fmt.Sprintf("api: encoding response: %v", err))
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// encode writes v as a 200 (or other status) application/json response.
func encode(w http.ResponseWriter, status int, v any) {
	writeJSON(w, "application/json", status, v)
}

// decode reads a JSON request body into v. It refuses other content types,
// unknown fields, trailing data and bodies over maxBodyBytes, each with a
// problem that says so.
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && mt != "text/plain") {
			return &Problem{Type: typeInvalidRequest, Title: "Unsupported media type",
				Status: http.StatusUnsupportedMediaType, Detail: "send the request body as application/json"}
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBodyBytes))
	if err != nil {
		return readProblem(err)
	}
	switch start := bytes.TrimLeft(body, " \t\r\n"); {
	case len(start) == 0:
		return badRequest("", "the request body is empty; send a JSON object")
	case start[0] != '{' && json.Valid(start):
		return unprocessable("", "the request body must be a JSON object, not "+jsonValueKind(start[0]))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonProblem(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil {
			return jsonProblem(err)
		}
		return badRequest("", "the request body must hold a single JSON object")
	}
	return nil
}

// readProblem explains an error reading the request body without the
// details of the connection: too large (413), too slow (408), or cut off
// (400).
func readProblem(err error) error {
	var (
		tooBig  *http.MaxBytesError
		timeout interface{ Timeout() bool }
	)
	switch {
	case errors.As(err, &tooBig):
		return err
	case errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &timeout) && timeout.Timeout()):
		return &Problem{Type: typeTimeout, Title: "Request timeout", Status: http.StatusRequestTimeout,
			Detail: "the request body arrived too slowly; send it whole in one go"}
	case isCancellation(err):
		return err
	}
	return badRequest("", "the request body could not be read to its end")
}

// jsonValueKind names the JSON value that starts with c.
func jsonValueKind(c byte) string {
	switch c {
	case 'n':
		return "null"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "true or false"
	}
	return "a number"
}

// jsonProblem explains a JSON decoding error.
func jsonProblem(err error) error {
	var (
		syntax    *json.SyntaxError
		typeError *json.UnmarshalTypeError
		tooBig    *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooBig):
		return err
	case errors.Is(err, io.EOF):
		return badRequest("", "the request body is empty; send a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return badRequest("", "the request body ends in the middle of a JSON value")
	case errors.As(err, &syntax):
		return badRequest("", fmt.Sprintf("malformed JSON at byte %d", syntax.Offset))
	case errors.As(err, &typeError):
		return unprocessable(typeError.Field, fmt.Sprintf("%s must be %s, not %s", typeError.Field, jsonKind(typeError.Type.Kind().String()), typeError.Value))
	default:
		// The remaining decoder errors are unknown fields and similar,
		// with messages fit to show ("json: unknown field \"x\"").
		return unprocessable(unknownField(err), err.Error())
	}
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

// jsonKind names a Go kind in JSON terms.
func jsonKind(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "an array"
	case "struct", "map":
		return "an object"
	default:
		return "a number in range"
	}
}

// formatBytes renders a byte count for people.
func formatBytes(n int64) string {
	if n >= 1<<10 && n%(1<<10) == 0 {
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
