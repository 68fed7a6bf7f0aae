# A throwaway NATS server (with JetStream) for the cluster and bot-worker tests, sourced by
# .ci/run; a developer can source it too:
#
#   source .ci/nats.sh && start_test_nats && trap stop_test_nats EXIT
#
# start_test_nats runs Debian's `nats-server` on 127.0.0.1 only, at a free port, with JetStream
# storing into a temporary directory, and exports YONIN_TEST_NATS with its URL. Tests share it
# by giving each cluster a name of its own (subjects and key-value buckets carry the name).
# stop_test_nats stops it and removes every file.

start_test_nats() {
    if ! command -v nats-server >/dev/null 2>&1; then
        echo "start_test_nats: no nats-server on PATH (apt-get install nats-server)" >&2
        return 1
    fi
    YONIN_NATS_DIR=$(mktemp -d "${TMPDIR:-/tmp}/yonin-nats.XXXXXX")
    local port tries i
    for tries in 1 2 3 4 5 6 7 8; do
        port=$((20000 + RANDOM % 40000))
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            continue
        fi
        nats-server -a 127.0.0.1 -p "$port" -js -sd "$YONIN_NATS_DIR/js" \
            >"$YONIN_NATS_DIR/server.log" 2>&1 &
        YONIN_NATS_PID=$!
        # Ready when it accepts connections (a few hundred milliseconds); gone if the port was
        # taken in between.
        for i in $(seq 1 100); do
            if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
                export YONIN_TEST_NATS="nats://127.0.0.1:$port"
                echo "==> $(nats-server --version) on 127.0.0.1:$port (YONIN_TEST_NATS)"
                return 0
            fi
            kill -0 "$YONIN_NATS_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill "$YONIN_NATS_PID" 2>/dev/null || true
        wait "$YONIN_NATS_PID" 2>/dev/null || true
    done
    echo "start_test_nats: the server did not start; its log:" >&2
    cat "$YONIN_NATS_DIR/server.log" >&2 || true
    return 1
}

stop_test_nats() {
    if [ -n "${YONIN_NATS_PID:-}" ]; then
        kill "$YONIN_NATS_PID" 2>/dev/null || true
        wait "$YONIN_NATS_PID" 2>/dev/null || true
    fi
    if [ -n "${YONIN_NATS_DIR:-}" ] && [ -d "$YONIN_NATS_DIR" ]; then
        rm -rf "$YONIN_NATS_DIR"
    fi
}
