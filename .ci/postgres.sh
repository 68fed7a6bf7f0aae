# A throwaway PostgreSQL cluster for the store tests (server/tests/store_suite.rs), sourced by
# .ci/run; a developer can source it too:
#
#   source .ci/postgres.sh && start_test_postgres && trap stop_test_postgres EXIT
#
# start_test_postgres makes a cluster in a temporary directory with Debian's `postgresql`
# binaries, listening on 127.0.0.1 only at a free port (and on a Unix socket in the same
# directory), and exports YONIN_TEST_POSTGRES with its URL. PostgreSQL refuses to run as root:
# as root the cluster runs as the `postgres` user the Debian package makes; otherwise as the
# current user. Trust authentication is safe here: loopback only, and gone after the run.
# stop_test_postgres stops it and removes every file.

start_test_postgres() {
    local bindir
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1) || true
    if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
        echo "start_test_postgres: no PostgreSQL server in /usr/lib/postgresql (apt-get install postgresql)" >&2
        return 1
    fi
    YONIN_PG_BIN=$bindir
    YONIN_PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/yonin-pg.XXXXXX")
    YONIN_PG_AS=()
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$YONIN_PG_DIR"
        YONIN_PG_AS=(runuser -u postgres --)
    fi
    "${YONIN_PG_AS[@]}" "$bindir/initdb" -D "$YONIN_PG_DIR/data" -U postgres -A trust \
        -E UTF8 --no-sync >"$YONIN_PG_DIR/initdb.log" 2>&1 || {
        cat "$YONIN_PG_DIR/initdb.log" >&2
        return 1
    }
    # A free port: one that nothing accepts on now. If another process takes it before the
    # server binds, pg_ctl fails and the next port is tried.
    local port tries
    for tries in 1 2 3 4 5 6 7 8; do
        port=$((20000 + RANDOM % 40000))
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            continue
        fi
        if "${YONIN_PG_AS[@]}" "$bindir/pg_ctl" -D "$YONIN_PG_DIR/data" -l "$YONIN_PG_DIR/server.log" \
            -w -t 60 -o "-c listen_addresses=127.0.0.1 -p $port -k $YONIN_PG_DIR -c fsync=off" \
            start >/dev/null; then
            export YONIN_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/postgres"
            echo "==> PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (YONIN_TEST_POSTGRES)"
            return 0
        fi
    done
    echo "start_test_postgres: the server did not start; its log:" >&2
    cat "$YONIN_PG_DIR/server.log" >&2 || true
    return 1
}

stop_test_postgres() {
    if [ -n "${YONIN_PG_DIR:-}" ] && [ -d "$YONIN_PG_DIR" ]; then
        "${YONIN_PG_AS[@]}" "$YONIN_PG_BIN/pg_ctl" -D "$YONIN_PG_DIR/data" -m immediate -w \
            stop >/dev/null 2>&1 || true
        rm -rf "$YONIN_PG_DIR"
    fi
}
