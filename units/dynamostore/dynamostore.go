// Package dynamostore is the units.Store on Amazon DynamoDB, through the
// AWS SDK for Go v2: one item per owner key in an on-demand table (see
// template.yaml), written with a condition on its version.
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

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

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
	client *dynamodb.Client
	table  string
}

var _ units.Store = (*Store)(nil)

// New returns a store in table through client.
func New(client *dynamodb.Client, table string) *Store {
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
// files, no instance metadata): the SDK's configuration loader and the
// credential providers it links cost a cold Lambda function several
// milliseconds of package initialization.
func Open(table string, getenv func(string) string) (*Store, error) {
	if table == "" {
		return nil, fmt.Errorf("dynamostore: no table name (%s)", EnvTable)
	}
	region := cmp.Or(getenv(EnvRegion), getenv(EnvDefaultRegion))
	if region == "" {
		return nil, fmt.Errorf("dynamostore: no AWS region (%s)", EnvRegion)
	}
	creds := aws.Credentials{
		AccessKeyID:     getenv(EnvAccessKeyID),
		SecretAccessKey: getenv(EnvSecretAccessKey),
		SessionToken:    getenv(EnvSessionToken),
		Source:          "environment",
	}
	if creds.AccessKeyID == "" || creds.SecretAccessKey == "" {
		return nil, fmt.Errorf("dynamostore: no AWS credentials (%s and %s)", EnvAccessKeyID, EnvSecretAccessKey)
	}
	opts := dynamodb.Options{
		Region: region,
		Credentials: aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
			return creds, nil
		}),
	}
	if endpoint := cmp.Or(getenv(EnvEndpoint), getenv(EnvEndpointAll)); endpoint != "" {
		opts.BaseEndpoint = aws.String(endpoint)
	}
	return New(dynamodb.New(opts), table), nil
}

// CreateTable creates an on-demand table as template.yaml declares it and
// waits until it is active. Tests and local setups use it; on AWS the
// stack creates the table.
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
	w := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) { o.MinDelay = 100 * time.Millisecond })
	if err := w.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)}, time.Minute); err != nil {
		return fmt.Errorf("dynamostore: waiting for table %s: %w", table, err)
	}
	return nil
}

// Get implements units.Store with a strongly consistent read.
func (s *Store) Get(ctx context.Context, key string) ([]byte, int64, error) {
	out, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:            aws.String(s.table),
		Key:                  map[string]types.AttributeValue{attrOwner: &types.AttributeValueMemberS{Value: key}},
		ConsistentRead:       aws.Bool(true),
		ProjectionExpression: aws.String("#v, #d"),
		ExpressionAttributeNames: map[string]string{
			"#v": attrVersion,
			"#d": attrDoc,
		},
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
	var failed *types.ConditionalCheckFailedException
	if errors.As(err, &failed) {
		return 0, fmt.Errorf("%s is not at version %d: %w", key, version, units.ErrConflict)
	}
	if err != nil {
		return 0, fmt.Errorf("dynamostore: writing %s: %w", key, err)
	}
	return next, nil
}
