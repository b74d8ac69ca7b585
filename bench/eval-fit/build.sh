#!/bin/sh
# Bundles the evaluation fitter from the committed engine (HEAD), not from the working tree, so that
# other developers' unfinished edits do not leak in: a snapshot goes to $FIT_DIR/src, the bundle to
# $FIT_DIR/cli.cjs. Run from the repository root. The fitter's own files come from the tree, its
# packages (commander) from the checkout's node_modules.
set -e
FIT_DIR=${FIT_DIR:-/tmp/eval-fit}
rm -rf "$FIT_DIR/src"
mkdir -p "$FIT_DIR/src"
git archive HEAD engine bench/match bench/cli-args.ts | tar -x -C "$FIT_DIR/src"
mkdir -p "$FIT_DIR/src/bench/eval-fit"
cp bench/eval-fit/*.ts "$FIT_DIR/src/bench/eval-fit/"
ln -s "$PWD/node_modules" "$FIT_DIR/src/node_modules"
npx esbuild "$FIT_DIR/src/bench/eval-fit/cli.ts" --bundle --platform=node --format=cjs --target=node20 \
  --outfile="$FIT_DIR/cli.cjs" --log-level=warning
echo "built $FIT_DIR/cli.cjs" >&2
