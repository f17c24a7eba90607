import Foundation

// The size report: what an app that adopts AppServices and AppServicesUIKit pays in object
// code, with the package's default traits and without them (no swift-configuration,
// swift-system or swift-metrics, no CarPlay or PushKit). Builds `AppServicesUIKit` and what
// it depends on in release twice, each in its own folder (`.build-size/` in the package,
// kept so a second run is incremental), and prints each module's object code: the sum of
// the `.o` files in its build folder, built without debug information.
//
//     swift run --package-path Benchmarks appservices-size-report [--skip-build]
//
// `--skip-build` reports on the folders of an earlier run. Build output goes to standard
// error, the report to standard output. Exits non-zero when a build fails, or when the
// build without traits compiled a module of swift-configuration, swift-system,
// swift-metrics or swift-collections, or the CarPlay or PushKit shim.

let arguments = Set(CommandLine.arguments.dropFirst())
let skipsBuild = arguments.contains("--skip-build")
guard arguments.isSubset(of: ["--skip-build"]) else {
    FileHandle.standardError.write(Data("usage: appservices-size-report [--skip-build]\n".utf8))
    exit(2)
}

// This file is <root>/Benchmarks/Sources/appservices-size-report/main.swift.
let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let variants = [
    SizeBuild(name: "default traits", folder: "default", extraArguments: []),
    SizeBuild(name: "no traits", folder: "no-traits", extraArguments: ["--disable-default-traits"]),
]

var reports: [[ModuleSize]] = []
for variant in variants {
    do {
        if !skipsBuild { try variant.build(packageAt: root) }
        reports.append(try ModuleSize.all(in: variant.productsFolder(packageAt: root), reachableFrom: SizeBuild.target))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

let table = SizeTable(variants: variants.map(\.name), reports: reports)
print(table.text)

// The promise of the traits: nothing of these packages without them (swift-collections
// comes only with swift-configuration; the core has its own queue and heap), and neither
// CarPlay nor PushKit, whose shim modules stand for the frameworks here.
let excluded: Set<String> = ["swift-configuration", "swift-system", "swift-metrics", "swift-collections"]
let excludedModules: Set<String> = ["AppServicesCarPlayShim", "AppServicesPushKitShim"]
let leaked = reports[1].filter { excluded.contains($0.package) || excludedModules.contains($0.module) }
if !leaked.isEmpty {
    print("The build without traits compiled \(leaked.map(\.module).joined(separator: ", ")).")
    exit(1)
}
