#!/bin/sh
# The fetch queue: I/O bound, paced by the shared Redis rate limit, so a few processes
# per container are plenty. Scale with `docker compose up --scale fetch-worker=N`.
set -eu
exec arxref worker --queues fetch --concurrency "${ARXREF_FETCH_CONCURRENCY:-2}" \
  --hostname "fetch@${HOSTNAME:-$(hostname)}" "$@"
