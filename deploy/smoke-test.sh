#!/usr/bin/env bash
# On a machine with Docker: brings a stack up from this checkout, sends a lead through it, reads
# the email in Mailpit, then stops the app and checks it shut down cleanly. Leaves nothing behind.
#   deploy/smoke-test.sh dev    docker-compose.yml: the app on :8080, Mailpit on :8025
#   deploy/smoke-test.sh prod   plus docker-compose.prod.yml: Caddy on :443 (a local certificate
#                               for "localhost"), mail still caught by Mailpit for the check
# CI's docker job runs both.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-dev}"
project="iconia-smoke-${mode}"
files=(-f docker-compose.yml)
profiles=()
base_url="http://localhost:8080"
curl_opts=(--fail --silent --show-error --max-time 10)

case "$mode" in
  dev) ;;
  prod)
    files+=(-f docker-compose.prod.yml)
    profiles=(--profile local-mail)
    base_url="https://localhost"
    # Caddy's own CA signs the certificate for "localhost"; the check does not trust it.
    curl_opts+=(--insecure)
    export SITE_DOMAIN=localhost
    # A second name for this machine stands in for the bare domain.
    export BARE_DOMAIN=127.0.0.1
    export SMTP_URL=smtp://mailpit:1025
    export MAIL_TO=sales@example.com
    export MAIL_FROM='"Elegant Iconia website" <no-reply@example.com>'
    ;;
  *)
    echo "usage: $0 dev|prod" >&2
    exit 2
    ;;
esac

compose() { docker compose -p "$project" "${files[@]}" "${profiles[@]}" "$@"; }
step() { printf '\n== %s\n' "$*"; }
fail() {
  echo "FAILED: $*" >&2
  exit 1
}

cleanup() {
  local status=$?
  if [ "$status" -ne 0 ]; then
    compose ps --all || true
    compose logs --no-color --tail 200 || true
  fi
  compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  exit "$status"
}
trap cleanup EXIT

step "start the $mode stack and wait until every service is healthy"
compose up --detach --build --wait --wait-timeout 300

step "the app answers its health checks"
[ "$(curl "${curl_opts[@]}" "$base_url/healthz")" = "ok" ] || fail "/healthz did not answer ok"
curl "${curl_opts[@]}" "$base_url/readyz" | grep -q '"status":"ready"' || fail "/readyz is not ready"

step "the site is served"
curl "${curl_opts[@]}" "$base_url/" | grep -qi '<html' || fail "/ is not an HTML page"

if [ "$mode" = prod ]; then
  step "the bare domain redirects to the site, keeping the path"
  location="$(curl "${curl_opts[@]}" --output /dev/null --write-out '%{redirect_url}' \
    "https://$BARE_DOMAIN/about?utm_source=print")"
  [ "$location" = "https://$SITE_DOMAIN/about?utm_source=print" ] ||
    fail "the bare domain redirected to \"$location\""
fi

step "the app runs as a non-root user"
[ "$(compose exec -T app id -u)" != "0" ] || fail "the app runs as root"

step "a brochure lead is accepted"
name="Smoke Check $(date +%s)"
reply="$(curl "${curl_opts[@]}" "$base_url/send-email" \
  --data-urlencode "name=$name" --data-urlencode 'mobile=98765 43210' \
  --data-urlencode 'plotRange=200 - 300 Sq. Yds')"
[ "$reply" = "success" ] || fail "the lead was answered with: $reply"

step "the lead email arrives in Mailpit"
for _ in $(seq 1 30); do
  if curl "${curl_opts[@]}" "http://localhost:8025/api/v1/messages" | grep -q "$name"; then
    found=yes
    break
  fi
  sleep 1
done
[ "${found:-}" = yes ] || fail "no email with \"$name\" reached Mailpit"

step "the app stops cleanly on SIGTERM"
container="$(compose ps --quiet app)"
compose stop app
[ "$(docker inspect --format '{{.State.ExitCode}}' "$container")" = "0" ] ||
  fail "the app exited with $(docker inspect --format '{{.State.ExitCode}}' "$container")"

step "the lead outlives the container: the new one lists it with the leads CLI"
compose rm --force app
compose up --wait --wait-timeout 120 app
curl "${curl_opts[@]}" "$base_url/readyz" | grep -q '"pending":0' || fail "the lead is pending after a restart"
compose exec -T app leads export --format csv | grep -q ",sent,$name," ||
  fail "the sales desk CLI does not list \"$name\" as sent"

echo
echo "smoke test ($mode): passed"
