/// Finds the members of services, initializers and startup commands that nearly match a
/// requirement of a protocol they adopt and so are never called, the platform delegate
/// methods written in services, and the capabilities a type adopts without implementing any
/// of their members.
///
/// It reads source text only (swift-syntax), one target at a time: a type adopts a protocol
/// directly or through a protocol or class declared in the same target. Members that satisfy
/// a requirement, types that adopt none of the table's protocols, and members that resemble
/// a requirement only by chance (another kind of member, a helper taking a `UIApplication`,
/// a short name one letter away) are not reported, nor is a type the lint cannot resolve (a
/// type alias of another module) taken for another type than the requirement's.
///
/// ```swift
/// let diagnostics = ServiceLinter().lint([SourceFile(path: path, text: text)])
/// for diagnostic in diagnostics { print(diagnostic) }  // path:line:column: warning: ...
/// ```
package struct ServiceLinter: Sendable {
    /// The requirements checked.
    package let table: RequirementTable
    /// Base names that more than one requirement has (`application`, `scene`): a member
    /// with one of them is a near miss only if its argument labels are close too.
    private let sharedBaseNames: Set<String>
    /// Every requirement's base name, checked or not.
    private let requirementNames: Set<String>

    /// A linter checking against `table`.
    package init(table: RequirementTable = .appServices) {
        self.table = table
        var seen: Set<String> = []
        var shared: Set<String> = []
        let checked = table.protocols.filter(\.isChecked).flatMap(\.requirements)
        for requirement in checked where requirement.signature.kind == .function {
            if !seen.insert(requirement.signature.name).inserted { shared.insert(requirement.signature.name) }
        }
        sharedBaseNames = shared
        requirementNames = Set(table.protocols.flatMap(\.requirements).map(\.signature.name))
    }

    /// The problems in `files`, the Swift sources of one target, ordered by place.
    package func lint(_ files: [SourceFile]) -> [LintDiagnostic] {
        let aliases = table.typeAliases.merging(KnownTypes.foundationAliases) { library, _ in library }
        var reader = DeclarationReader(knownAliases: aliases)
        reader.libraryTypeNames = KnownTypes.libraryTypeNames(in: table)
        let (declarations, _) = reader.read(files)
        let index = TypeIndex(declarations, table: table)
        let known = KnownTypes(table: table, declarations: declarations)
        return index.entities.flatMap { check($0, in: index, known: known) }.sorted()
    }

    // MARK: - One type

    private func check(_ entity: TypeIndex.Entity, in index: TypeIndex, known: KnownTypes) -> [LintDiagnostic] {
        let adoption = index.adoption(of: entity)
        let checked = table.protocols.filter { $0.isChecked && adoption.protocols.contains($0.name) }
        guard !checked.isEmpty else { return [] }
        let requirements = checked.flatMap(\.requirements)
        let adoptedRequirements = table.protocols.filter { adoption.protocols.contains($0.name) }
            .flatMap(\.requirements)
        let visible = entity.implementations + adoption.inheritedImplementations
        let context = Context(entity: entity, adoption: adoption, visible: visible, known: known)

        var diagnostics: [LintDiagnostic] = []
        var nearMissed: Set<String> = []
        // Overrides are checked by the compiler; `@objc` members and the methods of a platform
        // delegate the type adopts itself have callers other than AppServices.
        let implementing = entity.declarations.filter { $0.kind != .protocol }
        for declaration in implementing {
            for member in declaration.members where !member.isOverride && !member.isObjC {
                inspect(member, of: declaration)
            }
        }
        func inspect(_ member: DeclaredMember, of declaration: TypeDeclaration) {
            if let delegate = Self.delegateProtocol(of: member), adoption.delegates.contains(delegate) { return }
            if adoptedRequirements.contains(where: { context.mayBeWitness(member, of: $0) }) {
                if declaration.isConstrained, entity.isConcrete,
                    !declaration.isImplied(by: entity.declarations.filter { $0.kind != .extension }),
                    let requirement = unconditionalDefault(
                        of: member,
                        in: declaration,
                        among: adoptedRequirements,
                        context,
                        index
                    )
                {
                    diagnostics.append(constrainedMessage(member, requirement, declaration, context))
                    return
                }
                if let (requirement, superclass) = superclassDefault(of: member, among: requirements, context) {
                    diagnostics.append(superclassDefaultMessage(member, requirement, superclass, context))
                }
                return
            }
            if let unadopted = unadoptedRequirement(matching: member) {
                if entity.isConcrete, adoption.isComplete, adoption.protocols.contains("AppService") {
                    diagnostics.append(unadoptedMessage(member, unadopted, context, adopted: adoptedRequirements))
                }
                return
            }
            if adoption.protocols.contains("AppService"), let (diagnostic, capability) = delegateMethod(member, context)
            {
                diagnostics.append(diagnostic)
                if let capability { nearMissed.insert(capability) }
                return
            }
            if let miss = nearestMiss(of: member, among: requirements, context) {
                nearMissed.insert(miss.requirement.protocolName)
                diagnostics.append(nearMissMessage(member, miss, context))
            }
        }
        diagnostics += emptyAdoptions(context, skipping: nearMissed)
        return diagnostics
    }

    /// What the checks of one type share.
    private struct Context {
        let entity: TypeIndex.Entity
        let adoption: TypeIndex.Adoption
        /// The members that can satisfy a requirement: the type's, its superclasses' and
        /// its protocols' extensions'.
        let visible: [DeclaredMember]
        /// The types the lint can resolve in the target.
        let known: KnownTypes

        /// Whether `member` is, or may be, a witness of `requirement` (``KnownTypes``).
        func mayBeWitness(_ member: DeclaredMember, of requirement: RequirementTable.Requirement) -> Bool {
            known.mayBeWitness(member.signature, of: requirement.signature)
        }

        func isSatisfied(_ requirement: RequirementTable.Requirement) -> Bool {
            visible.contains { mayBeWitness($0, of: requirement) }
        }

        func named(_ member: DeclaredMember) -> String {
            "'\(entity.name).\(member.signature.swiftName)'"
        }
    }

    // MARK: - Unadopted capabilities

    /// A checked capability requirement that `member` satisfies exactly.
    private func unadoptedRequirement(matching member: DeclaredMember) -> RequirementTable.Requirement? {
        table.protocols.lazy.filter { $0.isChecked && table.isCapability($0.name) }.flatMap(\.requirements)
            .first { member.signature.satisfies($0.signature) }
    }

    /// The message for `member`, which matches `requirement` of a capability the type does
    /// not adopt; it also names the requirement of an `adopted` capability whose name is the
    /// member's with "Did" and "Will" swapped (`applicationWillBecomeActive` beside
    /// `applicationDidBecomeActive`), which the member may be meant for: adopting the other
    /// capability (an AppKit one, on iOS) would silence the warning and still never call it.
    private func unadoptedMessage(
        _ member: DeclaredMember,
        _ requirement: RequirementTable.Requirement,
        _ context: Context,
        adopted: [RequirementTable.Requirement]
    ) -> LintDiagnostic {
        var message =
            "\(context.named(member)) matches \(requirement.protocolName)'s requirement "
            + "'\(requirement.declaration)', but '\(context.entity.name)' does not adopt "
            + "\(requirement.protocolName), so AppServices never calls it; add \(requirement.protocolName) "
            + "to its conformances"
        if let meant = adopted.first(where: { Self.swapsTense(member.signature.name, $0.signature.name) }) {
            message +=
                ", or, if it is meant for \(meant.protocolName), which '\(context.entity.name)' adopts, "
                + "write its requirement '\(meant.declaration)'"
        }
        return LintDiagnostic(location: member.location, message: message)
    }

    // MARK: - Members of constrained extensions

    /// A requirement with a default that `member`, declared in the extension `constrained`
    /// (`where Storage == Disk`, or `extension Cache<Disk>`), matches, while the type adopts the requirement's
    /// protocol without that constraint, and no member outside such an extension implements
    /// it. A witness must serve every specialization of the type: Swift takes the protocol's
    /// default for all of them, this one included, and never calls the member. Nothing is
    /// reported when an extension with the same constraint adopts the protocol (the member
    /// is the witness of that conditional conformance) or only extensions with other
    /// constraints do (the lint does not judge which constraint implies which).
    private func unconditionalDefault(
        of member: DeclaredMember,
        in constrained: TypeDeclaration,
        among requirements: [RequirementTable.Requirement],
        _ context: Context,
        _ index: TypeIndex
    ) -> RequirementTable.Requirement? {
        let entity = context.entity
        let declarations = entity.declarations.filter { $0.kind != .protocol }
        let adopted = declarations.map { declaration in
            (declaration.constraintKey, index.protocols(adoptedBy: declaration, of: entity))
        }
        let unconstrained =
            declarations.filter { !$0.isConstrained }.flatMap(\.members)
            + context.adoption.inheritedImplementations
        for requirement in requirements where context.mayBeWitness(member, of: requirement) {
            let name = requirement.protocolName
            // A conformance a superclass makes is that superclass's to fix (reported below).
            guard context.adoption.fromSuperclass[name] == nil,
                table.hasDefault(requirement, adopting: context.adoption.protocols),
                adopted.contains(where: { $0.0 == nil && $0.1.contains(name) }),
                !adopted.contains(where: { $0.0 == constrained.constraintKey && $0.1.contains(name) }),
                !unconstrained.contains(where: { context.mayBeWitness($0, of: requirement) })
            else { continue }
            return requirement
        }
        return nil
    }

    private func constrainedMessage(
        _ member: DeclaredMember,
        _ requirement: RequirementTable.Requirement,
        _ constrained: TypeDeclaration,
        _ context: Context
    ) -> LintDiagnostic {
        let type = context.entity.name
        let name = requirement.protocolName
        return LintDiagnostic(
            location: member.location,
            message: "\(context.named(member)) matches \(name)'s requirement '\(requirement.declaration)', but it is "
                + "declared in '\(constrained.header())', and '\(type)' adopts \(name) without that constraint: a "
                + "witness must serve every '\(type)', so the conformance uses \(name)'s default, and AppServices "
                + "never calls this member; move it to an extension without a constraint, or make the conformance "
                + "conditional ('\(constrained.header(adopting: name))')"
        )
    }

    // MARK: - Requirements a superclass leaves to the default

    /// A requirement `member` satisfies that a superclass adopts without implementing, and
    /// that superclass: Swift fixes the superclass's conformance to the protocol's default,
    /// and a subclass's member cannot replace it.
    private func superclassDefault(
        of member: DeclaredMember,
        among requirements: [RequirementTable.Requirement],
        _ context: Context
    ) -> (RequirementTable.Requirement, String)? {
        for requirement in requirements where member.signature.satisfies(requirement.signature) {
            guard let superclass = context.adoption.fromSuperclass[requirement.protocolName],
                table.hasDefault(requirement, adopting: context.adoption.protocols),
                !context.adoption.inheritedImplementations.contains(where: {
                    context.mayBeWitness($0, of: requirement)
                })
            else { continue }
            return (requirement, superclass)
        }
        return nil
    }

    private func superclassDefaultMessage(
        _ member: DeclaredMember,
        _ requirement: RequirementTable.Requirement,
        _ superclass: String,
        _ context: Context
    ) -> LintDiagnostic {
        // A `static` member of the superclass would be the witness, but one that no subclass
        // can override either.
        let how = member.signature.isStatic ? " as a 'class' member (a 'static' one cannot be overridden)" : ""
        return LintDiagnostic(
            location: member.location,
            message: "\(context.named(member)) matches \(requirement.protocolName)'s requirement "
                + "'\(requirement.declaration)', but its superclass '\(superclass)' adopts \(requirement.protocolName) "
                + "without implementing it, so the conformance uses \(requirement.protocolName)'s default, which a "
                + "subclass cannot replace, and AppServices never calls this member; implement it in '\(superclass)'"
                + "\(how), and override it here"
        )
    }

    // MARK: - Platform delegate methods

    /// The platform delegate whose owner `member` takes first (`UIApplicationDelegate` for a
    /// `UIApplication`), if any.
    private static func delegateProtocol(of member: DeclaredMember) -> String? {
        guard let first = member.signature.parameterTypes.first else { return nil }
        return DelegateMethods.ownerTypes[first.hasSuffix("?") ? String(first.dropLast()) : first]
    }

    /// The warning for a platform delegate method, and the capability whose member it should
    /// be, if any.
    private func delegateMethod(_ member: DeclaredMember, _ context: Context) -> (LintDiagnostic, String?)? {
        let signature = member.signature
        guard signature.kind == .function, let first = signature.parameterTypes.first else { return nil }
        let ownerType = first.hasSuffix("?") ? String(first.dropLast()) : first
        guard let delegate = DelegateMethods.ownerTypes[ownerType],
            let baseName = DelegateMethods.baseName(near: signature.name)
        else { return nil }
        if ownerType == "Notification", !baseName.hasPrefix("application") { return nil }
        if ownerType == "UIUserInterfaceStyle", signature.swiftName != "contentStyleDidChange(_:)" { return nil }
        let written = member.writtenParameterTypes.first ?? ownerType
        let misspelt = baseName == signature.name ? "" : " '\(baseName)' misspelt"
        let head =
            "\(context.named(member)) is \(delegate)'s method\(misspelt) (it takes '\(written)'), which AppServices "
            + "never calls on a service"
        var spelt = signature
        spelt.name = baseName
        guard
            let requirement = DelegateMethods.capabilityMember(
                for: spelt.swiftName,
                ownerType: ownerType,
                secondParameterType: signature.parameterTypes.dropFirst().first,
                isAsync: signature.isAsync,
                table: table
            )
        else {
            let diagnostic = LintDiagnostic(
                location: member.location,
                message: head + ", and no capability receives that callback (see the callback map of the "
                    + "article 'Migrating a massive app delegate')"
            )
            return (diagnostic, nil)
        }
        let adopts =
            context.adoption.protocols.contains(requirement.protocolName)
            ? "" : ", and add \(requirement.protocolName) to '\(context.entity.name)''s conformances"
        let diagnostic = LintDiagnostic(
            location: member.location,
            message: head + "; write \(requirement.protocolName)'s requirement '\(requirement.declaration)' instead"
                + adopts
        )
        return (diagnostic, requirement.protocolName)
    }

    // MARK: - Near misses

    /// Why a member is not a witness of a requirement it resembles.
    private enum Reason {
        case labels
        case missingContext
        /// The member takes the context at `position`, where the requirement takes it at another.
        case contextMoved(position: Int)
        case parameterType(Int)
        case resultType
        case isAsync
        case throwing
        case staticness
        case name(distance: Int)
        case propertyType
        case methodForProperty
    }

    private struct Miss {
        let requirement: RequirementTable.Requirement
        let reason: Reason
        /// Lower is closer: same name and labels, then same name, then a misspelt name.
        let rank: Int
        let distance: Int
    }

    private func nearestMiss(
        of member: DeclaredMember,
        among requirements: [RequirementTable.Requirement],
        _ context: Context
    ) -> Miss? {
        let takesContext = member.signature.parameterTypes.contains { $0 == "AppContext" || $0 == "InitializerContext" }
        let misses = requirements.compactMap { requirement -> Miss? in
            guard let miss = nearMiss(member.signature, requirement, context.known) else { return nil }
            let satisfied = context.isSatisfied(requirement)
            let hasDefault = table.hasDefault(requirement, adopting: context.adoption.protocols)
            // Without a default and unsatisfied, the member is the witness (Swift found it
            // close enough) or the type does not compile: either way nothing is silent. With
            // the requirement satisfied by another member, only a member that takes a
            // context looks meant as the callback; others are overloads.
            return (hasDefault && !satisfied) || (satisfied && takesContext) ? miss : nil
        }
        return misses.min { ($0.rank, $0.distance) < ($1.rank, $1.distance) }
    }

    private func nearMiss(
        _ member: MemberSignature,
        _ requirement: RequirementTable.Requirement,
        _ known: KnownTypes
    ) -> Miss? {
        let wanted = requirement.signature
        // A type the lint cannot resolve may be the requirement's (`assumed`), so it is never
        // the difference reported. Whether a member is meant as the requirement at all is
        // judged on its types as written, as it was before.
        let assumed = known.assuming(member, like: wanted)
        func miss(_ reason: Reason, rank: Int, distance: Int = 0) -> Miss {
            Miss(requirement: requirement, reason: reason, rank: rank, distance: distance)
        }
        switch (member.kind, wanted.kind) {
        case (.function, .function):
            if member.name == wanted.name {
                if lacksOnlyContext(member, wanted, known) { return miss(.missingContext, rank: 0) }
                // A method of the requirement's name that takes parameters, but not what the
                // requirement takes first, is another method (`subscribe(to topic: String)`);
                // one that takes none is the requirement written without its parameters, and
                // one with the callback's labels but another type where the callback takes its
                // context (`sceneDidBecomeActive(_ scene: SceneInfo)`) is the callback too.
                // So is one with its labels that takes the context where it does, whatever it
                // takes first (`validate(_ command: UIKeyCommand, context: AppContext)`).
                guard
                    member.parameterTypes.isEmpty || Self.takesFirstParameterType(of: wanted, member)
                        || (member.labels == wanted.labels
                            && (Self.takesContextFirst(wanted) || Self.takesContextAlike(member, wanted)))
                else { return nil }
                if member.labels == wanted.labels {
                    if let index = assumed.parameterTypes.indices.first(where: {
                        assumed.parameterTypes[$0] != wanted.parameterTypes[$0]
                    }) {
                        return miss(.parameterType(index), rank: 0)
                    }
                    if member.isStatic != wanted.isStatic { return miss(.staticness, rank: 0) }
                    if assumed.resultType != wanted.resultType { return miss(.resultType, rank: 0) }
                    if member.isAsync && !wanted.isAsync { return miss(.isAsync, rank: 0) }
                    if member.isThrowing && !wanted.isThrowing { return miss(.throwing, rank: 0) }
                    return nil
                }
                if let position = movedContext(member, wanted, known) {
                    return miss(.contextMoved(position: position), rank: 1)
                }
                if !sharedBaseNames.contains(wanted.name) { return miss(.labels, rank: 1) }
                if let distance = labelDistance(member.labels, wanted.labels) {
                    return miss(.labels, rank: 1, distance: distance)
                }
                // A word dropped, added or changed in a long label
                // (`didRegisterForRemoteNotificationsWithToken`), with the requirement's
                // parameter types: the callback, with a slip no letter count catches.
                guard assumed.parameterTypes == wanted.parameterTypes,
                    Self.differByOneWord(member.labels, wanted.labels)
                else { return nil }
                return miss(.labels, rank: 1, distance: 4)
            }
            // A name near the requirement's is a misspelling of it only with what it takes
            // first, or nothing: `subscriber(for topic: String)` is a method of its own, not
            // `subscribe(to:)` misspelt.
            guard member.parameterTypes.isEmpty || Self.takesFirstParameterType(of: wanted, member) else {
                return nil
            }
            guard let distance = nameDistance(member.name, wanted.name) else { return nil }
            // Several requirements share a base name (`application`): the misspelt member
            // means the one whose labels it has, nearest first.
            let labels = sharedBaseNames.contains(wanted.name) ? labelDistance(member.labels, wanted.labels) ?? 9 : 0
            return miss(.name(distance: distance), rank: 2, distance: distance * 10 + labels)
        case (.property, .property):
            if member.name == wanted.name {
                if member.isStatic != wanted.isStatic {
                    // An instance property of an unrelated type (`let dependencies: AppDependencies`)
                    // is the type's own; one of the requirement's type lacks only `static`.
                    return Self.areRelated(member.resultType, wanted.resultType) ? miss(.staticness, rank: 0) : nil
                }
                if !assumed.mayHaveType(wanted.resultType) { return miss(.propertyType, rank: 0) }
                return nil
            }
            guard member.isStatic == wanted.isStatic else { return nil }
            return nameDistance(member.name, wanted.name).map { miss(.name(distance: $0), rank: 2, distance: $0) }
        case (.function, .property):
            return member.name == wanted.name && member.parameterTypes.isEmpty
                ? miss(.methodForProperty, rank: 0) : nil
        default:
            return nil
        }
    }

    /// Whether `member` is the callback `requirement` written without its context: it takes
    /// the requirement's other parameters' types, in order, or types the lint cannot resolve
    /// (`gateDidOpen(gate: String)` for `gateDidOpen(_ context: AppContext, gate: String)`).
    /// Where several requirements share the base name, its first label must also be close to
    /// the one after the context.
    private func lacksOnlyContext(
        _ member: MemberSignature,
        _ requirement: MemberSignature,
        _ known: KnownTypes
    ) -> Bool {
        let others = requirement.parameterTypes.dropFirst()
        guard Self.takesContextFirst(requirement), member.parameterTypes.count == others.count,
            zip(member.parameterTypes, others).allSatisfy({ known.mayBeSame($0, $1) })
        else { return false }
        guard sharedBaseNames.contains(requirement.name), !member.labels.isEmpty else { return true }
        return labelDistance(["_"] + member.labels, requirement.labels) != nil
    }

    /// Where `member` takes `requirement`'s context when it is the requirement with its context
    /// moved (`application(continue activity: UserActivity, context: AppContext)` for
    /// `application(_ context: AppContext, continue userActivity: UserActivity)`): the same
    /// context type at another position, and, without the contexts, the same labels and
    /// parameter types (or types the lint cannot resolve). `nil` otherwise.
    private func movedContext(_ member: MemberSignature, _ requirement: MemberSignature, _ known: KnownTypes) -> Int? {
        let contexts = ["AppContext", "InitializerContext"]
        guard let wanted = requirement.parameterTypes.firstIndex(where: contexts.contains),
            let position = member.parameterTypes.firstIndex(of: requirement.parameterTypes[wanted]),
            position != wanted, member.parameterTypes.count == requirement.parameterTypes.count
        else { return nil }
        func without<Element>(_ values: [Element], _ index: Int) -> [Element] {
            var values = values
            values.remove(at: index)
            return values
        }
        guard without(member.labels, position) == without(requirement.labels, wanted),
            zip(without(member.parameterTypes, position), without(requirement.parameterTypes, wanted))
                .allSatisfy({ known.mayBeSame($0, $1) })
        else { return nil }
        return position
    }

    /// Whether `requirement` is a callback: it takes a service's or an initializer's context
    /// first.
    private static func takesContextFirst(_ requirement: MemberSignature) -> Bool {
        ["AppContext", "InitializerContext"].contains(requirement.parameterTypes.first)
    }

    /// Whether `requirement` takes a context (`AppContext`, `InitializerContext`) and
    /// `member` takes the same at the same position.
    private static func takesContextAlike(_ member: MemberSignature, _ requirement: MemberSignature) -> Bool {
        requirement.parameterTypes.indices.contains { index in
            ["AppContext", "InitializerContext"].contains(requirement.parameterTypes[index])
                && member.parameterTypes.indices.contains(index)
                && member.parameterTypes[index] == requirement.parameterTypes[index]
        }
    }

    /// Whether `member` takes the type of `requirement`'s first parameter (a capability's
    /// `AppContext`, `subscribe(to:)`'s `EventSubscriptions`) as one of its parameters, with
    /// `inout` or optional or without; `true` for a requirement without parameters.
    private static func takesFirstParameterType(of requirement: MemberSignature, _ member: MemberSignature) -> Bool {
        guard let first = requirement.parameterTypes.first else { return true }
        func bare(_ type: String) -> Substring {
            let value = type.hasPrefix("inout ") ? type.dropFirst("inout ".count) : Substring(type)
            return value.hasSuffix("?") ? value.dropLast() : value
        }
        return member.parameterTypes.contains { bare($0) == bare(first) }
    }

    /// The library type's name that `type`, a canonical spelling, names as the target's own
    /// type of that name (`ThisTarget.AppContext`, `ThisTarget.Calls.PushPayload`), if it does.
    private static func hiddenLibraryType(_ type: String) -> String? {
        let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
        guard bare.hasPrefix(TypeSpelling.targetQualifier + ".") else { return nil }
        return bare.split(separator: ".").last.map(String.init)
    }

    /// How far two argument label lists of one base name are apart, judged by the label
    /// after the first (UIKit's names tell their methods apart there); `nil` when they are
    /// not close: equal but for letter case, at most two edits, or one a prefix of the other.
    private func labelDistance(_ member: [String], _ wanted: [String]) -> Int? {
        guard member.count > 1, wanted.count > 1 else { return nil }
        let mine = member[1].lowercased()
        let theirs = wanted[1].lowercased()
        if let distance = editDistance(mine, theirs, limit: 2) { return distance }
        let shorter = min(mine.count, theirs.count)
        if shorter >= 4, mine.hasPrefix(theirs) || theirs.hasPrefix(mine) { return 3 }
        return nil
    }

    /// Whether two label lists of one length differ in one label only, by one word of it
    /// (its camel-case words) added, dropped or changed: `didRegisterForRemoteNotificationsWithToken`
    /// for `didRegisterForRemoteNotificationsWithDeviceToken`.
    static func differByOneWord(_ member: [String], _ wanted: [String]) -> Bool {
        guard member.count == wanted.count else { return false }
        let differing = zip(member, wanted).filter { $0.lowercased() != $1.lowercased() }
        guard differing.count == 1, let (mine, theirs) = differing.first else { return false }
        func words(_ label: String) -> [String] {
            var words: [String] = []
            for character in label {
                if character.isUppercase || words.isEmpty { words.append("") }
                words[words.count - 1].append(character.lowercased())
            }
            return words
        }
        let (short, long) = (words(mine), words(theirs))
        guard abs(short.count - long.count) <= 1, short.count > 1 || long.count > 1 else { return false }
        if short.count == long.count {
            return zip(short, long).filter { $0 != $1 }.count == 1
        }
        let (fewer, more) = short.count < long.count ? (short, long) : (long, short)
        return more.indices.contains { index in
            var dropped = more
            dropped.remove(at: index)
            return dropped == fewer
        }
    }

    /// The edit distance between a member's name and a requirement's when it is a likely
    /// misspelling: names of 10 letters or more within two edits, of 6 to 9 within one, any
    /// length differing only in letter case; never a name that is itself a requirement's.
    private func nameDistance(_ name: String, _ wanted: String) -> Int? {
        guard !requirementNames.contains(name) else { return nil }
        if name.lowercased() == wanted.lowercased() { return 0 }
        // "Did" for "Will", or the other way round (`sessionDidEnd`): three edits, but the
        // commonest slip in a callback's name, and as near as one letter.
        if Self.swapsTense(name, wanted) { return 1 }
        let limit = wanted.count >= 10 ? 2 : wanted.count >= 6 ? 1 : 0
        guard limit > 0 else { return nil }
        return editDistance(name, wanted, limit: limit)
    }

    /// Whether `name` is `wanted` with one "Did" written "Will", or one "Will" written "Did".
    static func swapsTense(_ name: String, _ wanted: String) -> Bool {
        for (written, meant) in [("Did", "Will"), ("Will", "Did")] {
            for index in name.indices where name[index...].hasPrefix(written) {
                if name[..<index] + meant + name[index...].dropFirst(written.count) == wanted { return true }
            }
        }
        return false
    }

    /// Whether two property types are the same, or both arrays of metatypes (a
    /// `[LoggingService.Type]` meant as `[any AppService.Type]`).
    private static func areRelated(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return first == nil || second == nil }
        if first == second { return true }
        return first.hasPrefix("[") && first.hasSuffix(".Type]") && second.hasPrefix("[") && second.hasSuffix(".Type]")
    }

    private func nearMissMessage(_ member: DeclaredMember, _ miss: Miss, _ context: Context) -> LintDiagnostic {
        let requirement = miss.requirement
        let wanted = requirement.signature
        let signature = member.signature
        var why: String
        switch miss.reason {
        case .labels:
            why = "its argument labels are (\(Self.labels(signature))), not (\(Self.labels(wanted)))"
        case .missingContext:
            why =
                "its context parameter '\(Self.writtenParameter(of: requirement, 0))' is missing (its argument labels "
                + "are (\(Self.labels(signature))), not (\(Self.labels(wanted))))"
        case .contextMoved(let position):
            let index = wanted.parameterTypes.firstIndex(of: signature.parameterTypes[position]) ?? 0
            func place(_ index: Int, of count: Int) -> String {
                index == 0 ? "first" : index == count - 1 ? "last" : "as parameter \(index + 1)"
            }
            why =
                "it takes its context \(place(position, of: signature.parameterTypes.count)), and the requirement "
                + "takes '\(Self.writtenParameter(of: requirement, index))' \(place(index, of: wanted.parameterTypes.count))"
        case .parameterType(let index):
            let written =
                index < member.writtenParameterTypes.count
                ? member.writtenParameterTypes[index] : signature.parameterTypes[index]
            why =
                "its parameter '\(signature.parameterNames[index])' has type '\(written)', not "
                + "'\(Self.writtenType(of: requirement, parameter: index))'"
            if let hidden = Self.hiddenLibraryType(signature.parameterTypes[index]) {
                why +=
                    ": this target declares its own '\(hidden)', which hides AppServices' within it; "
                    + "write 'AppServices.\(hidden)'"
            }
        case .resultType:
            let written = member.writtenResultType.map { "returns '\($0)'" } ?? "returns nothing"
            why = "it \(written), not " + (wanted.resultType.map { "'\($0)'" } ?? "nothing")
        case .isAsync:
            why = "it is 'async' and the requirement is not"
        case .throwing:
            why = "it throws and the requirement does not"
        case .staticness:
            why = signature.isStatic ? "it is static and the requirement is not" : "it is not static"
        case .name(let distance):
            switch distance {
            case _ where Self.swapsTense(signature.name, wanted.name):
                why = "its name is '\(wanted.name)' with 'Did' and 'Will' swapped"
            case 0: why = "its name differs from '\(wanted.name)' in letter case"
            case 1: why = "its name is one letter off '\(wanted.name)'"
            default: why = "its name is \(distance) letters off '\(wanted.name)'"
            }
        case .propertyType:
            let written = member.writtenResultType ?? signature.resultType ?? "?"
            let how = member.isTypeInferred ? "is inferred as" : "has type"
            why = "it \(how) '\(written)', not '\(Self.writtenType(of: requirement))'"
        case .methodForProperty:
            why = "it is a method and the requirement is a property"
        }
        let consequence =
            context.isSatisfied(requirement)
            ? "AppServices calls the type's other '\(wanted.swiftName)', never this member"
            : "AppServices uses \(requirement.protocolName)'s default instead, never this member"
        return LintDiagnostic(
            location: member.location,
            message: "\(context.named(member)) does not satisfy \(requirement.protocolName)'s requirement "
                + "'\(requirement.declaration)': \(why); \(consequence)"
        )
    }

    private static func labels(_ signature: MemberSignature) -> String {
        signature.labels.map { $0 + ":" }.joined()
    }

    /// A requirement's parameter as its declaration writes it: `_ context: AppContext`.
    private static func writtenParameter(of requirement: RequirementTable.Requirement, _ index: Int) -> String {
        let signature = requirement.signature
        let label = signature.labels[index]
        let name = signature.parameterNames[index]
        let type = writtenType(of: requirement, parameter: index)
        return (label == name ? "" : label + " ") + name + ": " + type
    }

    /// A requirement's parameter type (or, without `parameter`, its property type) as its
    /// declaration writes it.
    private static func writtenType(of requirement: RequirementTable.Requirement, parameter: Int? = nil) -> String {
        let members = DeclarationReader.requirements(requirement.declaration, spelling: TypeSpelling())
        guard let member = members.first else { return "?" }
        if let parameter {
            return parameter < member.writtenParameterTypes.count ? member.writtenParameterTypes[parameter] : "?"
        }
        return member.writtenResultType ?? "?"
    }

    // MARK: - Capabilities adopted for nothing

    private func emptyAdoptions(_ context: Context, skipping nearMissed: Set<String>) -> [LintDiagnostic] {
        guard context.entity.isConcrete, context.adoption.isComplete else { return [] }
        return table.protocols.compactMap { capability -> LintDiagnostic? in
            guard capability.isChecked, table.isCapability(capability.name),
                context.adoption.protocols.contains(capability.name),
                context.adoption.fromSuperclass[capability.name] == nil,
                !nearMissed.contains(capability.name),
                let via = context.adoption.via[capability.name],
                capability.requirements.allSatisfy({ table.hasDefault($0, adopting: context.adoption.protocols) }),
                !capability.requirements.contains(where: context.isSatisfied)
            else { return nil }
            let through = via.name == capability.name ? "" : " (through \(via.name))"
            let names = capability.requirements.map(\.signature.swiftName).joined(separator: ", ")
            return LintDiagnostic(
                location: via.location,
                message: "'\(context.entity.name)' adopts \(capability.name)\(through) but implements none of its "
                    + "requirements (\(names)), so it hears none of its callbacks; implement the ones it needs, or "
                    + "remove the conformance"
            )
        }
    }
}
