// Package dynamostore is the units.Store on Amazon DynamoDB, through the
// AWS SDK's DynamoDB client: one item per owner key in an on-demand table
// (see template.yaml), written with a condition on its version.
//
// Items have three attributes: owner (the string partition key, such as
// "guild#123"), version (a number) and doc (the JSON document, binary).
// An expiring item (a button's payload, "button#KEY") has owner, doc and
// expires instead: its expiry in seconds since 1970, the table's TTL
// attribute (TimeToLiveSpecification in template.yaml), so DynamoDB
// deletes it some time after it expires; until then GetExpiring still
// returns it with its expiry, and the caller refuses it.
//
// The SDK's client replaced a hand-written one that saved about 5 ms of
// package initialization: measured side by side with the earlier tree
// (go run ./deploy/coldstart -vs), the Discord function now starts 3.3 ms
// later (+8.8 ms over a hello-world function instead of +5.0 ms, with
// the search engine's own vellum, 31 runs), well inside its +25 ms goal.
//
// Every call is bounded: each attempt by AttemptTimeout, and a call by
// MaxAttempts attempts with at most MaxBackoff between them (see
// WorstCall), so that a stalled table costs an interaction seconds, not
// its function's whole timeout.
package dynamostore

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"kostka/units"
)

// EnvTable names the environment variable that holds the table's name in
// the Discord function.
const EnvTable = "KOSTKA_UNITS_TABLE"

// The bounds of every call the store makes (template_test in deploy/
// checks them against the Discord function's timeout in template.yaml).
const (
	// AttemptTimeout bounds one HTTP attempt, from dialing to the last
	// byte of the answer. A GetItem or PutItem of one small item takes a
	// few milliseconds; an attempt that takes a second is stalled.
	AttemptTimeout = time.Second
	// MaxAttempts is how many times a call is tried when DynamoDB throttles,
	// answers 5xx, or an attempt fails on the network or times out.
	MaxAttempts = 2
	// MaxBackoff bounds the (jittered) wait between attempts.
	MaxBackoff = 100 * time.Millisecond
	// WorstCall is the longest a call can take.
	WorstCall = MaxAttempts*AttemptTimeout + (MaxAttempts-1)*MaxBackoff
)

// The item's attributes.
const (
	attrOwner   = "owner"
	attrVersion = "version"
	attrDoc     = "doc"
	// AttrExpires is the expiring items' expiry, the table's TTL
	// attribute.
	AttrExpires = "expires"
)

// Store is a units.Store in a DynamoDB table.
type Store struct {
	client *dynamodb.Client
	table  string
}

var _ units.Store = (*Store)(nil)

// New returns a store in table through client.
func New(client *dynamodb.Client, table string) *Store {
	return &Store{client: client, table: table}
}

// The environment variables Open reads itself: the region, as the Lambda
// runtime sets it, and those of the AWS SDKs that name another endpoint
// (such as dynalite's on loopback). Credentials come from the SDK's
// default chain (see Open).
const (
	EnvAccessKeyID     = "AWS_ACCESS_KEY_ID"
	EnvSecretAccessKey = "AWS_SECRET_ACCESS_KEY"
	EnvSessionToken    = "AWS_SESSION_TOKEN" // optional
	EnvRegion          = "AWS_REGION"        // or AWS_DEFAULT_REGION
	EnvDefaultRegion   = "AWS_DEFAULT_REGION"
	EnvEndpoint        = "AWS_ENDPOINT_URL_DYNAMODB" // optional, or AWS_ENDPOINT_URL
	EnvEndpointAll     = "AWS_ENDPOINT_URL"
)

// Open returns a store in table, in the region and (optionally) at the
// endpoint of the environment that getenv reads, as a Lambda function has
// them. Its credentials are those of getenv's AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN when set (as in a Lambda
// function), else those the SDK's default chain finds (shared
// configuration and credentials files, SSO, a container's or an
// instance's role), resolved on the first call.
func Open(table string, getenv func(string) string) (*Store, error) {
	if table == "" {
		return nil, fmt.Errorf("dynamostore: no table name (%s)", EnvTable)
	}
	region := cmp.Or(getenv(EnvRegion), getenv(EnvDefaultRegion))
	if region == "" {
		return nil, fmt.Errorf("dynamostore: no AWS region (%s)", EnvRegion)
	}
	opts := []func(*config.LoadOptions) error{config.WithRegion(region)}
	if id, secret := getenv(EnvAccessKeyID), getenv(EnvSecretAccessKey); id != "" && secret != "" {
		opts = append(opts, config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(id, secret, getenv(EnvSessionToken))))
	}
	client, err := NewClient(context.Background(), cmp.Or(getenv(EnvEndpoint), getenv(EnvEndpointAll)), opts...)
	if err != nil {
		return nil, err
	}
	return New(client, table), nil
}

// NewClient returns a DynamoDB client with the store's bounds (each
// attempt AttemptTimeout, MaxAttempts attempts), configured by the SDK's
// defaults and opts, at endpoint or, when endpoint is "", at the region's.
func NewClient(ctx context.Context, endpoint string, opts ...func(*config.LoadOptions) error) (*dynamodb.Client, error) {
	opts = append([]func(*config.LoadOptions) error{
		config.WithHTTPClient(awshttp.NewBuildableClient().WithTimeout(AttemptTimeout)),
		config.WithRetryer(func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) {
				o.MaxAttempts = MaxAttempts
				o.MaxBackoff = MaxBackoff
			})
		}),
	}, opts...)
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("dynamostore: the AWS configuration: %w", err)
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	}), nil
}

// CreateTable creates an on-demand table as template.yaml declares it and
// waits until it is active. Tests and local setups use it; on AWS the
// stack creates the table. It does not turn on the TTL on AttrExpires
// (dynalite has no UpdateTimeToLive): expired items are then kept, and
// still never served.
func CreateTable(ctx context.Context, client *dynamodb.Client, table string) error {
	_, err := client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(table),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(attrOwner), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String(attrOwner), KeyType: types.KeyTypeHash}},
	})
	if err != nil {
		return fmt.Errorf("dynamostore: creating table %s: %w", table, err)
	}
	waiter := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay, o.MaxDelay = 100*time.Millisecond, time.Second
	})
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)}, time.Minute); err != nil {
		return fmt.Errorf("dynamostore: waiting for table %s: %w", table, err)
	}
	return nil
}

// Get implements units.Store with a strongly consistent read.
func (s *Store) Get(ctx context.Context, key string) ([]byte, int64, error) {
	out, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:                aws.String(s.table),
		Key:                      map[string]types.AttributeValue{attrOwner: &types.AttributeValueMemberS{Value: key}},
		ConsistentRead:           aws.Bool(true),
		ProjectionExpression:     aws.String("#v, #d"),
		ExpressionAttributeNames: map[string]string{"#v": attrVersion, "#d": attrDoc},
	})
	if err != nil {
		return nil, 0, fmt.Errorf("dynamostore: reading %s: %w", key, err)
	}
	if out.Item == nil {
		return nil, 0, fmt.Errorf("%s: %w", key, units.ErrNotFound)
	}
	v, okV := out.Item[attrVersion].(*types.AttributeValueMemberN)
	d, okD := out.Item[attrDoc].(*types.AttributeValueMemberB)
	if !okV || !okD {
		return nil, 0, fmt.Errorf("dynamostore: the item %s is damaged", key)
	}
	version, err := strconv.ParseInt(v.Value, 10, 64)
	if err != nil {
		return nil, 0, fmt.Errorf("dynamostore: the version of %s: %w", key, err)
	}
	return d.Value, version, nil
}

// Put implements units.Store with a conditional PutItem.
func (s *Store) Put(ctx context.Context, key string, doc []byte, version int64) (int64, error) {
	if len(doc) > units.MaxDocBytes {
		return 0, fmt.Errorf("%s: %w", key, &units.LimitError{What: "document bytes", Max: units.MaxDocBytes, Got: len(doc)})
	}
	next := version + 1
	in := &dynamodb.PutItemInput{
		TableName: aws.String(s.table),
		Item: map[string]types.AttributeValue{
			attrOwner:   &types.AttributeValueMemberS{Value: key},
			attrVersion: &types.AttributeValueMemberN{Value: strconv.FormatInt(next, 10)},
			attrDoc:     &types.AttributeValueMemberB{Value: doc},
		},
	}
	if version == 0 {
		in.ConditionExpression = aws.String("attribute_not_exists(#o)")
		in.ExpressionAttributeNames = map[string]string{"#o": attrOwner}
	} else {
		in.ConditionExpression = aws.String("#v = :v")
		in.ExpressionAttributeNames = map[string]string{"#v": attrVersion}
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: strconv.FormatInt(version, 10)}}
	}
	_, err := s.client.PutItem(ctx, in)
	if _, ok := errors.AsType[*types.ConditionalCheckFailedException](err); ok {
		// An attempt that timed out or failed may still have been written,
		// and then the retry fails its condition: the write is ours when
		// the item holds our document at our version.
		if stored, v, gerr := s.Get(ctx, key); gerr == nil && v == next && bytes.Equal(stored, doc) {
			return next, nil
		}
		return 0, fmt.Errorf("%s is not at version %d: %w", key, version, units.ErrConflict)
	}
	if err != nil {
		return 0, fmt.Errorf("dynamostore: writing %s: %w", key, err)
	}
	return next, nil
}

// PutExpiring implements units.Store with a PutItem on condition that the
// key is free.
func (s *Store) PutExpiring(ctx context.Context, key string, doc []byte, expires time.Time) error {
	if len(doc) > units.MaxDocBytes {
		return fmt.Errorf("%s: %w", key, &units.LimitError{What: "document bytes", Max: units.MaxDocBytes, Got: len(doc)})
	}
	_, err := s.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.table),
		Item: map[string]types.AttributeValue{
			attrOwner:   &types.AttributeValueMemberS{Value: key},
			attrDoc:     &types.AttributeValueMemberB{Value: doc},
			AttrExpires: &types.AttributeValueMemberN{Value: strconv.FormatInt(units.ExpirySeconds(expires), 10)},
		},
		ConditionExpression:      aws.String("attribute_not_exists(#o)"),
		ExpressionAttributeNames: map[string]string{"#o": attrOwner},
	})
	if _, ok := errors.AsType[*types.ConditionalCheckFailedException](err); ok {
		// As in Put: a retried attempt whose first one was written fails
		// its condition, and the write is ours when the item holds our
		// document.
		if stored, _, gerr := s.GetExpiring(ctx, key); gerr == nil && bytes.Equal(stored, doc) {
			return nil
		}
		return fmt.Errorf("%s is taken: %w", key, units.ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("dynamostore: writing %s: %w", key, err)
	}
	return nil
}

// GetExpiring implements units.Store with a strongly consistent read.
func (s *Store) GetExpiring(ctx context.Context, key string) ([]byte, time.Time, error) {
	out, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:                aws.String(s.table),
		Key:                      map[string]types.AttributeValue{attrOwner: &types.AttributeValueMemberS{Value: key}},
		ConsistentRead:           aws.Bool(true),
		ProjectionExpression:     aws.String("#e, #d"),
		ExpressionAttributeNames: map[string]string{"#e": AttrExpires, "#d": attrDoc},
	})
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("dynamostore: reading %s: %w", key, err)
	}
	if out.Item == nil {
		return nil, time.Time{}, fmt.Errorf("%s: %w", key, units.ErrNotFound)
	}
	e, okE := out.Item[AttrExpires].(*types.AttributeValueMemberN)
	d, okD := out.Item[attrDoc].(*types.AttributeValueMemberB)
	if !okE || !okD {
		return nil, time.Time{}, fmt.Errorf("dynamostore: the item %s is damaged", key)
	}
	sec, err := strconv.ParseInt(e.Value, 10, 64)
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("dynamostore: the expiry of %s: %w", key, err)
	}
	return d.Value, time.Unix(sec, 0), nil
}
