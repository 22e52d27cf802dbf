// Package dynamostore is the units.Store on Amazon DynamoDB, through its
// JSON API (type Client): one item per owner key in an on-demand table
// (see template.yaml), written with a condition on its version.
//
// Items have three attributes: owner (the string partition key, such as
// "guild#123"), version (a number) and doc (the JSON document, binary).
package dynamostore

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"kostka/units"
)

// EnvTable names the environment variable that holds the table's name in
// the Discord function.
const EnvTable = "KOSTKA_UNITS_TABLE"

// The item's attributes.
const (
	attrOwner   = "owner"
	attrVersion = "version"
	attrDoc     = "doc"
)

// Store is a units.Store in a DynamoDB table.
type Store struct {
	client *Client
	table  string
}

var _ units.Store = (*Store)(nil)

// New returns a store in table through client.
func New(client *Client, table string) *Store {
	return &Store{client: client, table: table}
}

// The environment variables Open reads: those the Lambda runtime sets, and
// those of the AWS SDKs that name another endpoint (such as dynalite's on
// loopback).
const (
	EnvAccessKeyID     = "AWS_ACCESS_KEY_ID"
	EnvSecretAccessKey = "AWS_SECRET_ACCESS_KEY"
	EnvSessionToken    = "AWS_SESSION_TOKEN" // optional
	EnvRegion          = "AWS_REGION"        // or AWS_DEFAULT_REGION
	EnvDefaultRegion   = "AWS_DEFAULT_REGION"
	EnvEndpoint        = "AWS_ENDPOINT_URL_DYNAMODB" // optional, or AWS_ENDPOINT_URL
	EnvEndpointAll     = "AWS_ENDPOINT_URL"
)

// Open returns a store in table with the region, credentials and
// (optionally) endpoint in the environment that getenv reads, as a Lambda
// function has them. It reads nothing else (no shared configuration
// files, no instance metadata).
func Open(table string, getenv func(string) string) (*Store, error) {
	if table == "" {
		return nil, fmt.Errorf("dynamostore: no table name (%s)", EnvTable)
	}
	region := cmp.Or(getenv(EnvRegion), getenv(EnvDefaultRegion))
	if region == "" {
		return nil, fmt.Errorf("dynamostore: no AWS region (%s)", EnvRegion)
	}
	creds := Credentials{
		AccessKeyID:     getenv(EnvAccessKeyID),
		SecretAccessKey: getenv(EnvSecretAccessKey),
		SessionToken:    getenv(EnvSessionToken),
	}
	if creds.AccessKeyID == "" || creds.SecretAccessKey == "" {
		return nil, fmt.Errorf("dynamostore: no AWS credentials (%s and %s)", EnvAccessKeyID, EnvSecretAccessKey)
	}
	endpoint := cmp.Or(getenv(EnvEndpoint), getenv(EnvEndpointAll))
	return New(NewClient(region, endpoint, creds), table), nil
}

// CreateTable creates an on-demand table as template.yaml declares it and
// waits until it is active. Tests and local setups use it; on AWS the
// stack creates the table.
func CreateTable(ctx context.Context, client *Client, table string) error {
	in := map[string]any{
		"TableName":            table,
		"BillingMode":          "PAY_PER_REQUEST",
		"AttributeDefinitions": []map[string]string{{"AttributeName": attrOwner, "AttributeType": "S"}},
		"KeySchema":            []map[string]string{{"AttributeName": attrOwner, "KeyType": "HASH"}},
	}
	if err := client.call(ctx, "CreateTable", in, nil); err != nil {
		return fmt.Errorf("dynamostore: creating table %s: %w", table, err)
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		var out struct{ Table struct{ TableStatus string } }
		if err := client.call(ctx, "DescribeTable", map[string]string{"TableName": table}, &out); err != nil {
			return fmt.Errorf("dynamostore: waiting for table %s: %w", table, err)
		}
		if out.Table.TableStatus == "ACTIVE" {
			return nil
		}
		select {
		case <-time.After(100 * time.Millisecond):
		case <-ctx.Done():
			return fmt.Errorf("dynamostore: waiting for table %s: %w", table, ctx.Err())
		}
	}
}

// attribute is a DynamoDB attribute value, of one of the types the items
// hold: a string (S), a number (N, in decimal) or binary (B, base64 in
// JSON, as encoding/json writes a []byte).
type attribute struct {
	S *string `json:"S,omitempty"`
	N *string `json:"N,omitempty"`
	B []byte  `json:"B,omitempty"`
}

func str(s string) attribute { return attribute{S: &s} }
func num(n int64) attribute  { s := strconv.FormatInt(n, 10); return attribute{N: &s} }
func bin(b []byte) attribute { return attribute{B: b} }

// Get implements units.Store with a strongly consistent read.
func (s *Store) Get(ctx context.Context, key string) ([]byte, int64, error) {
	in := map[string]any{
		"TableName":                s.table,
		"Key":                      map[string]attribute{attrOwner: str(key)},
		"ConsistentRead":           true,
		"ProjectionExpression":     "#v, #d",
		"ExpressionAttributeNames": map[string]string{"#v": attrVersion, "#d": attrDoc},
	}
	var out struct {
		Item map[string]attribute
	}
	if err := s.client.call(ctx, "GetItem", in, &out); err != nil {
		return nil, 0, fmt.Errorf("dynamostore: reading %s: %w", key, err)
	}
	if out.Item == nil {
		return nil, 0, fmt.Errorf("%s: %w", key, units.ErrNotFound)
	}
	v, d := out.Item[attrVersion], out.Item[attrDoc]
	if v.N == nil || d.B == nil {
		return nil, 0, fmt.Errorf("dynamostore: the item %s is damaged", key)
	}
	version, err := strconv.ParseInt(*v.N, 10, 64)
	if err != nil {
		return nil, 0, fmt.Errorf("dynamostore: the version of %s: %w", key, err)
	}
	return d.B, version, nil
}

// Put implements units.Store with a conditional PutItem.
func (s *Store) Put(ctx context.Context, key string, doc []byte, version int64) (int64, error) {
	if len(doc) > units.MaxDocBytes {
		return 0, fmt.Errorf("%s: %w", key, &units.LimitError{What: "document bytes", Max: units.MaxDocBytes, Got: len(doc)})
	}
	next := version + 1
	in := map[string]any{
		"TableName": s.table,
		"Item": map[string]attribute{
			attrOwner:   str(key),
			attrVersion: num(next),
			attrDoc:     bin(doc),
		},
	}
	if version == 0 {
		in["ConditionExpression"] = "attribute_not_exists(#o)"
		in["ExpressionAttributeNames"] = map[string]string{"#o": attrOwner}
	} else {
		in["ConditionExpression"] = "#v = :v"
		in["ExpressionAttributeNames"] = map[string]string{"#v": attrVersion}
		in["ExpressionAttributeValues"] = map[string]attribute{":v": num(version)}
	}
	err := s.client.call(ctx, "PutItem", in, nil)
	var apiErr *APIError
	if errors.As(err, &apiErr) && apiErr.Code == "ConditionalCheckFailedException" {
		return 0, fmt.Errorf("%s is not at version %d: %w", key, version, units.ErrConflict)
	}
	if err != nil {
		return 0, fmt.Errorf("dynamostore: writing %s: %w", key, err)
	}
	return next, nil
}
