#!/bin/bash
# Harness self-test: a suite with one passing and one failing case.
echo "KTAP version 1"
echo "1..2"
echo "ok 1 harness_passing_case"
echo "not ok 2 harness_deliberate_failure # failing on purpose"
