#!/usr/bin/env bash
# CI end to end: Debian's chromium and nginx, the nginx config checked with `nginx -t`, the whole e2e
# suite for every tenant, then login + message once through nginx in front of the server.
# Called from .ci/run after the unit tests. Everything it starts is stopped by scripts/e2e.ts.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
# A CJK font, so screenshots of failures show the Chinese UI instead of empty boxes.
fc-list :lang=zh 2>/dev/null | grep -q . || missing+=(fonts-wqy-zenhei)
# The print scenario reads the printed PDFs' text with poppler's pdftotext.
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if [ "${#missing[@]}" -gt 0 ]; then
  step "install ${missing[*]} (Debian)"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
export PATH="$PATH:/usr/sbin"

first_tenant="$(ls tenants/*.json | grep -v '/schema.json$' | head -1 | xargs basename | sed 's/\.json$//')"

step "nginx -t on the rendered tenant configuration (${first_tenant})"
prefix="$(mktemp -d /tmp/cotton-nginx-check.XXXXXX)"
trap 'rm -rf "$prefix"' EXIT
conf="$(npx --no-install tsx scripts/deploy-nginx.ts "$first_tenant" \
  --server-name "${first_tenant}.example.com" --upstream 127.0.0.1:8081 --listen 127.0.0.1:8080 \
  --standalone "$prefix")"
nginx -t -p "$prefix" -c "$conf"

step "e2e: every tenant in Chromium against the real server (npm run test:e2e)"
npm run test:e2e

step "e2e: login and a live message through nginx in front of the server (${first_tenant})"
npm run test:e2e -- --no-build --via-nginx --tenant "$first_tenant" --grep '^(login|messages: a message)'
