#!/bin/sh
# `leads <command>` inside the container is the sales desk CLI that `pnpm leads <command>` runs
# outside it, on the same settings (DATA_DIR=/data): docker compose exec app leads export --format csv
exec node /app/apps/api/dist/leads.js "$@"
