#!/usr/bin/env bash
# Restores a backup made by backup.sh (docs/operations.md, "Restore"), replacing the database:
#
#   scripts/restore.sh backups/20261129T031500Z
#
# Stop the app first (docker compose stop app): the database is dropped and made anew, then filled
# from the dump, so nothing written after the backup survives (an upgrade's migrations included).
# Refuses unless HOST_KEY is the key the backup was made under: the restored database's sealed
# values open only with it. DB_NAME names the database to replace; another name restores beside the
# live one (a restore drill).
# Settings: PG_CLIENT, DB_NAME, DB_USER (backup-common.sh); HOST_KEY from the environment or ./.env.
set -euo pipefail
source "$(dirname "$0")/backup-common.sh"

dir="${1:-}"
[ -n "$dir" ] || fail "Usage: scripts/restore.sh <backup directory>"
[ -f "$dir/database.dump" ] && [ -f "$dir/host-key.sha256" ] ||
  fail "$dir is not a backup made by scripts/backup.sh (database.dump and host-key.sha256)."
expected="$(tr -d '[:space:]' <"$dir/host-key.sha256")"
actual="$(key_fingerprint "$(host_key)")"
[ "$actual" = "$expected" ] ||
  fail "This backup was made under another HOST_KEY (fingerprint ${expected:0:16}…, this one is ${actual:0:16}…). Restore it with the key it was made under, or its sealed values will not open. Nothing was changed."
[[ "$DB_NAME" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || fail "DB_NAME \"$DB_NAME\" is not a plain database name."

"${PG_RUN[@]}" psql --username="$DB_USER" --dbname=postgres --quiet -v ON_ERROR_STOP=1 \
  -c "SET client_min_messages = warning" \
  -c "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE)" \
  -c "CREATE DATABASE \"$DB_NAME\""
"${PG_RUN[@]}" pg_restore --no-owner --exit-on-error --username="$DB_USER" --dbname="$DB_NAME" <"$dir/database.dump"
echo "Restored $dir into database $DB_NAME; start the app with the same HOST_KEY."
