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

# shellcheck source=apt.sh
source "$(dirname "$0")/apt.sh"
apt_install install-php "the real-Laravel tests" "${PACKAGES[@]}"

php -v >/dev/null 2>&1 || apt_fail "php still does not run after installing"
[ -d "$FRAMEWORK" ] || apt_fail "$FRAMEWORK is missing after installing php-laravel-framework"
echo "install-php: done ($(php -r 'echo PHP_VERSION;'), Laravel $(php -r 'require "/usr/share/php/Illuminate/autoload.php"; echo Illuminate\Foundation\Application::VERSION;'))"
