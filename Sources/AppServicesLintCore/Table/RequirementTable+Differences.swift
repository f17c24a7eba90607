import Foundation

extension RequirementTable {
    /// The protocols the table must list: `AppService`, `Initializer`, `StartupCommand`,
    /// `AppGate`, `AppMilestone`, and every library protocol that refines one of them.
    static let roots: Set<String> = ["AppService", "Initializer", "StartupCommand", "AppGate", "AppMilestone"]

    /// Where the table is written, for messages.
    static let source = "Sources/AppServicesLintCore/Table/RequirementTable+AppServices.swift"

    /// How the table differs from the protocols declared in `files` (the library's
    /// sources), one sentence per difference naming the protocol, the member and the file;
    /// empty when they agree.
    ///
    /// It reads the files with the same ``DeclarationReader`` as the lint, and compares
    /// requirements as Swift compares witnesses (``MemberSignature/witnessKey``), so that
    /// a change of name, label, type or effect shows, and a change of parameter name or
    /// formatting does not.
    package func differences(fromLibrary files: [SourceFile]) -> [String] {
        let (declarations, _) = DeclarationReader(knownAliases: typeAliases).read(files)
        let protocols = Dictionary(
            declarations.filter { $0.kind == .protocol }.map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        let extensions = Dictionary(grouping: declarations.filter { $0.kind == .extension }, by: \.name)

        // Every library protocol refining a root, transitively.
        func refinesRoot(_ name: String, _ seen: Set<String> = []) -> Bool {
            if Self.roots.contains(name) { return true }
            guard let declaration = protocols[name], !seen.contains(name) else { return false }
            return declaration.inherited.contains { refinesRoot($0.name, seen.union([name])) }
        }
        let expected = protocols.keys.filter { refinesRoot($0) || self[$0] != nil }.sorted()

        var problems: [String] = []
        for name in expected {
            guard let declaration = protocols[name] else { continue }
            let place = declaration.location
            let refined = declaration.inherited.map(\.name).filter { self[$0] != nil || refinesRoot($0) }
            guard let entry = self[name] else {
                let list = declaration.members.map { "'\($0.declaration)'" }.joined(separator: ", ")
                problems.append(
                    "\(place.file):\(place.line): protocol \(name) (refining \(refined.joined(separator: ", "))) is "
                        + "not in the lint's requirement table (\(Self.source)): add it with its requirements \(list)"
                )
                continue
            }
            if Set(entry.refines) != Set(refined) {
                problems.append(
                    "\(place.file):\(place.line): \(name) refines \(refined.joined(separator: ", ")) in the library "
                        + "but \(entry.refines.joined(separator: ", ")) in the lint's requirement table"
                )
            }
            // Defaults: members of the library's extensions of this protocol that satisfy
            // its requirements, or those of the protocols it refines.
            let defaults = (extensions[name] ?? []).flatMap(\.members)
            problems += requirementDifferences(name, declaration, entry, defaults)
            let refinedRequirements = closure(of: name).subtracting([name]).compactMap { self[$0] }
                .flatMap(\.requirements)
            let inherited = refinedRequirements.filter { requirement in
                defaults.contains { $0.signature.satisfies(requirement.signature) }
            }.map(\.signature.swiftName)
            if Set(inherited) != Set(entry.defaultsForRefined) {
                problems.append(
                    "\(place.file):\(place.line): \(name)'s extension implements \(inherited.sorted()) of the "
                        + "protocols it refines, but the lint's table says \(entry.defaultsForRefined.sorted()) "
                        + "(defaultsForRefined)"
                )
            }
        }
        for entry in self.protocols where protocols[entry.name] == nil {
            problems.append(
                "\(entry.name) is in the lint's requirement table (\(Self.source)) but the library declares no such "
                    + "protocol: remove it, or give it the library's new name"
            )
        }
        problems += aliasDifferences(files)
        return problems
    }

    private func requirementDifferences(
        _ name: String,
        _ declaration: TypeDeclaration,
        _ entry: CheckedProtocol,
        _ defaults: [DeclaredMember]
    ) -> [String] {
        var problems: [String] = []
        let library = declaration.members
        let table = entry.requirements
        let libraryKeys = Set(library.map(\.signature.witnessKey))
        let tableKeys = Set(table.map(\.signature.witnessKey))
        let added = library.filter { !tableKeys.contains($0.signature.witnessKey) }
        var removed = table.filter { !libraryKeys.contains($0.signature.witnessKey) }
        for member in added {
            let place = member.location
            let hasDefault = defaults.contains { $0.signature.satisfies(member.signature) }
            let list = hasDefault ? "withDefaults" : "withoutDefaults"
            // The same Swift name in the table, or the only member removed beside the only
            // member added: a change, or a rename.
            let previous =
                removed.firstIndex { $0.signature.swiftName == member.signature.swiftName }
                ?? (added.count == 1 && removed.count == 1 ? 0 : nil)
            if let previous {
                let old = removed.remove(at: previous)
                let verb = old.signature.swiftName == member.signature.swiftName ? "changed" : "was renamed"
                problems.append(
                    "\(place.file):\(place.line): \(name).\(old.signature.swiftName) \(verb) in the library: it "
                        + "declares '\(member.declaration)' where the lint's requirement table (\(Self.source)) has "
                        + "'\(old.declaration)'; write the library's declaration in \(name)'s \(list)"
                )
            } else {
                problems.append(
                    "\(place.file):\(place.line): \(name).\(member.signature.swiftName) was added to the library "
                        + "but is not in the lint's requirement table (\(Self.source)): add '\(member.declaration)' "
                        + "to \(name)'s \(list)"
                )
            }
        }
        for old in removed {
            problems.append(
                "\(name).\(old.signature.swiftName) is in the lint's requirement table (\(Self.source)) but no "
                    + "longer in the library (\(declaration.location.file)): remove '\(old.declaration)'"
            )
        }
        for requirement in table where libraryKeys.contains(requirement.signature.witnessKey) {
            let hasDefault = defaults.contains { $0.signature.satisfies(requirement.signature) }
            if hasDefault != requirement.hasDefault {
                problems.append(
                    "\(declaration.location.file): \(name).\(requirement.signature.swiftName) "
                        + (hasDefault ? "has" : "has no") + " default in the library, but the lint's requirement table "
                        + "(\(Self.source)) lists it " + (requirement.hasDefault ? "withDefaults" : "withoutDefaults")
                )
            }
        }
        return problems
    }

    /// The table's aliases must be the library's: each names a public type alias there
    /// (with the default traits' expansion, the first one declared).
    private func aliasDifferences(_ files: [SourceFile]) -> [String] {
        var declared: [String: String] = [:]
        for file in files {
            for line in file.text.split(separator: "\n") {
                let words = line.split(separator: " ", maxSplits: 3)
                guard words.count == 4 || words.count == 3, words[0] == "public", words[1] == "typealias" else {
                    continue
                }
                let rest = line.split(separator: "typealias ", maxSplits: 1).last ?? ""
                let parts = rest.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, declared[parts[0]] == nil { declared[parts[0]] = parts[1] }
            }
        }
        return typeAliases.keys.sorted().compactMap { name in
            let value = typeAliases[name]!
            guard let library = declared[name] else {
                return "The lint's requirement table (\(Self.source)) expands \(name), which the library no longer "
                    + "declares as a public type alias"
            }
            return spelling.canonical(text: library) == spelling.canonical(text: value)
                ? nil
                : "The library declares 'typealias \(name) = \(library)', the lint's requirement table "
                    + "(\(Self.source)) '\(value)'"
        }
    }
}
