package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
)

func TestMedian(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name string
		in   []time.Duration
		want time.Duration
	}{
		{"one", []time.Duration{7 * ms}, 7 * ms},
		{"odd, unsorted", []time.Duration{9 * ms, 1 * ms, 5 * ms}, 5 * ms},
		{"even: the mean of the middle two", []time.Duration{4 * ms, 1 * ms, 2 * ms, 8 * ms}, 3 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := append([]time.Duration(nil), tt.in...)
			if got := median(tt.in); got != tt.want {
				t.Errorf("median(%v) = %v, want %v", in, got, tt.want)
			}
			for i := range in {
				if in[i] != tt.in[i] {
					t.Fatalf("median reordered its argument: %v", tt.in)
				}
			}
		})
	}
}

func TestResponseBody(t *testing.T) {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	_, _ = zw.Write([]byte("<!doctype html>"))
	_ = zw.Close()
	tests := []struct {
		name    string
		res     events.APIGatewayV2HTTPResponse
		want    string
		wantErr bool
	}{
		{"plain", events.APIGatewayV2HTTPResponse{Body: `{"dice":[]}`}, `{"dice":[]}`, false},
		{"base64 gzip", events.APIGatewayV2HTTPResponse{
			Body: base64.StdEncoding.EncodeToString(z.Bytes()), IsBase64Encoded: true,
			Headers: map[string]string{"Content-Encoding": "gzip"},
		}, "<!doctype html>", false},
		{"bad base64", events.APIGatewayV2HTTPResponse{Body: "%%%", IsBase64Encoded: true}, "", true},
		{"gzip that is not", events.APIGatewayV2HTTPResponse{Body: "plain", Headers: map[string]string{"Content-Encoding": "gzip"}}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := responseBody(tt.res)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("responseBody = %q, %v; want %q, error %t", got, err, tt.want, tt.wantErr)
			}
		})
	}
}
