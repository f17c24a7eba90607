#!/usr/bin/env bash
# What the AppServicesLint plugin costs a build (README, "Build plugin: AppServicesLint"):
# two copies of one generated package whose target has 50 service files, one with the plugin
# applied and one without, each depending on this checkout by path without the package's
# traits. Prints the time of each first build (their difference is the plugin's tool and the
# swift-syntax it is built on), then times, with hyperfine, `swift build` after touching one
# service file, in each copy.
#
#   Benchmarks/lint-overhead.sh [RUNS]    # RUNS per incremental measurement, default 10
#
# Needs hyperfine (Debian: apt-get install -y hyperfine). Writes to .build-lint-overhead/;
# delete that folder to measure the first builds again.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build-lint-overhead"
runs="${1:-10}"
mkdir -p "$work"
# A path dependency is named after its folder: `package: "AppServices"` needs this name.
ln -sfn "$root" "$work/AppServices"

for variant in with without; do
    dir="$work/$variant-plugin"
    mkdir -p "$dir/Sources/Services"
    plugins=""
    [[ $variant == with ]] && plugins='plugins: [.plugin(name: "AppServicesLint", package: "AppServices")]'
    cat >"$dir/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "LintOverhead",
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(path: "../AppServices", traits: [])],
    targets: [
        .target(
            name: "Services",
            dependencies: [.product(name: "AppServices", package: "AppServices")],
            $plugins
        )
    ]
)
MANIFEST
    for i in $(seq -w 1 50); do
        cat >"$dir/Sources/Services/Service$i.swift" <<SERVICE
import AppServices
import Foundation

/// Generated service $i: the shape of a small service moved out of an app delegate.
final class Service$i: AppService, ApplicationStateHandling, URLOpenHandling, SystemEventHandling {
    static let dependencies: [any AppService.Type] = []

    private(set) var events: [String] = []
    private var cache = Cache()

    struct Cache {
        var entries: [String: Int] = [:]

        mutating func record(_ key: String) {
            entries[key, default: 0] += 1
        }

        func count(of key: String) -> Int {
            entries[key] ?? 0
        }
    }

    func applicationDidBecomeActive(_ context: AppContext) { record("active") }
    func applicationWillResignActive(_ context: AppContext) { record("inactive") }
    func applicationDidEnterBackground(_ context: AppContext) { record("background") }
    func applicationWillEnterForeground(_ context: AppContext) { record("foreground") }
    func applicationWillTerminate(_ context: AppContext) { record("terminate") }
    func applicationDidReceiveMemoryWarning(_ context: AppContext) { cache = Cache() }

    func application(_ context: AppContext, open url: URL, options: OpenURLOptions) -> Bool {
        guard url.scheme == "shop", url.host == "service$i" else { return false }
        record("open \(url.path)")
        return true
    }

    private func record(_ event: String) {
        events.append(event)
        cache.record(event)
    }

    func summary() -> String {
        events.map { "\(\$0) x\(cache.count(of: \$0))" }.joined(separator: ", ")
    }
}
SERVICE
    done
done

for variant in without with; do
    start=$(date +%s.%N)
    swift build --package-path "$work/$variant-plugin" >"$work/$variant-plugin.log" 2>&1
    printf 'first build, %s the plugin: %.1f s\n' "$variant" "$(echo "$(date +%s.%N) - $start" | bc)"
done

# hyperfine gives each run an environment variable of random length; SwiftPM relinks a
# plugin's tool whenever the environment changes, which a developer's builds do not see, so
# the variable is removed for `swift build`.
build="env -u HYPERFINE_RANDOMIZED_ENVIRONMENT_OFFSET swift build --package-path"
hyperfine --warmup 2 --runs "$runs" \
    -n "without the plugin" \
    "touch $work/without-plugin/Sources/Services/Service01.swift && $build $work/without-plugin" \
    -n "with the plugin" \
    "touch $work/with-plugin/Sources/Services/Service01.swift && $build $work/with-plugin"
