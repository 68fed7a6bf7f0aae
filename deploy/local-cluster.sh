#!/usr/bin/env bash
# A whole public deployment on one machine, for trying it out and for docs/deploy.md:
# one NATS server (JetStream on), one PostgreSQL server, three yonin-server nodes sharing both,
# and two bot workers — every process on 127.0.0.1. Ctrl-C stops everything and removes the
# throwaway databases.
#
#   bash deploy/local-cluster.sh            # nodes on ws://127.0.0.1:7881/ … 7883/
#
# Needs Debian's nats-server and postgresql packages (the same ones .ci/run installs) and the
# release build of the server package (built here if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

NODES=${NODES:-3}
WORKERS=${WORKERS:-2}
FIRST_PORT=${FIRST_PORT:-7881}
FIRST_METRICS=${FIRST_METRICS:-9881}
NAME=${CLUSTER_NAME:-yonin}

if [ ! -x target/release/yonin-server ] || [ ! -x target/release/yonin-bot-worker ]; then
    echo "==> cargo build --release -p yonin-server"
    cargo build --release -p yonin-server
fi

# The throwaway NATS and PostgreSQL servers of the tests (free ports on 127.0.0.1).
# shellcheck source=.ci/nats.sh
source .ci/nats.sh
# shellcheck source=.ci/postgres.sh
source .ci/postgres.sh
PIDS=()
stop_all() {
    echo "==> stopping"
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    stop_test_nats
    stop_test_postgres
}
trap stop_all EXIT
start_test_nats
start_test_postgres
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/yonin-cluster.XXXXXX")

for i in $(seq 1 "$WORKERS"); do
    target/release/yonin-bot-worker --nats "$YONIN_TEST_NATS" --prefix "$NAME" \
        >"$LOGS/worker$i.log" 2>&1 &
    PIDS+=($!)
done

for i in $(seq 1 "$NODES"); do
    port=$((FIRST_PORT + i - 1))
    metrics=$((FIRST_METRICS + i - 1))
    target/release/yonin-server --bind "127.0.0.1:$port" --name "node $i" --node "n$i" \
        --store "$YONIN_TEST_POSTGRES" \
        --cluster "$YONIN_TEST_NATS" --cluster-name "$NAME" --public-url "ws://127.0.0.1:$port/" \
        --bot-workers "$YONIN_TEST_NATS" --nats-prefix "$NAME" \
        --metrics "127.0.0.1:$metrics" --no-beacon \
        >"$LOGS/node$i.log" 2>&1 &
    PIDS+=($!)
done

# Ready when every node's health endpoint says so.
for i in $(seq 1 "$NODES"); do
    metrics=$((FIRST_METRICS + i - 1))
    for _ in $(seq 1 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$metrics") 2>/dev/null; then break; fi
        sleep 0.1
    done
done

echo
echo "Three nodes, one lobby:"
for i in $(seq 1 "$NODES"); do
    echo "  node $i   ws://127.0.0.1:$((FIRST_PORT + i - 1))/   health and metrics: http://127.0.0.1:$((FIRST_METRICS + i - 1))/metrics"
done
echo "  $WORKERS bot workers; NATS $YONIN_TEST_NATS; PostgreSQL $YONIN_TEST_POSTGRES"
echo "  logs in $LOGS"
echo "Play: cargo run --release, Play online, address 127.0.0.1:$FIRST_PORT. Ctrl-C stops."
wait
