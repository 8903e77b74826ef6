#!/usr/bin/env bash
# Installs curl, which the shell examples of README.md and docs/ use against the mock (the docs
# examples test runs them). Idempotent: does nothing when it is there. Needs root (or sudo) and
# apt-get.
set -euo pipefail

if curl --version >/dev/null 2>&1; then
  echo "install-curl: curl is already installed ($(curl --version | head -n 1 | cut -d' ' -f1-2))"
  exit 0
fi

# shellcheck source=apt.sh
source "$(dirname "$0")/apt.sh"
apt_install install-curl "the docs examples test" curl ca-certificates

curl --version >/dev/null 2>&1 || apt_fail "curl still does not run after installing"
echo "install-curl: done ($(curl --version | head -n 1 | cut -d' ' -f1-2))"
