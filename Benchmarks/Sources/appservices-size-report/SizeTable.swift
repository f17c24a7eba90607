/// The report: one row per module and one per package; for each build, the size of the
/// object files and of their loaded sections.
struct SizeTable {
    let variants: [String]
    let reports: [[ModuleSize]]

    var text: String {
        let modules = Set(reports.joined().map { Key(package: $0.package, module: $0.module) }).sorted()
        let packages = Set(modules.map(\.package)).sorted()
        var lines = [
            "Object code of a release build of AppServicesUIKit and its dependencies, without debug "
                + "information, per module: the sum of its .o files, and of their loaded sections (code, "
                + "constants, data; `size`'s text + data). KB = 1,000 bytes.",
            row("", variants.flatMap { [$0, ""] }),
            row("package / module", variants.flatMap { _ in [".o files", "loaded"] }),
        ]
        for package in packages {
            lines.append(row(package, cells(reports.map { $0.filter { $0.package == package } })))
            for key in modules where key.package == package {
                let sizes = reports.map { $0.filter { $0.package == key.package && $0.module == key.module } }
                lines.append(row("  " + key.module, cells(sizes)))
            }
        }
        lines.append(row("total", cells(reports)))
        // The shims stand in for UIKit and Foundation where they are missing: an iOS app
        // links the system's frameworks instead.
        let onIOS = reports.map { $0.filter { !$0.module.hasSuffix("Shim") } }
        lines.append(row("total without the Linux shims", cells(onIOS)))
        return lines.joined(separator: "\n")
    }

    private struct Key: Hashable, Comparable {
        let package: String
        let module: String
        static func < (a: Key, b: Key) -> Bool { (a.package, a.module) < (b.package, b.module) }
    }

    /// Two cells per build: the sums of `sizes`, or `-` when the build has none of them.
    private func cells(_ sizes: [[ModuleSize]]) -> [String] {
        sizes.flatMap { sizes -> [String] in
            guard !sizes.isEmpty else { return ["-", "-"] }
            let loaded = sizes.map(\.loadedBytes)
            return [
                kilobytes(sizes.reduce(0) { $0 + $1.fileBytes }),
                loaded.contains(nil) ? "?" : kilobytes(loaded.reduce(0) { $0 + ($1 ?? 0) }),
            ]
        }
    }

    private func kilobytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50) / 100
        return "\(tenths / 10).\(tenths % 10) KB"
    }

    private func row(_ name: String, _ cells: [String]) -> String {
        name + String(repeating: " ", count: max(0, 32 - name.count))
            + cells.map { String(repeating: " ", count: max(0, 14 - $0.count)) + $0 }.joined()
    }
}
