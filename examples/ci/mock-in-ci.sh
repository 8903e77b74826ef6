#!/usr/bin/env bash
# CI, from the Laravel app with laravel-apidoc installed: write the API's document, serve its
# mock in the background, run the tests of its clients against it, stop it.
set -euo pipefail
export PATH="$PWD/node_modules/.bin:$PATH" # the installed apidoc, as npm scripts see it

apidoc generate
apidoc mock --quiet --port 0 --ready-file .apidoc-mock-url &
mock=$!
trap 'kill "$mock" 2>/dev/null || true' EXIT
# The file appears, with the mock's URL, once the mock answers; if the mock exits, kill -0 fails.
until [ -s .apidoc-mock-url ]; do kill -0 "$mock"; sleep 0.2; done

API_URL="$(cat .apidoc-mock-url)" npm test

kill "$mock"
wait "$mock"
