#!/usr/bin/env python3
"""Translates template.yaml (AWS SAM) to the CloudFormation that the SAM
transform makes of it, with aws-sam-translator (which cfn-lint depends on),
so that CI can lint what CloudFormation deploys as well as the template.

Usage: deploy/sam-translate.py template.yaml [region] > translated.json

No AWS call is made: the template names no managed policy to look up, and
the region (default eu-central-1) is given rather than asked for.
"""
import json
import os
import sys

from samtranslator.translator.transform import transform
from samtranslator.yaml_helper import yaml_parse


def packaged(template):
    """Points each function's local CodeUri at an S3 object, as "sam
    deploy" does once it has uploaded the build (the translator takes only
    S3 locations)."""
    fn = template.get("Globals", {}).get("Function", {})
    if "CodeUri" in fn:
        fn["CodeUri"] = "s3://kostka-artifacts/code.zip"
    for name, res in template.get("Resources", {}).items():
        props = res.get("Properties", {})
        if res.get("Type") == "AWS::Serverless::Function" and "CodeUri" in props:
            props["CodeUri"] = "s3://kostka-artifacts/%s.zip" % name
    return template


class NoManagedPolicies:
    """A managed policy loader that knows none (and asks AWS for none)."""

    def load(self):
        return {}


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: sam-translate.py TEMPLATE [REGION]")
    region = sys.argv[2] if len(sys.argv) == 3 else "eu-central-1"
    os.environ["AWS_DEFAULT_REGION"] = region  # boto3's session, which the translator asks
    with open(sys.argv[1], encoding="utf-8") as f:
        template = packaged(yaml_parse(f.read()))
    translated = transform(template, {"AWS::Region": region}, NoManagedPolicies())
    json.dump(translated, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
