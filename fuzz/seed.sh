#!/usr/bin/env bash
# Seeds every fuzz target's corpus (fuzz/corpus/<target>/) from the test data in the repo:
# position files, golden records (UTF-8 and Shift-JIS), protocol examples in docs/protocol.md,
# typed-move texts from the client's tests. Safe to run again: files are named by content.
set -euo pipefail
cd "$(dirname "$0")"
root=..
data=$root/core/tests/data

# put TARGET < bytes: stores stdin as one seed.
put() {
    local dir=corpus/$1 tmp
    mkdir -p "$dir"
    tmp=$(mktemp)
    cat >"$tmp"
    mv "$tmp" "$dir/seed-$(sha1sum <"$tmp" | cut -c1-16)"
}

# The input column of a data file: `<input> ; …` or `<input>  # reason`, comments skipped.
inputs() {
    grep -v '^#' "$1" | sed -e 's/  #.*$//' -e 's/ ;.*$//'
}

while IFS= read -r l; do printf '%s' "$l" | put sfen; done < <(inputs "$data/perft-standard.txt"; inputs "$data/invalid-sfen.txt")
while IFS= read -r l; do printf '%s' "$l" | put ysfen; done < <(inputs "$data/perft-yonin.txt"; inputs "$data/invalid-ysfen.txt")

# USI lines: byte 0 picks the variant (even: standard, odd: Yonin).
while IFS= read -r l; do
    printf '\0position sfen %s moves 7g7f 3c3d 8h2b+' "$l" | put usi_moves
done < <(inputs "$data/perft-standard.txt" | head -n 20)
printf '\0position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e P*5e' | put usi_moves
printf '\1position startpos moves 5i5h' | put usi_moves
while IFS= read -r l; do
    printf '\1position sfen %s' "$l" | put usi_moves
done < <(inputs "$data/perft-yonin.txt" | head -n 20)

# Records: the importer guesses the format; record_formats names it in byte 0 (the order of
# RecordFormat::ALL: kif ki2 csa usi ysfen).
for f in "$data"/records/*.kif "$data"/records/*.ki2 "$data"/records/*.csa; do
    put record_import <"$f"
    case $f in
        *.kif) b='\0' ;; *.ki2) b='\1' ;; *.csa) b='\2' ;;
    esac
    { printf "$b"; cat "$f"; } | put record_formats
done
printf 'position startpos moves 7g7f 3c3d 8h2b+ 3a2b' | put record_import
printf '\3position startpos moves 7g7f 3c3d 8h2b+ 3a2b' | put record_formats
ys="$(inputs "$data/perft-yonin.txt" | head -n 1)"
printf '# rules: yonin\n# south: Ann\n%s\n' "$ys" | put record_import
printf '\4# south: Ann\n%s\n' "$ys" | put record_formats

# Typed moves: byte 0 picks the position, byte 1 the previous square (high bit: not my turn).
grep -ohE '"[^"]{1,24}"' "$root/client/tests/typed_moves.rs" | tr -d '"' | sort -u |
    while IFS= read -r t; do
        for p in '\0' '\2'; do printf "$p"'\x2c%s' "$t" | put typed_move; done
    done
for t in 7g7f P*5e 2b3c+ 76歩 ７六歩 同歩 55角成 58金右 24歩打 '5六歩(57)' '▲７六歩'; do
    printf '\0\x2c%s' "$t" | put typed_move
done

# Protocol: the JSON examples of docs/protocol.md (both directions); bincode learns from bytes.
sed -n -e 's/^[→←] //p' "$root/docs/protocol.md" | grep '^{' | while IFS= read -r l; do
    printf '%s' "$l" | put protocol_json
done
printf '{"Hello":{"version":1,"name":"Ann","resume":null}}' | put protocol_json
printf '\0\0\1\3Ann\0' | put protocol_bincode
printf '\1' | put protocol_bincode

# Replays: byte 0 the rule-set length (0: none), byte 1 the variant and start, then actions.
for pick in 0 1 2 3; do
    head -c 600 /dev/zero | tr '\0' '\1' | { printf "\0\\$pick"; cat; } | put replay
done
echo "seeded: $(for d in corpus/*; do printf '%s=%s ' "${d#corpus/}" "$(ls "$d" | wc -l)"; done)"
