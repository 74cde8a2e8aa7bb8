# Shared by backup.sh and restore.sh (sourced, not run).
#
# Where the PostgreSQL tools run: by default in compose's db container, so they are the server's
# own version and reach it without a password. PG_CLIENT replaces that prefix: "" runs the tools of
# this machine, e.g. with PGHOST/PGPORT/PGPASSWORD set, or "env PGHOST=db.internal" as a prefix.
read -r -a PG_RUN <<<"${PG_CLIENT-docker compose exec -T db}"
DB_NAME="${DB_NAME:-mcplet}"
DB_USER="${DB_USER:-mcplet}"

fail() {
  echo "✖ $*" >&2
  exit 1
}

# The operator's HOST_KEY: from the environment, else from ./.env (compose's own file).
host_key() {
  local key="${HOST_KEY:-}"
  if [ -z "$key" ] && [ -f .env ]; then
    key="$(sed -n 's/^[[:space:]]*HOST_KEY=//p' .env | tail -n 1)"
    key="${key%\"}" key="${key#\"}" key="${key%\'}" key="${key#\'}"
  fi
  [ -n "$key" ] || fail "HOST_KEY is not set (in the environment or ./.env): a backup is only as good as the key that opens its sealed values."
  printf '%s' "$key"
}

# A fingerprint of the key (SHA-256 of its 32 bytes, read as the host reads it: 64 hex characters,
# else base64; lib/db/host-key.ts), so a backup names the key it needs without holding it.
key_fingerprint() {
  local key="$1" bytes
  if [[ "$key" =~ ^[0-9a-fA-F]{64}$ ]]; then
    bytes="$(printf '%s' "$key" | sed 's/../\\x&/g')"
    printf '%b' "$bytes" | sha256sum | cut -d' ' -f1
  else
    [ "$(printf '%s' "$key" | base64 -d 2>/dev/null | wc -c)" -eq 32 ] ||
      fail "HOST_KEY must be 32 bytes, as 64 hex characters or base64 (openssl rand -hex 32)."
    printf '%s' "$key" | base64 -d | sha256sum | cut -d' ' -f1
  fi
}
