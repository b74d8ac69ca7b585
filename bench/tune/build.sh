#!/bin/sh
# Bundles the tuner from the committed engine (HEAD), not from the working tree, so that other
# developers' unfinished edits do not leak in: a snapshot goes to $TUNE_DIR/src, the bundle to
# $TUNE_DIR/cli.mjs. Run from the repository root. The tuner's own files come from the tree.
set -e
TUNE_DIR=${TUNE_DIR:-/tmp/tune}
rm -rf "$TUNE_DIR/src"
mkdir -p "$TUNE_DIR/src"
git archive HEAD engine bench/match | tar -x -C "$TUNE_DIR/src"
mkdir -p "$TUNE_DIR/src/bench/tune"
cp bench/tune/*.ts "$TUNE_DIR/src/bench/tune/"
npx esbuild "$TUNE_DIR/src/bench/tune/cli.ts" --bundle --platform=node --format=esm --target=node20 \
  --outfile="$TUNE_DIR/cli.mjs" --log-level=warning
echo "built $TUNE_DIR/cli.mjs" >&2
