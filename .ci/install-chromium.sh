#!/usr/bin/env bash
# Installs the browser the `apidoc watch` end-to-end test drives: Debian's chromium, at
# /usr/bin/chromium (playwright-core launches it with executablePath; no browser download).
# Idempotent: does nothing when it is already there. Needs root (or sudo) and apt-get.
set -euo pipefail

PACKAGES=(chromium)
BROWSER=/usr/bin/chromium

version() {
  "$BROWSER" --version 2>/dev/null | head -n 1
}

if [ -x "$BROWSER" ] && version >/dev/null; then
  echo "install-chromium: chromium is already installed ($(version))"
  exit 0
fi

fail() {
  echo "install-chromium: $*" >&2
  echo "install-chromium: the browser test of apidoc watch needs: ${PACKAGES[*]}" >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get not found; this script supports Debian/Ubuntu only"

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || fail "must run as root (or with sudo available)"
  SUDO=(sudo)
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-chromium: installing ${PACKAGES[*]}"
"${SUDO[@]}" apt-get update -qq || fail "apt-get update failed"
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" \
  || fail "apt-get install failed"

[ -x "$BROWSER" ] || fail "$BROWSER is missing after installing chromium"
version >/dev/null || fail "$BROWSER does not run after installing"
echo "install-chromium: done ($(version))"
