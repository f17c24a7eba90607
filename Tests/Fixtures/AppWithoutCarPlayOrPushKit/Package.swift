// swift-tools-version: 6.2

import PackageDescription

// An application as its developers would write it, using AppServicesUIKit without the
// package's traits: without CarPlay and PushKit, which it has no use for, nor Configuration
// and Metrics. CI runs its tests (`.ci/run`): the adapter and its test kit build without
// either framework (on Linux, without the shim modules that stand for them), the app behaves
// as a device without them would, and a VoIP service it cannot serve is reported at launch.
let package = Package(
    name: "AppWithoutCarPlayOrPushKit",
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "AppServices", path: "../../..", traits: [])
    ],
    targets: [
        .target(
            name: "ShopApp",
            dependencies: [
                .product(name: "AppServices", package: "AppServices"),
                .product(name: "AppServicesUIKit", package: "AppServices"),
            ]
        ),
        // Not the application's: the package's other Apple products, so that CI's build of
        // this package also shows every product building without the traits (`.ci/run` checks
        // that no module of swift-configuration, swift-system, swift-metrics or
        // swift-collections was compiled) without compiling the core a second time.
        .target(
            name: "OtherProducts",
            dependencies: [
                .product(name: "AppServicesSwiftUI", package: "AppServices"),
                .product(name: "AppServicesSwiftUITesting", package: "AppServices"),
                .product(name: "AppServicesCallKit", package: "AppServices"),
                .product(name: "AppServicesMetricKit", package: "AppServices"),
                .product(name: "AppServicesAppKit", package: "AppServices"),
            ]
        ),
        .testTarget(
            name: "ShopAppTests",
            dependencies: [
                "ShopApp",
                .product(name: "AppServices", package: "AppServices"),
                .product(name: "AppServicesTesting", package: "AppServices"),
                .product(name: "AppServicesUIKit", package: "AppServices"),
                .product(name: "AppServicesUIKitTesting", package: "AppServices"),
            ]
        ),
    ]
)
