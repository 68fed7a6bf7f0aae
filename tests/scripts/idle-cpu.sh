#!/bin/bash
# The client's idle cost: CPU (percent of one core over 10 s) of the `yonin` window on the
# idle main menu, then in a game against the computer waiting for the player's move (10 min +
# 30 s byoyomi), under its own Xvfb at 1280x800. Needs Xvfb and xdotool (apt-get install
# xvfb xdotool). Usage: tests/scripts/idle-cpu.sh [path/to/yonin]  (default: the release build)
set -euo pipefail
BIN=${1:-target/release/yonin}
DISPLAY_NUM=:$((90 + RANDOM % 100))
HOME_DIR=$(mktemp -d)
Xvfb "$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $APP $XVFB 2>/dev/null || true; rm -rf "$HOME_DIR"' EXIT
sleep 1
export DISPLAY=$DISPLAY_NUM
YONIN_HOME=$HOME_DIR "$BIN" >/dev/null 2>&1 &
APP=$!
sleep 3
ticks() { awk '{print $14 + $15}' "/proc/$APP/stat"; }
# /proc counts 100 ticks a second: ticks over 10 s / 10 = percent of one core.
measure() { local a b; a=$(ticks); sleep 10; b=$(ticks); awk -v t=$((b - a)) -v w="$1" 'BEGIN { printf "%s: %.1f %% of a core\n", w, t / 10 }'; }
measure "idle main menu"
# Play vs computer, one step to the first clock, Start (positions of the 1280x800 layout).
xdotool mousemove 640 273 click 1; sleep 0.5
xdotool mousemove 601 287 click 1; sleep 0.5
xdotool mousemove 1050 750 click 1; sleep 3
measure "game waiting for the player"
