#!/bin/bash
# Start a throw-away single-node Ceph (1 mon, 1 OSD, no mgr, no cephx) + radosgw (beast)
# on 127.0.0.1.  Usage: start.sh DATA_DIR PORT [ACCESS_KEY] [SECRET_KEY]
# All state, logs, sockets, pid files live under DATA_DIR. Extra loopback ports used:
#   PORT+1 (mon msgr2), PORT+2..PORT+11 (OSD messenger range; it takes 4).
# Needs Debian packages: ceph-mon ceph-osd radosgw ceph-common (+curl).
# Stop with stop.sh DATA_DIR.
set -euo pipefail
DATA=${1:?usage: $0 DATA_DIR PORT [ACCESS_KEY] [SECRET_KEY]}
PORT=${2:?usage: $0 DATA_DIR PORT [ACCESS_KEY] [SECRET_KEY]}
AK=${3:-TESTACCESSKEY0000001}
SK=${4:-testsecretkey00000000000000000000000001}
case "${OBJECTSTORE:=memstore}" in memstore|bluestore) ;; *) echo "OBJECTSTORE must be memstore or bluestore" >&2; exit 2;; esac
MON_PORT=$((PORT + 1))
OSD_MIN=$((PORT + 2)); OSD_MAX=$((PORT + 11))
T0=$EPOCHREALTIME

for p in $(seq "$PORT" "$OSD_MAX"); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "port $p on 127.0.0.1 already in use" >&2; exit 1; fi
done
mkdir -p "$DATA"
DATA=$(cd "$DATA" && pwd)
if [ -e "$DATA/ceph.conf" ]; then echo "$DATA already initialised; stop.sh and rm -rf it first" >&2; exit 1; fi
mkdir -p "$DATA"/{mon.a,osd.0,run,log,crash,rgw}
FSID=$(cat /proc/sys/kernel/random/uuid)
CONF="$DATA/ceph.conf"

cat > "$CONF" <<EOF
[global]
fsid = $FSID
mon host = v2:127.0.0.1:$MON_PORT
public addr = 127.0.0.1
cluster addr = 127.0.0.1
public network = 127.0.0.0/8
cluster network = 127.0.0.0/8
ms bind msgr1 = false
ms bind port min = $OSD_MIN
ms bind port max = $OSD_MAX
auth cluster required = none
auth service required = none
auth client required = none
# radosgw forces ms_mon_client_mode=secure by default; auth "none" only supports crc
ms mon client mode = crc secure
auth allow insecure global id reclaim = false
mon warn on insecure global id reclaim allowed = false
mon warn on insecure global id reclaim = false
run dir = $DATA/run
admin socket = $DATA/run/\$name.asok
pid file = $DATA/run/\$name.pid
log file = $DATA/log/\$name.log
mon cluster log file = $DATA/log/cluster.log
crash dir = $DATA/crash
keyring = $DATA/keyring
log to stderr = false
err to stderr = true
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon allow pool delete = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
debug ms = 0

[mon]
mon data = $DATA/\$name
mon data avail crit = 1
mon data avail warn = 2
# default 1 s; every pool RGW creates costs one or two proposals
paxos propose interval = 0.05

[osd]
osd data = $DATA/\$name
osd objectstore = $OBJECTSTORE
memstore device bytes = 2147483648
bluestore block path = $DATA/osd.0.block
bluestore block create = true
bluestore block size = 10737418240
bluestore block db create = false
bluestore block wal create = false
bluestore fsck on mkfs = false
bluestore fsck on mount = false
bluestore cache size = 134217728
osd journal size = 100
osd max object name len = 460
osd max object namespace len = 64
osd op num shards = 2
osd op num threads per shard = 1

[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$PORT
rgw data = $DATA/rgw
rgw dns name = localhost
rgw enable usage log = false
rgw thread pool size = 64
EOF

C=(-c "$CONF")
# on any failure: kill whatever we already started
trap 'rc=$?; if [ $rc -ne 0 ]; then echo "start.sh failed (rc=$rc), stopping; logs in $DATA/log" >&2; "$(dirname "$0")/stop.sh" "$DATA"; fi' EXIT
# --- monitor ---
monmaptool --create --clobber --fsid "$FSID" --addv a "[v2:127.0.0.1:$MON_PORT]" "$DATA/monmap" >/dev/null
ceph-mon "${C[@]}" --mkfs -i a --monmap "$DATA/monmap"
ceph-mon "${C[@]}" -i a

# --- OSD ---
OSD_UUID=$(cat /proc/sys/kernel/random/uuid)
OSD_ID=$(ceph "${C[@]}" --connect-timeout 20 osd new "$OSD_UUID")
ceph-osd "${C[@]}" -i "$OSD_ID" --mkfs --osd-uuid "$OSD_UUID" 2>>"$DATA/log/osd-mkfs.log"
ceph-osd "${C[@]}" -i "$OSD_ID" 2>>"$DATA/log/osd-start.err"

# --- radosgw ---
radosgw "${C[@]}" -n client.rgw
# user (radosgw-admin talks to RADOS directly; works while rgw boots)
for i in $(seq 1 61); do
  [ "$i" = 61 ] && { echo "radosgw-admin user create kept failing:" >&2; tail -5 "$DATA/log/user-create.err" >&2; exit 1; }
  if radosgw-admin "${C[@]}" user create --uid=tester --display-name=tester \
       --access-key="$AK" --secret-key="$SK" >"$DATA/log/user-create.json" 2>>"$DATA/log/user-create.err"; then
    break
  fi
  sleep 1
done

for i in $(seq 1 120); do
  if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
    trap - EXIT
    printf 'RGW up on http://127.0.0.1:%s after %.1fs (access=%s)\n' "$PORT" \
      "$(awk "BEGIN{print $EPOCHREALTIME - $T0}")" "$AK"
    exit 0
  fi
  sleep 0.5
done
echo "RGW did not come up; see $DATA/log" >&2
exit 1
