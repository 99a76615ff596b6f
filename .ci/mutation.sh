#!/usr/bin/env bash
# Mutation testing with PIT (the parent POM's "mutation" profile) on the modules whose code
# decides the numbers a user sees: pipeline (risk, folds, selection, data, search),
# estimators-binning, estimators-kernel and estimators-kkr. Each module's POM sets its target
# classes and its threshold (calibrisk.pit.threshold); PIT fails the module below it.
#
#   .ci/mutation.sh [module...]          MAVEN_ARGS="-o -Dmaven.repo.local=..." as for mvn
#   PIT_CLASS_LIMIT=20 .ci/mutation.sh   at most 20 mutants per class (what CI runs)
#
# Needs the other modules installed (mvn install). Keeps each module's HTML and XML report in
# target/mutation/<module>/ (index.html, mutations.xml) and prints the score of each module.
set -uo pipefail
cd "$(dirname "$0")/.."
read -r -a maven_args <<< "${MAVEN_ARGS:-}"
# PIT_CLASS_LIMIT=N mutates at most N places per class (PIT's CLASSLIMIT feature): a sample that
# keeps every class in view at a fraction of the time. CI uses it; unset, every mutant runs.
if [[ -n "${PIT_CLASS_LIMIT:-}" ]]; then
  maven_args+=("-Dfeatures=+CLASSLIMIT(limit[$PIT_CLASS_LIMIT])")
fi
if [[ $# -gt 0 ]]; then
  modules=("$@")
else
  modules=(pipeline estimators-binning estimators-kernel estimators-kkr)
fi
out=target/mutation
mkdir -p "$out"
status=0
for module in "${modules[@]}"; do
  rm -rf "${out:?}/$module" "$module/target/pit-reports"
  start=$SECONDS
  if mvn -B -ntp "${maven_args[@]}" -Pmutation -pl "$module" test-compile org.pitest:pitest-maven:mutationCoverage \
      > "$out/$module.log" 2>&1; then
    verdict=passed
  else
    verdict="FAILED (see $out/$module.log)"
    status=1
  fi
  seconds=$((SECONDS - start))
  cp -r "$module/target/pit-reports" "$out/$module" 2>/dev/null
  threshold="$(sed -n 's:.*<calibrisk.pit.threshold>\([0-9]*\)</calibrisk.pit.threshold>.*:\1:p' "$module/pom.xml")"
  python3 - "$out/$module/mutations.xml" "$module" "${threshold:-0}" "$seconds" "$verdict" <<'PY'
import sys
import xml.etree.ElementTree as ET
path, module, threshold, seconds, verdict = sys.argv[1:]
try:
    mutations = ET.parse(path).getroot().findall("mutation")
except (OSError, ET.ParseError):
    print(f"{module}: no report ({verdict}, {seconds} s)")
    sys.exit(0)
count = {}
for m in mutations:
    count[m.get("status")] = count.get(m.get("status"), 0) + 1
total = len(mutations)
detected = sum(1 for m in mutations if m.get("detected") == "true")
score = 100.0 * detected / total if total else 0.0
details = ", ".join(f"{v} {k.lower().replace('_', ' ')}" for k, v in sorted(count.items()))
print(f"{module}: mutation score {score:.1f}% ({detected} of {total} detected: {details}); "
      f"threshold {threshold}%; {seconds} s; {verdict}")
PY
done
exit $status
