#!/usr/bin/env bash
# CI, from the Laravel app with laravel-apidoc installed (its database migrated and seeded): write
# the API's document from the code, serve the app, check that it answers as the document says,
# keep a JUnit report. API_TOKEN: a seeded user's API token. PORT: where to serve (8000).
set -euo pipefail
export PATH="$PWD/node_modules/.bin:$PATH" # the installed apidoc, as npm scripts see it
port="${PORT:-8000}"

apidoc generate
php -S "127.0.0.1:$port" -t public 2>/dev/null &
app=$!
trap 'kill "$app" 2>/dev/null || true' EXIT
# The app answers once its port accepts connections; if PHP exits, kill -0 fails.
until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do kill -0 "$app"; sleep 0.2; done

apidoc verify --url "http://127.0.0.1:$port" --bearer "$API_TOKEN" --junit apidoc-verify.xml
