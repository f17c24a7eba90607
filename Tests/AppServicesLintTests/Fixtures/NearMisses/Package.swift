// swift-tools-version: 6.2

import PackageDescription

// A package with the plugin applied, built by `LintPluginBuildTests` in a copy placed beside
// a link named `AppServices` to the checkout. Without the package's traits it builds only
// the core of AppServices (and swift-syntax for the plugin's tool).
let package = Package(
    name: "NearMisses",
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(path: "../AppServices", traits: [])
    ],
    targets: [
        .target(
            name: "NearMisses",
            dependencies: [.product(name: "AppServices", package: "AppServices")],
            plugins: [.plugin(name: "AppServicesLint", package: "AppServices")]
        )
    ]
)
