package dynamostore

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// Client calls DynamoDB's JSON API (version 2012-08-10) over HTTPS, each
// request signed with AWS Signature Version 4 by the AWS SDK's signer. It
// makes only the calls the store needs. The SDK's DynamoDB package is not
// used: its package initialization alone (the schemas of every operation)
// cost a cold Lambda function about 5 ms.
type Client struct {
	// Endpoint is the service's base URL, such as
	// https://dynamodb.eu-central-1.amazonaws.com (see NewClient).
	Endpoint string
	// Region is the AWS region requests are signed for.
	Region string
	// Credentials sign each request.
	Credentials Credentials
	// HTTP sends the requests; nil means a client with a 10-second
	// timeout.
	HTTP *http.Client
}

// Credentials are AWS credentials, as a Lambda function's environment
// holds them.
type Credentials struct {
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string // temporary credentials only
}

// NewClient returns a client of DynamoDB in region, at endpoint or, when
// endpoint is "", at the region's public endpoint.
func NewClient(region, endpoint string, creds Credentials) *Client {
	if endpoint == "" {
		domain := "amazonaws.com"
		if strings.HasPrefix(region, "cn-") {
			domain = "amazonaws.com.cn"
		}
		endpoint = "https://dynamodb." + region + "." + domain
	}
	return &Client{Endpoint: endpoint, Region: region, Credentials: creds}
}

// APIError is an error DynamoDB answered with, such as
// ConditionalCheckFailedException or ResourceNotFoundException.
type APIError struct {
	Status  int    // the HTTP status
	Code    string // the exception's name, without its namespace
	Message string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("DynamoDB %s (%d): %s", e.Code, e.Status, e.Message)
}

// maxAttempts is how many times a call is tried when DynamoDB answers
// that it is busy or failed (throttling, HTTP 5xx).
const maxAttempts = 3

// call sends one operation (such as "GetItem") with in as its JSON body
// and decodes the answer into out (nil: discard it).
func (c *Client) call(ctx context.Context, op string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	for attempt := 1; ; attempt++ {
		err = c.send(ctx, op, body, out)
		var apiErr *APIError
		retry := errors.As(err, &apiErr) && (apiErr.Status >= 500 || throttled[apiErr.Code])
		if !retry || attempt == maxAttempts {
			return err
		}
		select {
		case <-time.After(time.Duration(attempt*attempt) * 50 * time.Millisecond):
		case <-ctx.Done():
			return fmt.Errorf("%w (after %v)", ctx.Err(), err)
		}
	}
}

// throttled are the errors that say DynamoDB is too busy for now.
var throttled = map[string]bool{
	"ProvisionedThroughputExceededException": true,
	"ThrottlingException":                    true,
	"RequestLimitExceeded":                   true,
}

// send sends one signed request.
func (c *Client) send(ctx context.Context, op string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Endpoint+"/", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+op)
	creds := aws.Credentials{AccessKeyID: c.Credentials.AccessKeyID, SecretAccessKey: c.Credentials.SecretAccessKey, SessionToken: c.Credentials.SessionToken}
	if err := signer.SignHTTP(ctx, creds, req, hexSHA256(body), "dynamodb", c.Region, time.Now()); err != nil {
		return fmt.Errorf("signing %s: %w", op, err)
	}
	hc := c.HTTP
	if hc == nil {
		hc = defaultHTTP
	}
	res, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, maxAnswerBytes))
	if err != nil {
		return fmt.Errorf("reading DynamoDB's answer to %s: %w", op, err)
	}
	if res.StatusCode != http.StatusOK {
		var e struct {
			Type    string `json:"__type"`
			Message string `json:"message"`
			Upper   string `json:"Message"`
		}
		_ = json.Unmarshal(b, &e)
		code := e.Type[strings.LastIndex(e.Type, "#")+1:]
		if code == "" {
			code = http.StatusText(res.StatusCode)
		}
		return &APIError{Status: res.StatusCode, Code: code, Message: e.Message + e.Upper}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("DynamoDB's answer to %s: %w", op, err)
	}
	return nil
}

// maxAnswerBytes bounds an answer read; an item is at most 400 KB.
const maxAnswerBytes = 1 << 20

var defaultHTTP = &http.Client{Timeout: 10 * time.Second}

// signer signs requests with AWS Signature Version 4. The SDK's signer
// package is light; only its service packages are costly to start.
var signer = v4.NewSigner()

func hexSHA256(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
