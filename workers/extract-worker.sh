#!/bin/sh
# The extract queue (extract + resolve + store): CPU bound, one process per core.
# Scale with `docker compose up --scale extract-worker=N`.
set -eu
exec arxref worker --queues extract --concurrency "${ARXREF_EXTRACT_CONCURRENCY:-$(nproc)}" \
  --hostname "extract@${HOSTNAME:-$(hostname)}" "$@"
