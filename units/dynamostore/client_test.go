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

// TestSignAsTheSDK: a request signed by sign carries the Authorization
// header the AWS SDK's Signature Version 4 signer gives it, with and
// without a session token.
func TestSignAsTheSDK(t *testing.T) {
	at := time.Date(2026, 11, 23, 19, 4, 5, 0, time.UTC)
	body := []byte(`{"TableName":"units","Key":{"owner":{"S":"guild#1"}}}`)
	for _, token := range []string{"", "FwoGZXIvYXdzEJr//////////wEaDKpZ"} {
		creds := Credentials{AccessKeyID: "AKIDEXAMPLE", SecretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", SessionToken: token}
		newReq := func() *http.Request {
			req, err := http.NewRequest(http.MethodPost, "https://dynamodb.eu-central-1.amazonaws.com/", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/x-amz-json-1.0")
			req.Header.Set("X-Amz-Target", "DynamoDB_20120810.GetItem")
			return req
		}
		ours := newReq()
		sign(ours, body, creds, "eu-central-1", "dynamodb", at)

		sdk := newReq()
		sdk.Header.Set("X-Amz-Date", ours.Header.Get("X-Amz-Date"))
		if token != "" {
			sdk.Header.Set("X-Amz-Security-Token", token)
		}
		err := v4.NewSigner().SignHTTP(context.Background(),
			aws.Credentials{AccessKeyID: creds.AccessKeyID, SecretAccessKey: creds.SecretAccessKey, SessionToken: token},
			sdk, hexSHA256(body), "dynamodb", "eu-central-1", at)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ours.Header.Get("Authorization"), sdk.Header.Get("Authorization"); got != want || got == "" {
			t.Errorf("token %q:\nours %s\nSDK  %s", token, got, want)
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
