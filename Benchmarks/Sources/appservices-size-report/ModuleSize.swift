import Foundation

/// The object code of one module in a build folder.
struct ModuleSize {
    /// The module's name (its build folder without `.build`).
    let module: String
    /// The package it comes from: a checkout's folder name (`swift-log`), or `AppServices`
    /// for this package.
    let package: String
    /// The sum of the module's `.o` files.
    let fileBytes: Int
    /// The sum of their sections that are loaded (code, constants, data: what the linker
    /// copies into the binary, before it drops what nothing uses); `nil` where the objects
    /// are not ELF (Mach-O on Apple platforms).
    let loadedBytes: Int?

    /// Every module of the build folder `products` that `target` depends on (itself
    /// included) in the folder's last build, and that has object files, by package and then
    /// by name. A module an earlier build compiled into the folder and the last one no longer
    /// uses (a dependency since removed) is left out.
    static func all(in products: URL, reachableFrom target: String) throws -> [ModuleSize] {
        let files = FileManager.default
        let modules = try dependencies(of: target, in: products)
        // `release` is a link to the triple's folder, which Foundation does not list through.
        let folders = try files.contentsOfDirectory(
            at: products.resolvingSymlinksInPath(),
            includingPropertiesForKeys: nil
        )
        .filter { $0.lastPathComponent.hasSuffix(".build") }
        .filter { modules.contains(String($0.lastPathComponent.dropLast(".build".count))) }
        return try folders.compactMap { folder -> ModuleSize? in
            let objects = try Self.objects(in: folder)
            guard !objects.isEmpty else { return nil }
            let contents = try objects.map { try Data(contentsOf: $0) }
            let loaded = contents.map(ELFObject.loadedBytes)
            return ModuleSize(
                module: String(folder.lastPathComponent.dropLast(".build".count)),
                package: try package(of: folder),
                fileBytes: contents.reduce(0) { $0 + $1.count },
                loadedBytes: loaded.contains(nil) ? nil : loaded.reduce(0) { $0 + ($1 ?? 0) }
            )
        }
        .sorted { ($0.package, $0.module) < ($1.package, $1.module) }
    }

    /// The object files of the module built in `folder` from its current sources: those the
    /// compiler's output file map names, so that the object of a source file since removed,
    /// which an earlier build left in the folder, is not counted. A module without a map (C)
    /// counts every object in its folder.
    private static func objects(in folder: URL) throws -> [URL] {
        let files = FileManager.default
        let all = try files.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            // `.swiftmodule.o` wraps a module's interface for the debugger: no code.
            .filter { $0.pathExtension == "o" && !$0.lastPathComponent.hasSuffix(".swiftmodule.o") }
        let map = folder.appending(path: "output-file-map.json")
        guard files.fileExists(atPath: map.path(percentEncoded: false)) else { return all }
        let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: map)) as? [String: [String: String]]
        guard let entries else {
            throw PlanError(description: "\(map.path(percentEncoded: false)) is not a map of sources to outputs.")
        }
        let current = Set(entries.values.compactMap { $0["object"] }.map { URL(filePath: $0).lastPathComponent })
        return all.filter { current.contains($0.lastPathComponent) }
    }

    /// A build plan the report cannot read.
    struct PlanError: Error, CustomStringConvertible {
        let description: String
    }

    /// `target` and the modules it depends on, directly or not, as the build plan of the
    /// folder's last build (`description.json`) maps them.
    private static func dependencies(of target: String, in products: URL) throws -> Set<String> {
        let plan = products.appending(path: "description.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: plan)) as? [String: Any]
        guard let map = json?["targetDependencyMap"] as? [String: [String]] else {
            throw PlanError(
                description: "\(plan.path(percentEncoded: false)) has no targetDependencyMap: "
                    + "SwiftPM's build plan changed its format; the report cannot tell which modules the build used."
            )
        }
        var found: Set<String> = []
        var waiting = [target]
        while let module = waiting.popLast() {
            guard found.insert(module).inserted else { continue }
            waiting += map[module] ?? []
        }
        return found
    }

    /// The package whose sources the module was compiled from: the first source named in
    /// its build folder (the Swift output map's keys, or what a C object was made from).
    private static func package(of folder: URL) throws -> String {
        let listings = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        var source: String?
        if let map = listings.first(where: { $0.lastPathComponent == "output-file-map.json" }) {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: map)) as? [String: Any]
            source = json?.keys.first { $0.hasSuffix(".swift") }
        } else if let dependencies = listings.first(where: { $0.pathExtension == "d" }) {
            // `dependencies: \ /path/to/shims.c \ /path/to/header.h ...`: the first path.
            let text = try String(contentsOf: dependencies, encoding: .utf8)
            source = text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("/") }.map(String.init)
        }
        guard let source else { return "unknown" }
        guard let checkout = source.range(of: "/checkouts/") else { return "AppServices" }
        return String(source[checkout.upperBound...].prefix { $0 != "/" })
    }
}

/// Just enough of the ELF format to add up an object's loaded sections.
enum ELFObject {
    /// The sum of the sizes of the sections that are loaded and take room in the file
    /// (`SHF_ALLOC`, not `SHT_NOBITS`): what `size` reports as text plus data. `nil` when
    /// `data` is not a 64-bit little-endian ELF file.
    static func loadedBytes(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        guard bytes.count >= 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1 else {
            return nil
        }
        func read(_ offset: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let tableOffset = read(0x28, 8)
        let entrySize = read(0x3A, 2)
        var count = read(0x3C, 2)
        // With more sections than fit in the header's field, the count is in section 0.
        if count == 0 && tableOffset > 0 { count = read(tableOffset + 32, 8) }
        guard tableOffset + count * entrySize <= bytes.count else { return nil }
        let alloc = 0x2
        let noBits = 8
        return (0..<count).reduce(0) { sum, index in
            let entry = tableOffset + index * entrySize
            let loaded = read(entry + 8, 8) & alloc != 0 && read(entry + 4, 4) != noBits
            return loaded ? sum + read(entry + 32, 8) : sum
        }
    }
}
