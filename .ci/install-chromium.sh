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

# shellcheck source=apt.sh
source "$(dirname "$0")/apt.sh"
apt_install install-chromium "the browser test of apidoc watch" "${PACKAGES[@]}"

[ -x "$BROWSER" ] || apt_fail "$BROWSER is missing after installing chromium"
version >/dev/null || apt_fail "$BROWSER does not run after installing"
echo "install-chromium: done ($(version))"
