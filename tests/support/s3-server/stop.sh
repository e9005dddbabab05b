#!/bin/bash
# Usage: stop.sh DATA_DIR  -- stops the radosgw, ceph-osd, ceph-mon started by start.sh,
# found via their pid files (and only if their command line names DATA_DIR/ceph.conf).
# Default: SIGKILL (instant; the cluster is throw-away anyway).
# GRACEFUL=1: SIGTERM one by one rgw -> osd -> mon (~2 s each). Do NOT TERM rgw and osd at
# the same time: rgw then hangs ~2 min waiting for the OSD.
DATA=${1:?usage: $0 DATA_DIR}
DATA=$(cd "$DATA" 2>/dev/null && pwd) || exit 0
gone() { local s; s=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 0; [ "$s" = Z ]; }
for n in client.rgw osd.0 mon.a; do
  f="$DATA/run/$n.pid"; [ -f "$f" ] || continue
  pid=$(cat "$f")
  if tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$DATA/ceph.conf"; then
    if [ -n "${GRACEFUL:-}" ]; then
      kill -TERM "$pid"
      for i in $(seq 1 50); do gone "$pid" && break; sleep 0.1; done
    fi
    kill -KILL "$pid" 2>/dev/null
    for i in $(seq 1 50); do gone "$pid" && break; sleep 0.1; done
  fi
  rm -f "$f"
done
exit 0
