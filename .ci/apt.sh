#!/usr/bin/env bash
# Sourced by the install scripts: `apt_install <tag> <what needs them> <package>...` installs
# Debian packages with apt-get (as root, or through sudo), or exits 1 with one line saying why.

apt_fail() {
  echo "$APT_TAG: $*" >&2
  echo "$APT_TAG: $APT_NEEDED_BY needs: ${APT_PACKAGES[*]}" >&2
  exit 1
}

apt_install() {
  APT_TAG=$1
  APT_NEEDED_BY=$2
  shift 2
  APT_PACKAGES=("$@")
  command -v apt-get >/dev/null 2>&1 || apt_fail "apt-get not found; this script supports Debian/Ubuntu only"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || apt_fail "must run as root (or with sudo available)"
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  echo "$APT_TAG: installing ${APT_PACKAGES[*]}"
  "${sudo[@]}" apt-get update -qq || apt_fail "apt-get update failed"
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${APT_PACKAGES[@]}" \
    || apt_fail "apt-get install failed"
}
