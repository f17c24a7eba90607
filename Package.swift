// swift-tools-version: 6.2

import PackageDescription

/// Where UIKit is missing, so the UIKit adapter builds against its shim. macOS is here so
/// that `swift test` on a Mac runs the UIKit tests too (Mac Catalyst has the real UIKit).
let platformsWithoutUIKit: [Platform] = [.linux, .windows, .android, .wasi, .openbsd, .macOS]
/// Where AppKit is missing, so the AppKit adapter builds against its shim.
let platformsWithoutAppKit: [Platform] = [
    .linux, .windows, .android, .wasi, .openbsd, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst,
]

let package = Package(
    name: "AppServices",
    // The last three major releases by late 2026; swift-configuration and
    // Synchronization's `Mutex` need at least these.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "AppServices", targets: ["AppServices"]),
        .library(name: "AppServicesTesting", targets: ["AppServicesTesting"]),
        .library(name: "AppServicesUIKit", targets: ["AppServicesUIKit"]),
        .library(name: "AppServicesUIKitTesting", targets: ["AppServicesUIKitTesting"]),
        .library(name: "AppServicesSwiftUI", targets: ["AppServicesSwiftUI"]),
        .library(name: "AppServicesSwiftUITesting", targets: ["AppServicesSwiftUITesting"]),
        .library(name: "AppServicesCallKit", targets: ["AppServicesCallKit"]),
        .library(name: "AppServicesMetricKit", targets: ["AppServicesMetricKit"]),
        .library(name: "AppServicesAppKit", targets: ["AppServicesAppKit"]),
        .library(name: "AppServicesLifecycle", targets: ["AppServicesLifecycle"]),
        .executable(name: "appservices-demo", targets: ["appservices-demo"]),
    ],
    // All on by default. An app that reads no configuration and records no metrics turns
    // those two off (`traits: ["CarPlay", "PushKit"]` on its dependency on this package, or
    // `traits: []` for none), and then `AppServices`, `AppServicesUIKit`, `AppServicesAppKit`
    // and the test kits compile and link no swift-configuration, swift-system or swift-metrics
    // code. `CarPlay` and `PushKit` are what `AppServicesUIKit` imports of those frameworks:
    // an app without a CarPlay scene or VoIP pushes leaves them out and links neither.
    traits: [
        .trait(
            name: "Configuration",
            description: "Initializers read configuration (swift-configuration, swift-system): "
                + "LayeredConfiguration, declared settings, required keys, secret redaction, "
                + "ConfigurationDidChange. AppServicesLifecycle and the demo need it."
        ),
        .trait(
            name: "Metrics",
            description: "The launch records its durations as swift-metrics timers."
        ),
        .trait(
            name: "CarPlay",
            description: "AppServicesUIKit's CarPlay scene delegate (ServiceOrientedCarPlaySceneDelegate, "
                + "AppContext's CarPlay accessors); AppServicesUIKit imports CarPlay. Off: CarPlayHandling "
                + "services are never called, and the delegate says so at launch."
        ),
        .trait(
            name: "PushKit",
            description: "AppServicesUIKit's app delegate owns a PKPushRegistry for VoIPPushHandling "
                + "services; AppServicesUIKit imports PushKit. Off: VoIP pushes reach no service, and "
                + "the delegate says so at launch."
        ),
        // `CarPlay` and `PushKit` are on by default for this release only, so that an app
        // that has a CarPlay scene or VoIP pushes keeps building; CHANGELOG.md says when
        // they leave the defaults.
        .default(enabledTraits: ["Configuration", "Metrics", "CarPlay", "PushKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(
            url: "https://github.com/apple/swift-configuration",
            from: "1.4.0",
            traits: [.defaults, "CommandLineArguments"]
        ),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "AppServices",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(
                    name: "Configuration",
                    package: "swift-configuration",
                    condition: .when(traits: ["Configuration"])
                ),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Metrics"])),
            ]
        ),
        .target(
            name: "AppServicesTesting",
            dependencies: [
                "AppServices",
                .product(name: "Logging", package: "swift-log"),
                // LogCapture keeps its entries in swift-log's own in-memory handler.
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        // The Apple adapters. Where UIKit or AppKit is missing they compile against shims
        // that transcribe the SDK declarations they use; the adapter sources are the same
        // everywhere but for their import line.
        .target(
            name: "AppServicesUIKit",
            dependencies: [
                "AppServices",
                .product(name: "Logging", package: "swift-log"),
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(
                    name: "AppServicesCarPlayShim",
                    condition: .when(platforms: platformsWithoutUIKit, traits: ["CarPlay"])
                ),
                .target(
                    name: "AppServicesPushKitShim",
                    condition: .when(platforms: platformsWithoutUIKit, traits: ["PushKit"])
                ),
            ]
        ),
        // CallKit's provider delegate. Apart from UIKit's adapter, so that an application
        // without calls links no CallKit. Where UIKit is missing (macOS included: its CallKit
        // has no CXProvider) it compiles against a shim.
        .target(
            name: "AppServicesCallKit",
            dependencies: [
                "AppServices",
                .product(name: "Logging", package: "swift-log"),
                .target(name: "AppServicesCallKitShim", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        // MetricKit's extended launch for the launch plan. Apart from UIKit's adapter, so that
        // an application that does not measure its extended launch links no MetricKit.
        .target(
            name: "AppServicesMetricKit",
            dependencies: [
                "AppServices",
                .target(name: "AppServicesMetricKitShim", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        // Tests of an app's UIKit delegate on Linux: a simulated UIKit that drives it, and the
        // CallKit adapter's provider.
        .target(
            name: "AppServicesUIKitTesting",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesUIKit",
                "AppServicesCallKit",
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesCallKitShim", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        // SwiftUI scenes: the `appServices(_:)` modifier and the host of an application
        // without an app delegate. Apart from UIKit's adapter, so that a UIKit application
        // does not link SwiftUI.
        .target(
            name: "AppServicesSwiftUI",
            dependencies: [
                "AppServices",
                "AppServicesUIKit",
                .product(name: "Logging", package: "swift-log"),
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesSwiftUIShim", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        // Tests of an app's SwiftUI scenes on Linux: windows shown as SwiftUI shows them, in a
        // simulated UIKit, driven by the test kit's simulator.
        .target(
            name: "AppServicesSwiftUITesting",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesUIKit",
                "AppServicesUIKitTesting",
                "AppServicesSwiftUI",
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesSwiftUIShim", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        .target(
            name: "AppServicesAppKit",
            dependencies: [
                "AppServices",
                .product(name: "Logging", package: "swift-log"),
                .target(name: "AppServicesAppKitShim", condition: .when(platforms: platformsWithoutAppKit)),
            ]
        ),
        // The shims. Their sources are empty where the real framework exists, and they are
        // no products: nobody outside this package should build against them.
        .target(name: "AppServicesFoundationShim"),
        .target(name: "AppServicesUIKitShim", dependencies: ["AppServicesFoundationShim"]),
        // CarPlay's and PushKit's declarations, apart from UIKit's so that a build without the
        // `CarPlay` or `PushKit` trait shows, by not compiling them, that nothing needs them.
        .target(name: "AppServicesCarPlayShim", dependencies: ["AppServicesUIKitShim"]),
        .target(name: "AppServicesPushKitShim", dependencies: ["AppServicesUIKitShim"]),
        .target(name: "AppServicesAppKitShim", dependencies: ["AppServicesFoundationShim"]),
        .target(name: "AppServicesCallKitShim", dependencies: ["AppServicesFoundationShim"]),
        .target(name: "AppServicesMetricKitShim", dependencies: ["AppServicesFoundationShim"]),
        // SwiftUI's declarations for where UIKit is missing (macOS too: its SwiftUI has no
        // `UIApplicationDelegateAdaptor`, and the adapter builds against UIKit's shim there).
        .target(name: "AppServicesSwiftUIShim", dependencies: ["AppServicesUIKitShim"]),
        // The Linux and server host: the application as a swift-service-lifecycle service.
        .target(
            name: "AppServicesLifecycle",
            dependencies: [
                "AppServices",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .executableTarget(
            name: "appservices-demo",
            dependencies: [
                "AppServices",
                "AppServicesLifecycle",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "AppServicesTests",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        // The classic patterns as small compiled examples (not a product).
        .target(
            name: "AppServicesExamples",
            dependencies: [
                "AppServices",
                "AppServicesUIKit",
                "AppServicesSwiftUI",
                "AppServicesLifecycle",
                "AppServicesMetricKit",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesSwiftUIShim", condition: .when(platforms: platformsWithoutUIKit)),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "AppServicesExamplesTests",
            dependencies: [
                "AppServicesExamples",
                "AppServicesLifecycle",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                "AppServices",
                "AppServicesTesting",
                "AppServicesUIKit",
                "AppServicesUIKitTesting",
                "AppServicesSwiftUI",
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesSwiftUIShim", condition: .when(platforms: platformsWithoutUIKit)),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        .testTarget(
            name: "AppServicesTestingTests",
            dependencies: ["AppServices", "AppServicesTesting"]
        ),
        .testTarget(
            name: "AppServicesLifecycleTests",
            dependencies: [
                "AppServices",
                "AppServicesLifecycle",
                "AppServicesTesting",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // Runs the built demo as a child process; depending on it makes sure it is built.
        .testTarget(
            name: "AppServicesDemoTests",
            dependencies: ["appservices-demo"]
        ),
        .testTarget(
            name: "AppServicesUIKitTests",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesUIKit",
                "AppServicesUIKitTesting",
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesCarPlayShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesPushKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "AppServicesCallKitTests",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesCallKit",
                "AppServicesUIKit",
                "AppServicesUIKitTesting",
                .target(name: "AppServicesCallKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "AppServicesMetricKitTests",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesMetricKit",
                .target(name: "AppServicesMetricKitShim", condition: .when(platforms: platformsWithoutUIKit)),
            ]
        ),
        // Uses only the public products, as an app's own tests would.
        .testTarget(
            name: "AppServicesUIKitTestingTests",
            dependencies: ["AppServices", "AppServicesTesting", "AppServicesUIKit", "AppServicesUIKitTesting"]
        ),
        .testTarget(
            name: "AppServicesSwiftUITests",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesUIKit",
                "AppServicesUIKitTesting",
                "AppServicesSwiftUI",
                .target(name: "AppServicesUIKitShim", condition: .when(platforms: platformsWithoutUIKit)),
                .target(name: "AppServicesSwiftUIShim", condition: .when(platforms: platformsWithoutUIKit)),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Uses only the public products, as an app's own tests of its SwiftUI scenes would.
        .testTarget(
            name: "AppServicesSwiftUITestingTests",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesUIKit",
                "AppServicesUIKitTesting",
                "AppServicesSwiftUI",
                "AppServicesSwiftUITesting",
                "AppServicesCallKit",
            ]
        ),
        .testTarget(
            name: "AppServicesAppKitTests",
            dependencies: [
                "AppServices",
                "AppServicesTesting",
                "AppServicesAppKit",
                .product(name: "Logging", package: "swift-log"),
                .target(name: "AppServicesAppKitShim", condition: .when(platforms: platformsWithoutAppKit)),
            ]
        ),
    ]
)

// The build plugin `AppServicesLint` (README, "Build plugin: AppServicesLint"): a swift-syntax executable that
// reads a target's sources and warns about members that nearly match a capability's
// requirement. swift-syntax is a dependency of the plugin's tool and of its tests only, never
// of a library product, so an app that does not apply the plugin builds none of it.
//
// The ThreadSanitizer run (`.ci/sanitize`) sets APPSERVICES_WITHOUT_LINT=1: the lint has no
// concurrency to check, and declaring it would make that run build swift-syntax (207 s
// measured on 2 cores) a second time, instrumented. Every other build declares it.
if Context.environment["APPSERVICES_WITHOUT_LINT"] == nil {
    package.dependencies.append(
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0")
    )
    package.products.append(.plugin(name: "AppServicesLint", targets: ["AppServicesLint"]))
    package.targets += [
        // The checks and the requirement table, apart from the executable so that they can be
        // tested; not a product (package access).
        .target(
            name: "AppServicesLintCore",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The plugin's tool, also run directly by CI over the examples and the demo.
        .executableTarget(name: "appservices-lint", dependencies: ["AppServicesLintCore"]),
        .plugin(name: "AppServicesLint", capability: .buildTool(), dependencies: ["appservices-lint"]),
        .testTarget(
            name: "AppServicesLintTests",
            dependencies: ["AppServicesLintCore"],
            // A package that a test builds with the plugin applied, in a copy.
            exclude: ["Fixtures"]
        ),
    ]
    // CI's end-to-end build of the plugin (`.ci/run`): that package's sources as a target of
    // this one, the plugin applied, built in CI's own build folder where swift-syntax, the
    // tool and the core are already compiled (the copy's build compiles them all again: 260
    // of CI's 1,552 s on 2 cores). Declared only when asked: its build warns five times by
    // design. `LintPluginBuildTests` checks the warnings that build printed.
    if Context.environment["APPSERVICES_LINT_FIXTURE"] != nil {
        package.targets.append(
            .target(
                name: "NearMisses",
                dependencies: ["AppServices"],
                path: "Tests/AppServicesLintTests/Fixtures/NearMisses/Sources/NearMisses",
                plugins: ["AppServicesLint"]
            )
        )
    }
}

// Strict settings, the same for every target (plugins take no settings).
for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    // SE-0335: existential types are spelled `any P`, so their cost is visible.
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    // SE-0409: imports are internal unless marked `public`, so no dependency leaks into
    // our public API by accident.
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    // SE-0444: a file sees only the members of the modules it imports itself.
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
