import Foundation
import PackagePlugin

/// Warns, at their line, about members of a target's services that nearly match a capability
/// requirement and so are never called (README, "Build plugin: AppServicesLint").
///
/// Apply it to a target:
///
/// ```swift
/// .target(
///     name: "ShopApp",
///     dependencies: [.product(name: "AppServices", package: "AppServices")],
///     plugins: [.plugin(name: "AppServicesLint", package: "AppServices")]
/// )
/// ```
///
/// The lint runs when one of the target's Swift files changed, before the target compiles.
/// Its one output is a Swift file that declares nothing: a build command needs an output to
/// be skipped when its inputs have not changed, and a Swift output is compiled, not bundled
/// as a resource.
@main
struct AppServicesLint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url)
        return try Self.commands(
            tool: context.tool(named: "appservices-lint").url,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name,
            files: files
        )
    }

    /// The one command that lints `files`.
    static func commands(tool: URL, workDirectory: URL, targetName: String, files: [URL]) -> [Command] {
        guard !files.isEmpty else { return [] }
        let stamp = workDirectory.appending(path: "\(targetName)+AppServicesLint.swift")
        return [
            .buildCommand(
                displayName: "AppServicesLint \(targetName)",
                executable: tool,
                arguments: ["--output", stamp.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [stamp]
            )
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension AppServicesLint: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return try Self.commands(
            tool: context.tool(named: "appservices-lint").url,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.displayName,
            files: files
        )
    }
}
#endif
