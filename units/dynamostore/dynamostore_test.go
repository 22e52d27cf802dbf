package dynamostore_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"kostka/internal/testenv"
	"kostka/units"
	"kostka/units/dynamostore"
	"kostka/units/unitstest"
)

// envRequireNode makes a missing node or dynalite a failure, not a skip,
// as KOSTKA_REQUIRE_ALL=1 (package testenv, set by .ci/run) does.
const envRequireNode = "KOSTKA_REQUIRE_NODE"

// startDynalite starts dynalite on loopback for the test and returns its
// endpoint; it skips the test when node or dynalite is missing, unless
// KOSTKA_REQUIRE_NODE=1 or KOSTKA_REQUIRE_ALL=1.
func startDynalite(t *testing.T) string {
	t.Helper()
	const enable = "run units/dynamostore/install.sh (it needs Node.js and npm) to test the DynamoDB store against dynalite"
	missing := func(what string) {
		t.Helper()
		if os.Getenv(envRequireNode) == "1" {
			t.Fatalf("%s is missing, and %s=1: %s", what, envRequireNode, enable)
		}
		testenv.Missing(t, what, enable)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("Node.js")
	}
	if _, err := os.Stat(filepath.Join(".dynalite", "node_modules", "dynalite", "package.json")); err != nil {
		missing("dynalite")
	}
	cmd := exec.Command(node, "dynalite.js")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting dynalite: %v", err)
	}
	t.Cleanup(func() {
		stdin.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	ports := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		ports <- strings.TrimSpace(line)
	}()
	select {
	case p := <-ports:
		if _, err := strconv.Atoi(p); err != nil {
			t.Fatalf("dynalite printed %q, not a port", p)
		}
		return "http://127.0.0.1:" + p
	case <-time.After(30 * time.Second):
		t.Fatal("dynalite did not start in 30 s")
	}
	return ""
}

// newClient returns a client of the server at endpoint, with the store's
// bounds and test credentials.
func newClient(t *testing.T, endpoint string) *dynamodb.Client {
	t.Helper()
	c, err := dynamostore.NewClient(context.Background(), endpoint, config.WithRegion("eu-central-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// newPatientClient is newClient with 10 s for each attempt rather than
// AttemptTimeout: the contract test checks what the store does, and
// dynalite on a loaded machine may take longer than DynamoDB ever does.
func newPatientClient(t *testing.T, endpoint string) *dynamodb.Client {
	t.Helper()
	c, err := dynamostore.NewClient(context.Background(), endpoint, config.WithRegion("eu-central-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")),
		config.WithHTTPClient(awshttp.NewBuildableClient().WithTimeout(10*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// newStore starts dynalite, creates a table and returns a store in it.
func newStore(t *testing.T) *dynamostore.Store {
	client := newPatientClient(t, startDynalite(t))
	return dynamostore.New(client, newTable(t, client))
}

// newTable creates a table through client and returns its name.
func newTable(t *testing.T, client *dynamodb.Client) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	table := fmt.Sprintf("kostka-units-%d", time.Now().UnixNano())
	if err := dynamostore.CreateTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	return table
}

func TestContract(t *testing.T) {
	unitstest.Contract(t, newStore(t))
}

// lambdaEnv is the environment of a Lambda function, as far as Open reads
// it, with the endpoint in the variable named endpointVar.
func lambdaEnv(endpointVar, endpoint string) map[string]string {
	return map[string]string{
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_SESSION_TOKEN": "token",
		"AWS_REGION": "eu-central-1", endpointVar: endpoint,
	}
}

// TestOpen: a store opened from the environment, as the Discord function
// opens it, keeps the contract, with the endpoint in either variable.
func TestOpen(t *testing.T) {
	endpoint := startDynalite(t)
	client := newPatientClient(t, endpoint)
	for _, v := range []string{"AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL"} {
		t.Run(v, func(t *testing.T) {
			env := lambdaEnv(v, endpoint)
			s, err := dynamostore.Open(newTable(t, client), func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			unitstest.Contract(t, s)
		})
	}
}

// TestOpenNeeds: Open without a table or a region says which variable is
// missing. (Credentials come from the SDK's chain, resolved on the first
// call.)
func TestOpenNeeds(t *testing.T) {
	tests := []struct {
		table, unset, want string
	}{
		{"", "", dynamostore.EnvTable},
		{"units", "AWS_REGION", dynamostore.EnvRegion},
	}
	for _, tt := range tests {
		env := lambdaEnv("AWS_ENDPOINT_URL_DYNAMODB", "http://127.0.0.1:1")
		delete(env, tt.unset)
		if _, err := dynamostore.Open(tt.table, func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Open(%q) without %s = %v, want an error naming %s", tt.table, tt.unset, err, tt.want)
		}
	}
	env := lambdaEnv("AWS_ENDPOINT_URL", "http://127.0.0.1:1")
	delete(env, "AWS_REGION")
	env["AWS_DEFAULT_REGION"] = "eu-central-1"
	if _, err := dynamostore.Open("units", func(k string) string { return env[k] }); err != nil {
		t.Errorf("Open with AWS_DEFAULT_REGION: %v", err)
	}
}

// TestMissingTable: a store whose table does not exist fails with the
// server's error, not ErrNotFound or ErrConflict.
func TestMissingTable(t *testing.T) {
	missing := dynamostore.New(newClient(t, startDynalite(t)), "no-such-table")
	ctx := context.Background()
	if _, _, err := missing.Get(ctx, "guild#1"); err == nil || errors.Is(err, units.ErrNotFound) {
		t.Errorf("Get from a missing table = %v, want a server error", err)
	}
	if _, err := missing.Put(ctx, "guild#1", []byte(`{}`), 0); err == nil || errors.Is(err, units.ErrConflict) {
		t.Errorf("Put into a missing table = %v, want a server error", err)
	}
}
