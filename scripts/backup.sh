#!/usr/bin/env bash
# Backs up a hosted deployment's database, with the fingerprint of the HOST_KEY its sealed values
# were written under (docs/operations.md, "Back up"):
#
#   scripts/backup.sh backups/$(date -u +%Y%m%dT%H%M%SZ)
#
# Writes, in a new directory: database.dump (pg_dump, custom format) and host-key.sha256. The key
# itself stays out: whoever holds a dump and its key reads every sealed value, so the key lives in
# your secrets store, and restore.sh refuses a key whose fingerprint is not this one.
# Settings: PG_CLIENT, DB_NAME, DB_USER (backup-common.sh); HOST_KEY from the environment or ./.env.
set -euo pipefail
source "$(dirname "$0")/backup-common.sh"

dir="${1:-}"
[ -n "$dir" ] || fail "Usage: scripts/backup.sh <new backup directory>"
[ ! -e "$dir" ] || fail "$dir exists already: each backup goes into a directory of its own."
fingerprint="$(key_fingerprint "$(host_key)")"

# The dump holds every conversation (sealed parts sealed, the rest as written): for its owner only.
umask 077
mkdir -p "$dir"
# Written under a temporary name: a dump cut short (a full disk, a dropped connection) never
# looks like a finished backup.
"${PG_RUN[@]}" pg_dump --format=custom --no-owner --username="$DB_USER" --dbname="$DB_NAME" >"$dir/database.dump.partial"
mv "$dir/database.dump.partial" "$dir/database.dump"
printf '%s\n' "$fingerprint" >"$dir/host-key.sha256"
echo "Backed up database $DB_NAME to $dir/database.dump ($(wc -c <"$dir/database.dump") bytes), sealed under the HOST_KEY with fingerprint ${fingerprint:0:16}…"
