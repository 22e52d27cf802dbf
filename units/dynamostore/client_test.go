package dynamostore

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// TestRequestsAreSigned: every request the client sends carries the
// Signature Version 4 headers of its credentials, region and body, as a
// server holding the same secret computes them, with and without a
// session token.
func TestRequestsAreSigned(t *testing.T) {
	for _, token := range []string{"", "FwoGZXIvYXdzEJr//////////wEaDKpZ"} {
		creds := Credentials{AccessKeyID: "AKIDEXAMPLE", SecretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", SessionToken: token}
		var got, want string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			at, err := time.Parse("20060102T150405Z", r.Header.Get("X-Amz-Date"))
			if err != nil {
				t.Errorf("X-Amz-Date %q: %v", r.Header.Get("X-Amz-Date"), err)
			}
			if r.Header.Get("X-Amz-Security-Token") != token {
				t.Errorf("X-Amz-Security-Token is %q, want %q", r.Header.Get("X-Amz-Security-Token"), token)
			}
			// The same request as the server received it, signed afresh.
			again, err := http.NewRequest(r.Method, "http://"+r.Host+r.URL.Path, bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range []string{"Content-Type", "X-Amz-Target", "X-Amz-Security-Token"} {
				if v := r.Header.Get(h); v != "" {
					again.Header.Set(h, v)
				}
			}
			err = v4.NewSigner().SignHTTP(context.Background(),
				aws.Credentials{AccessKeyID: creds.AccessKeyID, SecretAccessKey: creds.SecretAccessKey, SessionToken: token},
				again, hexSHA256(body), "dynamodb", "eu-central-1", at)
			if err != nil {
				t.Fatal(err)
			}
			got, want = r.Header.Get("Authorization"), again.Header.Get("Authorization")
			w.Write([]byte(`{}`))
		}))
		c := NewClient("eu-central-1", srv.URL, creds)
		if err := c.call(context.Background(), "GetItem", map[string]string{"TableName": "units"}, nil); err != nil {
			t.Fatal(err)
		}
		srv.Close()
		if got != want || !strings.Contains(got, "AKIDEXAMPLE/") || !strings.Contains(got, "/eu-central-1/dynamodb/aws4_request") {
			t.Errorf("token %q:\nsent     %s\nexpected %s", token, got, want)
		}
	}
}

// TestCallRetriesAndErrors: a call is retried while DynamoDB answers 5xx or
// throttles, up to maxAttempts, and its errors are APIErrors by name.
func TestCallRetriesAndErrors(t *testing.T) {
	tests := []struct {
		name      string
		answers   []int // statuses, in order; the last repeats
		errType   string
		wantCalls int32
		wantCode  string // "" for success
	}{
		{"ok", []int{200}, "", 1, ""},
		{"5xx then ok", []int{500, 503, 200}, "com.amazon.coral.availability#ThrottlingException", 3, ""},
		{"always 500", []int{500}, "com.amazonaws.dynamodb.v20120810#InternalServerError", maxAttempts, "InternalServerError"},
		{"throttled", []int{400}, "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", maxAttempts, "ProvisionedThroughputExceededException"},
		{"condition", []int{400}, "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 1, "ConditionalCheckFailedException"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := int(calls.Add(1))
				auth := r.Header.Get("Authorization")
				b, _ := io.ReadAll(r.Body)
				if r.Header.Get("X-Amz-Target") != "DynamoDB_20120810.GetItem" || !strings.Contains(auth, "Credential=test/") ||
					!strings.Contains(auth, "/eu-central-1/dynamodb/aws4_request") || string(b) != `{"TableName":"units"}` {
					t.Errorf("request: target %q, authorization %q, body %s", r.Header.Get("X-Amz-Target"), auth, b)
				}
				status := tt.answers[min(n, len(tt.answers))-1]
				w.WriteHeader(status)
				if status == 200 {
					io.WriteString(w, `{"Item":{"owner":{"S":"x"}}}`)
				} else {
					io.WriteString(w, `{"__type":"`+tt.errType+`","message":"no"}`)
				}
			}))
			defer srv.Close()
			c := newClientForTest(srv.URL)
			var out struct{ Item map[string]attribute }
			err := c.call(context.Background(), "GetItem", map[string]string{"TableName": "units"}, &out)
			if got := calls.Load(); got != tt.wantCalls {
				t.Errorf("%d requests, want %d", got, tt.wantCalls)
			}
			var apiErr *APIError
			switch {
			case tt.wantCode == "" && (err != nil || out.Item["owner"].S == nil || *out.Item["owner"].S != "x"):
				t.Errorf("call = %v, %+v", err, out)
			case tt.wantCode != "" && (!errors.As(err, &apiErr) || apiErr.Code != tt.wantCode || apiErr.Message != "no"):
				t.Errorf("call = %v, want an APIError %s", err, tt.wantCode)
			}
		})
	}
}

func newClientForTest(endpoint string) *Client {
	return NewClient("eu-central-1", endpoint, Credentials{AccessKeyID: "test", SecretAccessKey: "test"})
}

// TestNewClientEndpoint: without an endpoint, a client calls its region's.
func TestNewClientEndpoint(t *testing.T) {
	for region, want := range map[string]string{
		"eu-central-1":   "https://dynamodb.eu-central-1.amazonaws.com",
		"cn-northwest-1": "https://dynamodb.cn-northwest-1.amazonaws.com.cn",
	} {
		if got := NewClient(region, "", Credentials{}).Endpoint; got != want {
			t.Errorf("%s: %s, want %s", region, got, want)
		}
	}
	if got := NewClient("eu-central-1", "http://127.0.0.1:8000", Credentials{}).Endpoint; got != "http://127.0.0.1:8000" {
		t.Errorf("with an endpoint: %s", got)
	}
}
