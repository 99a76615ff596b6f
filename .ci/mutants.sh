#!/usr/bin/env bash
# Hand-made mutants: each .ci/mutants/*.patch is one small, realistic bug that the tests named
# in its header must catch. For each patch (or those whose name contains $1): apply it alone,
# run its tests in its modules, expect a test failure (not a compilation error), revert.
# First the same tests run on the unmutated tree and must pass, so a kill means something.
#
#   .ci/mutants.sh [name-filter]        MAVEN_ARGS="-Dmaven.repo.local=..." to choose the repository
#
# Prints one line per mutant, KILLED, SURVIVED, BROKEN (did not compile) or STALE (the patch no
# longer applies: production code moved; refresh the patch), and exits non-zero unless every
# mutant was killed. Logs go to target/mutants/.
set -uo pipefail
cd "$(dirname "$0")/.."
filter="${1:-}"
read -r -a maven_args <<< "${MAVEN_ARGS:-}"
logs=target/mutants
mkdir -p "$logs"

if ! git diff --quiet; then
  echo "mutants: the work tree has uncommitted changes; commit or stash them first" >&2
  exit 2
fi

# The modules under test take the others from the local repository: install the tree as it is.
mvn -B -ntp -q "${maven_args[@]}" -DskipTests install > "$logs/install.log" 2>&1 \
  || { echo "mutants: the unmutated tree does not build; see $logs/install.log" >&2; exit 2; }

header() { sed -n "s/^# $1: //p" "$2" | head -n 1; }

run_tests() { # modules tests log
  mvn -B -ntp "${maven_args[@]}" -pl "$1" test -Dtest="$2" -Dsurefire.failIfNoSpecifiedTests=false > "$3" 2>&1
}

declare -A control
status=0
count=0
for patch in .ci/mutants/*.patch; do
  name="$(basename "$patch" .patch)"
  [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
  count=$((count + 1))
  modules="$(header modules "$patch")"
  tests="$(header tests "$patch")"
  what="$(header mutant "$patch")"
  if [[ -z "$modules" || -z "$tests" ]]; then
    echo "BROKEN    $name: the header names no modules or tests"; status=1; continue
  fi
  key="$modules|$tests"
  if [[ -z "${control[$key]:-}" ]]; then
    if run_tests "$modules" "$tests" "$logs/$name.control.log"; then
      control[$key]=pass
    else
      control[$key]=fail
    fi
  fi
  if [[ "${control[$key]}" != pass ]]; then
    echo "BROKEN    $name: its tests fail without the mutant; see $logs/$name.control.log"; status=1; continue
  fi
  if ! git apply --check "$patch" 2> "$logs/$name.apply.log"; then
    echo "STALE     $name: the patch no longer applies; see $logs/$name.apply.log"; status=1; continue
  fi
  git apply "$patch"
  trap 'git apply -R "$patch"' EXIT
  run_tests "$modules" "$tests" "$logs/$name.log"
  result=$?
  git apply -R "$patch"
  trap - EXIT
  if [[ $result -eq 0 ]]; then
    echo "SURVIVED  $name: $what"; status=1
  elif grep -qE '<<< (FAILURE|ERROR)!' "$logs/$name.log"; then
    failed="$(grep -oE '^\[ERROR\]   [A-Za-z0-9_]+\.[A-Za-z0-9_]+' "$logs/$name.log" | sed 's/^\[ERROR\]   //' | sort -u | paste -sd, -)"
    echo "KILLED    $name: $what (by ${failed:-a test})"
  else
    echo "BROKEN    $name: the mutated tree did not build or run; see $logs/$name.log"; status=1
  fi
done
[[ $count -eq 0 ]] && { echo "mutants: none matches '$filter'" >&2; exit 2; }
exit $status
