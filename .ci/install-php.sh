#!/usr/bin/env bash
# Installs the PHP that the real-Laravel tests run on: PHP 8.2 from Debian 12 with SQLite,
# mbstring and XML, and Debian's Laravel 8 framework package (/usr/share/php/Illuminate).
# Idempotent: does nothing when both are already there. Needs root (or sudo) and apt-get.
set -euo pipefail

PACKAGES=(php-cli php-sqlite3 php-mbstring php-xml php-laravel-framework)
FRAMEWORK=/usr/share/php/Illuminate

if php -v >/dev/null 2>&1 && [ -d "$FRAMEWORK" ] && php -m 2>/dev/null | grep -qx pdo_sqlite; then
  echo "install-php: PHP and Laravel are already installed ($(php -r 'echo PHP_VERSION;'))"
  exit 0
fi

fail() {
  echo "install-php: $*" >&2
  echo "install-php: the real-Laravel tests need: ${PACKAGES[*]}" >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get not found; this script supports Debian/Ubuntu only"

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || fail "must run as root (or with sudo available)"
  SUDO=(sudo)
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-php: installing ${PACKAGES[*]}"
"${SUDO[@]}" apt-get update -qq || fail "apt-get update failed"
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" \
  || fail "apt-get install failed"

php -v >/dev/null 2>&1 || fail "php still does not run after installing"
[ -d "$FRAMEWORK" ] || fail "$FRAMEWORK is missing after installing php-laravel-framework"
echo "install-php: done ($(php -r 'echo PHP_VERSION;'), Laravel $(php -r 'require "/usr/share/php/Illuminate/autoload.php"; echo Illuminate\Foundation\Application::VERSION;'))"
