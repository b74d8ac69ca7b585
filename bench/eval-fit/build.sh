#!/bin/sh
# Bundles the evaluation fitter from the committed engine (HEAD), not from the working tree, so that
# other developers' unfinished edits do not leak in: a snapshot goes to $FIT_DIR/src, the bundle to
# $FIT_DIR/cli.mjs. Run from the repository root. The fitter's own files come from the tree.
set -e
FIT_DIR=${FIT_DIR:-/tmp/eval-fit}
rm -rf "$FIT_DIR/src"
mkdir -p "$FIT_DIR/src"
git archive HEAD engine bench/match | tar -x -C "$FIT_DIR/src"
mkdir -p "$FIT_DIR/src/bench/eval-fit"
cp bench/eval-fit/*.ts "$FIT_DIR/src/bench/eval-fit/"
npx esbuild "$FIT_DIR/src/bench/eval-fit/cli.ts" --bundle --platform=node --format=esm --target=node20 \
  --outfile="$FIT_DIR/cli.mjs" --log-level=warning
echo "built $FIT_DIR/cli.mjs" >&2
