// swift-tools-version: 6.3
// ordo-one/benchmark 1.38.1 declares tools version 6.3, so this package does too.

import PackageDescription

let package = Package(
    name: "AppServicesBenchmarks",
    // The library's own minimum platforms.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "AppServices", path: ".."),
        // Only the malloc interposer trait: the default trait set would also interpose
        // swift_retain/release on Linux, which slows every measured call.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The allocation counter of the ratio check (the one the benchmark package uses).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The workloads and the peers they are compared with, shared by the ordo-one
        // benchmarks and the ratio check so both measure the same code.
        .target(
            name: "BenchmarkWorkloads",
            dependencies: [
                .product(name: "AppServices", package: "AppServices"),
                // Target 1 also dispatches through the UIKit adapter, as an iOS app's
                // callbacks arrive (on Linux, the adapter built against its shim).
                .product(name: "AppServicesUIKit", package: "AppServices"),
                // A scene to send the scene delegate's callbacks to (its simulated UIKit).
                .product(name: "AppServicesUIKitTesting", package: "AppServices"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `swift run -c release --package-path Benchmarks appservices-bench-check`
        .executableTarget(
            name: "appservices-bench-check",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "AppServices", package: "AppServices"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        // `swift run --package-path Benchmarks appservices-size-report`: the object code of
        // AppServices + AppServicesUIKit per module, with and without the package's traits.
        .executableTarget(name: "appservices-size-report"),
        // `swift package --package-path Benchmarks benchmark` (the plugin's layout:
        // Benchmarks/<Name>/<Name>.swift).
        .executableTarget(
            name: "DispatchBenchmarks",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DispatchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LaunchBenchmarks",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "AppServices", package: "AppServices"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LaunchBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

// Strict settings, the same for every target (as in the library's manifest).
for target in package.targets {
    var settings = target.swiftSettings ?? []
    // SE-0335: existential types are spelled `any P`, so their cost is visible.
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    // SE-0409: imports are internal unless marked `public`.
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    // SE-0444: a file sees only the members of the modules it imports itself.
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
