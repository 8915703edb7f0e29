#!/bin/sh
# Backs up the site's data: a consistent copy of the database (taken while the site runs,
# with SQLite's online backup: `npm run leads -- backup`) and the uploaded files, into
# $BACKUP_DIR/<UTC date and time>/, then keeps only the newest $KEEP such folders.
# Run nightly by business-growth-backup.timer; by hand from the release folder:
#   DATA_DIR=/var/lib/business-growth BACKUP_DIR=/var/backups/business-growth deploy/backup.sh
# Check a copy (prints the documents per collection; changes nothing):
#   DATA_DIR=/var/backups/business-growth/<folder> npm run --silent leads -- count
set -eu

: "${DATA_DIR:?set DATA_DIR to the site's data folder}"
: "${BACKUP_DIR:?set BACKUP_DIR to the folder that keeps the backups}"
KEEP="${KEEP:-14}"
case "$KEEP" in '' | *[!0-9]* | 0) echo "KEEP must be a whole number above 0, not \"$KEEP\"" >&2; exit 2 ;; esac

cd "$(dirname "$0")/.."
stamp="$(date -u +%Y-%m-%dT%H%M%SZ)"
target="$BACKUP_DIR/$stamp"
partial="$BACKUP_DIR/.partial-$stamp"
mkdir -p "$partial"
# If anything below fails, no half-made backup is left to be mistaken for a good one.
trap 'rm -rf "$partial"' EXIT

DATA_DIR="$DATA_DIR" npm run --silent leads -- backup "$partial/site.db"
if [ -d "$DATA_DIR/files" ]; then
  tar -C "$DATA_DIR" -cf "$partial/files.tar" files
fi
mv "$partial" "$target"
trap - EXIT
echo "Backup written to $target"

# Keep the newest $KEEP backups (the folder names sort by time).
ls -1 "$BACKUP_DIR" | grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{6}Z$' | sort -r | tail -n +"$((KEEP + 1))" | while read -r old; do
  rm -rf "${BACKUP_DIR:?}/$old"
  echo "Removed the old backup $BACKUP_DIR/$old"
done
