#!/usr/bin/env bash
# Runs each fuzz target for FUZZ_SECONDS (default 120) and prints, per target, executions per
# second, the corpus size and whether it crashed. Called by `make fuzz` / `make fuzz-short`
# after the build. Corpora grow across runs in .build/fuzz/corpus/<target>; crashing inputs
# land in .build/fuzz/artifacts/<target>/; each run's log is .build/fuzz/<target>.log.
#   FUZZ_SECONDS=120  seconds per target     FUZZ_TARGETS="FuzzCSS ..."  a subset
#   FUZZ_CORPUS=../../shared/corpus          the mail corpus the seeds come from
set -uo pipefail
cd "$(dirname "$0")"
seconds=${FUZZ_SECONDS:-120}
targets=${FUZZ_TARGETS:-FuzzHTMLLayout FuzzCSS FuzzImages FuzzSuite FuzzArguments FuzzMessages}
mail_corpus=${FUZZ_CORPUS:-../../shared/corpus}
work=.build/fuzz
binaries=.build/release

[ -d "$mail_corpus" ] || echo "fuzz: no mail corpus at $mail_corpus; seeding from fixtures only" >&2
rm -rf "$work/seeds"
python3 make-seeds.py .. "$mail_corpus" "$work/seeds" || exit 2

# Swift's own crash handler would fight ASan's; reports go to the log. The quarantine is
# kept small so that ASan's bookkeeping does not count against the 1 GB memory limit.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=quarantine_size_mb=64:detect_stack_use_after_return=0:handle_abort=1
export LSAN_OPTIONS=suppressions=$PWD/../scripts/lsan.supp

failed=0
printf '%-16s %9s %10s %8s  %s\n' target "execs/s" "corpus" "inputs" result
for target in $targets; do
    mkdir -p "$work/corpus/$target" "$work/artifacts/$target" "$work/seeds/$target"
    before=$(ls "$work/artifacts/$target" | wc -l)
    dictionary=()
    [ -f "dictionaries/$target.dict" ] && dictionary=(-dict="dictionaries/$target.dict")
    # The corpus folder comes first: libFuzzer adds what it finds there; seeds are only read.
    nice -n 10 "$binaries/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 \
        "${dictionary[@]}" -artifact_prefix="$work/artifacts/$target/" -print_final_stats=1 \
        "$work/corpus/$target" "$work/seeds/$target" >"$work/$target.log" 2>&1
    status=$?
    log="$work/$target.log"
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    corpus=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
    found=$(( $(ls "$work/artifacts/$target" | wc -l) - before ))
    if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then
        result="CRASHED (exit $status): $(ls -t "$work/artifacts/$target" | head -1)"
        result="$result; $(grep -m1 -E 'ERROR|Fatal error|deadly signal|timeout|out-of-memory' "$log")"
        failed=1
    else
        result="no crash"
    fi
    printf '%-16s %9s %10s %8s  %s\n' "$target" "${rate:-?}" "${corpus:-?}" "${runs:-?}" "$result"
done
exit $failed
