#!/usr/bin/env bash
# Installs the Redis that the tests of `apidoc mock --state redis://` run against: Debian 12's
# redis-server. The tests start their own on a free port of 127.0.0.1 (persisting nothing) and
# stop it by PID, so no service is started here. Idempotent: does nothing when it is there.
# Needs root (or sudo) and apt-get.
set -euo pipefail

if redis-server --version >/dev/null 2>&1; then
  echo "install-redis: redis-server is already installed ($(redis-server --version | head -n 1))"
  exit 0
fi

# shellcheck source=apt.sh
source "$(dirname "$0")/apt.sh"
apt_install install-redis "the tests of mock --state redis://" redis-server

redis-server --version >/dev/null 2>&1 || apt_fail "redis-server still does not run after installing"
echo "install-redis: done ($(redis-server --version | head -n 1))"
