import Synchronization

/// The services of one capability, as the composite lists them for dispatch: identified by
/// a number handed out when the kind is made, with a test for whether a service adopts it.
///
/// Each capability protocol declares its kind once, beside it (`HandlerKinds.systemEvents`
/// with `SystemEventHandling`), and its callbacks name it.
class AnyHandlerKind: @unchecked Sendable {
    // `@unchecked Sendable` is sound: both properties are `let`s of Sendable values, and
    // the class has no other state; subclasses add only `let`s of Sendable closures.
    /// The position of this kind's list in a handler table.
    let index: Int

    private static let nextIndex = Atomic<Int>(0)

    init() {
        index = Self.nextIndex.add(1, ordering: .relaxed).oldValue
    }

    /// Whether `service` adopts the capability.
    func isAdopted(by service: any AppService) -> Bool {
        preconditionFailure("\(type(of: self)) must override isAdopted(by:).")
    }

    /// The indices of the kinds (``index``) some type of `types` adopts: the callbacks
    /// services of those types would hear, known from their types alone.
    static func indices(adoptedBy types: [any AppService.Type]) -> Set<Int> {
        guard !types.isEmpty else { return [] }
        // Each kind once: many callbacks share one (a capability's callbacks), and each test
        // is a dynamic cast.
        var adopted: Set<Int> = []
        var tested: Set<Int> = []
        for kind in AppCallback.all.lazy.map(\.handlers) where tested.insert(kind.index).inserted {
            if types.contains(where: { kind.isAdopted(byType: $0) }) { adopted.insert(kind.index) }
        }
        return adopted
    }

    /// Whether instances of `type` adopt the capability: for service types registered to be
    /// made later, such as scene services.
    func isAdopted(byType type: any AppService.Type) -> Bool {
        preconditionFailure("\(Swift.type(of: self)) must override isAdopted(byType:).")
    }

    /// The services of `services` that adopt the capability, in order, as a list.
    func makeList(_ services: ContiguousArray<any AppService>) -> AnyHandlerListBox {
        preconditionFailure("\(type(of: self)) must override makeList(_:).")
    }
}

/// The kind of the services that adopt the capability `Service` (`any SystemEventHandling`).
final class HandlerKind<Service>: AnyHandlerKind, @unchecked Sendable {
    // `@unchecked Sendable` is sound: the only added state is a `let` of a Sendable closure.
    private let cast: @Sendable (any AppService) -> Service?
    private let adoptedByType: @Sendable (any AppService.Type) -> Bool

    /// A kind whose services `cast` finds and whose service types `types` recognizes; both
    /// test for the same protocol (`{ $0 as? any P }`, `{ $0 is any P.Type }`), since Swift
    /// cannot derive one from the other.
    init(
        _ cast: @escaping @Sendable (any AppService) -> Service?,
        types: @escaping @Sendable (any AppService.Type) -> Bool
    ) {
        self.cast = cast
        self.adoptedByType = types
        super.init()
    }

    override func isAdopted(by service: any AppService) -> Bool { cast(service) != nil }

    override func isAdopted(byType type: any AppService.Type) -> Bool { adoptedByType(type) }

    override func makeList(_ services: ContiguousArray<any AppService>) -> AnyHandlerListBox {
        var list = HandlerList<Service>()
        for service in services {
            if let adopted = cast(service) { list.append(adopted, type: Swift.type(of: service)) }
        }
        return HandlerListBox(list)
    }
}

/// The kinds of services, one per capability, each declared beside its capability protocol.
enum HandlerKinds {}

/// A handler list in a handler table, with its length readable without its capability.
class AnyHandlerListBox {
    let count: Int
    init(count: Int) { self.count = count }
}

/// A handler list of the services of one capability.
///
/// `list` is a `let` of a final class: a dispatch that holds the box borrows the list from
/// it without retaining its arrays.
final class HandlerListBox<Service>: AnyHandlerListBox {
    let list: HandlerList<Service>
    init(_ list: HandlerList<Service>) {
        self.list = list
        super.init(count: list.count)
    }

    /// `box` as the list of `callback`'s services, which adopt `Service`. A dispatch names
    /// the capability beside its callback; naming another is a programming error, caught
    /// in debug builds (which the tests run every callback in).
    @inline(__always)
    static func cast(_ box: AnyHandlerListBox, for callback: AppCallback) -> HandlerListBox {
        assert(box is HandlerListBox, "\(callback) is heard by \(type(of: callback.handlers)), not \(Service.self).")
        return unsafeDowncast(box, to: HandlerListBox.self)
    }
}
