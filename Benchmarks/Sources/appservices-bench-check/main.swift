#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The ratio check: measures each target side by side in one run and prints one line per
// target, then a summary; exits non-zero when a target is not met. Release mode only:
//
//     swift run -c release --package-path Benchmarks appservices-bench-check

if !isReleaseBuild() {
    diagnose("appservices-bench-check measures release builds only: run it with `-c release`.")
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--profile" {
    let name = arguments.dropFirst().first ?? ""
    let side = arguments.dropFirst(2).first ?? "ours"
    let iterations = arguments.dropFirst(3).first.flatMap { Int($0) }
    guard (try? await Profiling.run(name, side: side, iterations: iterations)) == true else {
        diagnose(
            "usage: appservices-bench-check [--profile NAME [ours|peer] [ITERATIONS]], NAME one of \(Profiling.names.joined(separator: ", "))"
        )
        exit(2)
    }
    exit(0)
}

// `--only 1,4` measures only those targets (by number), for working on one.
let only: Set<Int>? =
    arguments.first == "--only"
    ? Set((arguments.dropFirst().first ?? "").split(separator: ",").compactMap { Int($0) })
    : nil
func wanted(_ target: Int) -> Bool { only?.contains(target) ?? true }

let clock = ContinuousClock()
let started = clock.now
var results: [TargetResult] = []

/// Records `result` and prints its line at once.
@MainActor
func record(_ result: TargetResult) {
    results.append(result)
    emit(result.line)
}

if wanted(1) {
    for (serviceCount, iterations) in [(10, 20_000), (100, 2_000), (1000, 200)] {
        record(await DispatchTargets.allServicesHandle(serviceCount: serviceCount, iterations: iterations, rounds: 21))
    }
    for (serviceCount, iterations) in [(10, 20_000), (100, 2_000), (1000, 200)] {
        record(
            await DispatchTargets.allServicesHandle(
                serviceCount: serviceCount,
                iterations: iterations,
                rounds: 21,
                asUIKitAdapter: true
            )
        )
    }
}
if wanted(2) { record(await DispatchTargets.fewServicesHandle(iterations: 2_000, rounds: 21)) }
if wanted(3) { record(DispatchTargets.allocationsPerDispatch(dispatches: 10_000)) }
if wanted(4) { record(await SilentPushTarget.run(iterations: 50, rounds: 31)) }
do {
    if wanted(5) { for result in try await LaunchTargets.sleepGraph(rounds: 5) { record(result) } }
    if wanted(6) { record(try await LaunchTargets.noOpLaunch(rounds: 7)) }
} catch {
    diagnose("A launch target could not run: \(error)")
    exit(2)
}
// Target 7 is retired (validation); 8 and 9 are the user-notification callbacks.
if wanted(8) { record(await NotificationTargets.willPresent(iterations: 1_000, rounds: 21)) }
if wanted(9) { record(await NotificationTargets.didReceive(iterations: 50, rounds: 31)) }
if wanted(10) { for result in await ColdLaunchTarget.run(rounds: 21) { record(result) } }
if wanted(11) {
    do {
        record(try await LaunchHistoryTarget.run(rounds: 21))
    } catch {
        diagnose("The launch-history target could not run: \(error)")
        exit(2)
    }
}

guard !results.isEmpty else {
    diagnose("No target was measured: --only names none of 1 to 6 and 8 to 11 (\(arguments.dropFirst().first ?? "")).")
    exit(2)
}
let met = results.filter(\.isMet).count
emit("summary: \(met) of \(results.count) targets met in \((clock.now - started).readable)")
exit(met == results.count ? 0 : 1)
