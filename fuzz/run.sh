#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each, one after another (one job: the machine is shared),
# and prints each target's executions, coverage (cov/ft from libFuzzer's last status line) and
# whether it found a crash, timeout or out-of-memory. Usage: fuzz/run.sh SECONDS [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
[ -d corpus ] || ./seed.sh
mkdir -p logs
# Safe Rust only (unsafe_code is forbidden), so no sanitizer: the fuzzer runs several times
# faster; debug assertions and overflow checks stay on.
nice -n 10 cargo +nightly fuzz build -O --debug-assertions -s none || exit 1
status=0
printf '%-18s %12s %8s %8s  %s\n' target executions cov ft result
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    nice -n 10 cargo +nightly fuzz run -O --debug-assertions -s none "$t" "corpus/$t" -- \
        -max_total_time="$secs" -rss_limit_mb=256 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="artifacts/$t/" >"logs/$t.log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "logs/$t.log" | tail -n 1)
    last=$(grep -E '^#[0-9]+' "logs/$t.log" | tail -n 1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    if [ $rc -eq 0 ]; then
        result=ok
    else
        result="FAILED (rc $rc): $(grep -m1 -E 'ERROR: libFuzzer|panicked at|out-of-memory|timeout' "logs/$t.log")"
        status=1
    fi
    printf '%-18s %12s %8s %8s  %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit $status
