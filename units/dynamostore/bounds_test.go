package dynamostore_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"kostka/units"
	"kostka/units/dynamostore"
)

// TestStalledTable: against an endpoint that accepts connections and never
// answers, a read fails after MaxAttempts attempts of AttemptTimeout each,
// within WorstCall (and a little for the machine), not after the HTTP
// client's or the function's timeout.
func TestStalledTable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var conns atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			defer c.Close() // held open, never answered, until the test ends
		}
	}()
	s := dynamostore.New(newClient(t, "http://"+ln.Addr().String()), "units")
	start := time.Now()
	_, _, err = s.Get(context.Background(), "guild#1")
	took := time.Since(start)
	if err == nil || errors.Is(err, units.ErrNotFound) {
		t.Fatalf("Get from a stalled endpoint = %v, want an error", err)
	}
	if took < dynamostore.AttemptTimeout || took > dynamostore.WorstCall+time.Second {
		t.Errorf("Get failed after %v, want between %v and %v", took, dynamostore.AttemptTimeout, dynamostore.WorstCall+time.Second)
	}
	if n := conns.Load(); n != dynamostore.MaxAttempts {
		t.Errorf("%d connections, want %d (one an attempt)", n, dynamostore.MaxAttempts)
	}
	t.Logf("stalled: failed after %v: %v", took.Round(time.Millisecond), err)
}

// TestRetries: a call is retried while DynamoDB answers 5xx or throttles,
// up to MaxAttempts, and a failed condition is units.ErrConflict, not
// retried.
func TestRetries(t *testing.T) {
	const item = `{"Item":{"owner":{"S":"guild#1"},"version":{"N":"3"},"doc":{"B":"e30="}}}`
	tests := []struct {
		name      string
		answers   []int // statuses, in order; the last repeats
		errType   string
		put       bool
		wantCalls int32
		wantErr   string // in the error; "" for success
	}{
		{"ok", []int{200}, "", false, 1, ""},
		{"5xx then ok", []int{500, 200}, "com.amazonaws.dynamodb.v20120810#InternalServerError", false, 2, ""},
		{"always 500", []int{500}, "com.amazonaws.dynamodb.v20120810#InternalServerError", false, dynamostore.MaxAttempts, "InternalServerError"},
		{"throttled", []int{400}, "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", false, dynamostore.MaxAttempts, "ProvisionedThroughputExceeded"},
		// Not retried; the item is read once, to tell a conflict from a
		// write of its own whose answer was lost (see
		// TestPutRetriedAfterItWasWritten).
		{"condition", []int{400}, "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", true, 2, units.ErrConflict.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := int(calls.Add(1))
				io.Copy(io.Discard, r.Body)
				auth := r.Header.Get("Authorization")
				if !strings.Contains(auth, "Credential=test/") || !strings.Contains(auth, "/eu-central-1/dynamodb/aws4_request") {
					t.Errorf("authorization %q", auth)
				}
				status := tt.answers[min(n, len(tt.answers))-1]
				w.Header().Set("Content-Type", "application/x-amz-json-1.0")
				w.WriteHeader(status)
				if status == 200 {
					if tt.put {
						io.WriteString(w, `{}`)
					} else {
						io.WriteString(w, item)
					}
				} else {
					io.WriteString(w, `{"__type":"`+tt.errType+`","message":"no"}`)
				}
			}))
			defer srv.Close()
			s := dynamostore.New(newClient(t, srv.URL), "units")
			var err error
			if tt.put {
				_, err = s.Put(context.Background(), "guild#1", []byte(`{}`), 3)
			} else {
				var doc []byte
				var v int64
				doc, v, err = s.Get(context.Background(), "guild#1")
				if err == nil && (string(doc) != "{}" || v != 3) {
					t.Errorf("Get = %s, %d, want {}, 3", doc, v)
				}
			}
			if got := calls.Load(); got != tt.wantCalls {
				t.Errorf("%d requests, want %d", got, tt.wantCalls)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("err = %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err = %v, want one with %q", err, tt.wantErr)
			}
			if tt.put && tt.wantErr != "" && !errors.Is(err, units.ErrConflict) {
				t.Errorf("err = %v, want units.ErrConflict", err)
			}
		})
	}
}

// TestPutRetriedAfterItWasWritten: a PutItem whose first attempt is
// written but answered with an error is retried, fails its condition, and
// is still a success, since the item holds its document at its version;
// another document there is a conflict.
func TestPutRetriedAfterItWasWritten(t *testing.T) {
	for _, tt := range []struct {
		name   string
		stored string // the document the item holds after the first attempt
		want   error
	}{
		{"ours", `{"a":1}`, nil},
		{"someone else's", `{"b":2}`, units.ErrConflict},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var puts atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", "application/x-amz-json-1.0")
				switch r.Header.Get("X-Amz-Target") {
				case "DynamoDB_20120810.PutItem":
					if puts.Add(1) == 1 { // written, but the answer is lost
						w.WriteHeader(http.StatusInternalServerError)
						io.WriteString(w, `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"lost"}`)
						return
					}
					w.WriteHeader(http.StatusBadRequest)
					io.WriteString(w, `{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}`)
				case "DynamoDB_20120810.GetItem":
					doc := base64.StdEncoding.EncodeToString([]byte(tt.stored))
					io.WriteString(w, `{"Item":{"owner":{"S":"guild#1"},"version":{"N":"4"},"doc":{"B":"`+doc+`"}}}`)
				default:
					t.Errorf("unexpected %s", r.Header.Get("X-Amz-Target"))
				}
			}))
			defer srv.Close()
			s := dynamostore.New(newClient(t, srv.URL), "units")
			v, err := s.Put(context.Background(), "guild#1", []byte(`{"a":1}`), 3)
			if !errors.Is(err, tt.want) || (tt.want == nil && v != 4) {
				t.Errorf("Put = %d, %v; want 4, %v", v, err, tt.want)
			}
			if puts.Load() != 2 {
				t.Errorf("%d PutItem attempts, want 2", puts.Load())
			}
		})
	}
}

// TestPutExpiring: an expiring item is written with its expiry in whole
// seconds (rounded up) in the TTL attribute, on condition that its key is
// free; a retried write whose first attempt was written is a success,
// and a key that holds another document is units.ErrConflict.
func TestPutExpiring(t *testing.T) {
	expires := time.Unix(1_800_000_000, 1)
	for _, tt := range []struct {
		name   string
		stored string // the document the item holds after the first attempt
		want   error
	}{
		{"ours", "act:x", nil},
		{"someone else's", "act:y", units.ErrConflict},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var puts atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				w.Header().Set("Content-Type", "application/x-amz-json-1.0")
				switch r.Header.Get("X-Amz-Target") {
				case "DynamoDB_20120810.PutItem":
					var in struct {
						Item                map[string]map[string]string
						ConditionExpression string
					}
					if err := json.Unmarshal(body, &in); err != nil || in.Item[dynamostore.AttrExpires]["N"] != "1800000001" ||
						in.Item["owner"]["S"] != "button#k" || in.ConditionExpression != "attribute_not_exists(#o)" {
						t.Errorf("PutItem %s", body)
					}
					if puts.Add(1) == 1 { // written, but the answer is lost
						w.WriteHeader(http.StatusInternalServerError)
						io.WriteString(w, `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"lost"}`)
						return
					}
					w.WriteHeader(http.StatusBadRequest)
					io.WriteString(w, `{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}`)
				case "DynamoDB_20120810.GetItem":
					doc := base64.StdEncoding.EncodeToString([]byte(tt.stored))
					io.WriteString(w, `{"Item":{"owner":{"S":"button#k"},"expires":{"N":"1800000001"},"doc":{"B":"`+doc+`"}}}`)
				default:
					t.Errorf("unexpected %s", r.Header.Get("X-Amz-Target"))
				}
			}))
			defer srv.Close()
			s := dynamostore.New(newClient(t, srv.URL), "units")
			if err := s.PutExpiring(context.Background(), "button#k", []byte("act:x"), expires); !errors.Is(err, tt.want) {
				t.Errorf("PutExpiring = %v, want %v", err, tt.want)
			}
			if puts.Load() != 2 {
				t.Errorf("%d PutItem attempts, want 2", puts.Load())
			}
			doc, at, err := s.GetExpiring(context.Background(), "button#k")
			if err != nil || string(doc) != tt.stored || at.Unix() != 1_800_000_001 {
				t.Errorf("GetExpiring = %q, %v, %v", doc, at, err)
			}
		})
	}
}
