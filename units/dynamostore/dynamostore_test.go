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

	"github.com/aws/aws-sdk-go-v2/aws"
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

// newClient returns a client of the server at endpoint.
func newClient(endpoint string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region:       "eu-central-1",
		BaseEndpoint: aws.String(endpoint),
		Credentials: aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
			return aws.Credentials{AccessKeyID: "test", SecretAccessKey: "test", Source: "test"}, nil
		}),
	})
}

// newStore starts dynalite, creates a table and returns a store in it.
func newStore(t *testing.T) *dynamostore.Store {
	client := newClient(startDynalite(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	table := fmt.Sprintf("kostka-units-%d", time.Now().UnixNano())
	if err := dynamostore.CreateTable(ctx, client, table); err != nil {
		t.Fatal(err)
	}
	return dynamostore.New(client, table)
}

func TestContract(t *testing.T) {
	unitstest.Contract(t, newStore(t))
}

func TestOpenNeedsTable(t *testing.T) {
	if _, err := dynamostore.Open(context.Background(), ""); err == nil || !strings.Contains(err.Error(), dynamostore.EnvTable) {
		t.Errorf("Open without a table = %v, want an error naming %s", err, dynamostore.EnvTable)
	}
}

// TestMissingTable: a store whose table does not exist fails with the
// server's error, not ErrNotFound or ErrConflict.
func TestMissingTable(t *testing.T) {
	missing := dynamostore.New(newClient(startDynalite(t)), "no-such-table")
	ctx := context.Background()
	if _, _, err := missing.Get(ctx, "guild#1"); err == nil || errors.Is(err, units.ErrNotFound) {
		t.Errorf("Get from a missing table = %v, want a server error", err)
	}
	if _, err := missing.Put(ctx, "guild#1", []byte(`{}`), 0); err == nil || errors.Is(err, units.ErrConflict) {
		t.Errorf("Put into a missing table = %v, want a server error", err)
	}
}
