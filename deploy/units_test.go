package deploy_test

import (
	"os"
	"testing"

	"gopkg.in/yaml.v3"

	"kostka/units/dynamostore"
)

// TestUnitsTable: the units table is on demand, keyed as package
// units/dynamostore writes it, and the Discord function alone may read
// and write it, with the two calls the store makes, on that table only;
// buttons' payloads expire through its TTL.
func TestUnitsTable(t *testing.T) {
	b, err := os.ReadFile("../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tpl struct {
		Resources map[string]yaml.Node `yaml:"Resources"`
	}
	if err := yaml.Unmarshal(b, &tpl); err != nil {
		t.Fatal(err)
	}
	var table struct {
		Type       string `yaml:"Type"`
		Properties struct {
			BillingMode string `yaml:"BillingMode"`
			KeySchema   []struct {
				AttributeName string `yaml:"AttributeName"`
				KeyType       string `yaml:"KeyType"`
			} `yaml:"KeySchema"`
			TimeToLive struct {
				AttributeName string `yaml:"AttributeName"`
				Enabled       bool   `yaml:"Enabled"`
			} `yaml:"TimeToLiveSpecification"`
		} `yaml:"Properties"`
	}
	node, ok := tpl.Resources["UnitsTable"]
	if !ok {
		t.Fatal("no UnitsTable in template.yaml")
	}
	if err := node.Decode(&table); err != nil {
		t.Fatal(err)
	}
	if table.Type != "AWS::DynamoDB::Table" || table.Properties.BillingMode != "PAY_PER_REQUEST" ||
		len(table.Properties.KeySchema) != 1 || table.Properties.KeySchema[0].AttributeName != "owner" || table.Properties.KeySchema[0].KeyType != "HASH" {
		t.Errorf("UnitsTable: %+v", table)
	}
	if ttl := table.Properties.TimeToLive; !ttl.Enabled || ttl.AttributeName != dynamostore.AttrExpires {
		t.Errorf("UnitsTable's TTL is %+v, want enabled on %s, the expiry of buttons' payloads", ttl, dynamostore.AttrExpires)
	}

	type statement struct {
		Effect   string    `yaml:"Effect"`
		Action   []string  `yaml:"Action"`
		Resource yaml.Node `yaml:"Resource"`
	}
	type function struct {
		Properties struct {
			Environment struct {
				Variables map[string]yaml.Node `yaml:"Variables"`
			} `yaml:"Environment"`
			Policies []struct {
				Statement []statement `yaml:"Statement"`
			} `yaml:"Policies"`
		} `yaml:"Properties"`
	}
	for name, node := range tpl.Resources {
		var fn function
		if err := node.Decode(&fn); err != nil {
			t.Fatal(err)
		}
		env, hasEnv := fn.Properties.Environment.Variables[dynamostore.EnvTable]
		if name != "DiscordFunction" {
			if hasEnv || len(fn.Properties.Policies) > 0 {
				t.Errorf("%s has the units table or a policy; only DiscordFunction should", name)
			}
			continue
		}
		if !hasEnv || env.Tag != "!Ref" || env.Value != "UnitsTable" {
			t.Errorf("DiscordFunction's %s is not !Ref UnitsTable", dynamostore.EnvTable)
		}
		if len(fn.Properties.Policies) != 1 || len(fn.Properties.Policies[0].Statement) != 1 {
			t.Fatalf("DiscordFunction policies: %+v", fn.Properties.Policies)
		}
		st := fn.Properties.Policies[0].Statement[0]
		if st.Effect != "Allow" || len(st.Action) != 2 || st.Action[0] != "dynamodb:GetItem" || st.Action[1] != "dynamodb:PutItem" ||
			st.Resource.Tag != "!GetAtt" || st.Resource.Value != "UnitsTable.Arn" {
			t.Errorf("DiscordFunction's statement is not GetItem and PutItem on UnitsTable: %+v (resource %s %s)", st, st.Resource.Tag, st.Resource.Value)
		}
	}
}
