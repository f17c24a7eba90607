#!/usr/bin/env bash
# What a newcomer must hold (README, "Public surface"): the public declarations of each
# library module, from the symbol graphs the compiler emits (`swift package
# dump-symbol-graph`, public and open declarations, no synthesized members), with how many
# are deprecated, how many are types, and how many there are per 1,000 lines of the module's
# sources (`wc -l`, documentation comments included, as the surveys this is compared with
# count them).
#
#   Benchmarks/public-surface.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >/dev/null 2>&1
graphs="$(find .build -type d -name symbolgraph | head -1)"
python3 - "$graphs" <<'PY'
import glob, json, os, re, sys
graphs = sys.argv[1]
modules = ["AppServices", "AppServicesUIKit", "AppServicesSwiftUI", "AppServicesCallKit", "AppServicesMetricKit", "AppServicesAppKit",
           "AppServicesLifecycle", "AppServicesTesting", "AppServicesUIKitTesting",
           "AppServicesSwiftUITesting"]
types = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
print(f"{'module':28}{'public':>8}{'deprecated':>12}{'types':>7}{'lines':>8}{'per 1k':>8}")
for module in modules:
    files = glob.glob(os.path.join(graphs, module + ".symbols.json")) + glob.glob(os.path.join(graphs, module + "@*.symbols.json"))
    if not files:
        continue
    live = deprecated = type_count = 0
    for path in files:
        for symbol in json.load(open(path))["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if any(a.get("isUnconditionallyDeprecated") or "deprecated" in a for a in symbol.get("availability", [])):
                deprecated += 1
                continue
            live += 1
            type_count += symbol["kind"]["identifier"] in types
    lines = 0
    for path in glob.glob(f"Sources/{module}/**/*.swift", recursive=True):
        lines += sum(1 for _ in open(path))
    print(f"{module:28}{live:>8}{deprecated:>12}{type_count:>7}{lines:>8}{1000 * live / max(lines, 1):>8.1f}")
PY
