/// The initializer articles' runner: initializers in dependency order, run one after
/// another (`for initializer in ordered { try await initializer.run() }`).
public struct SequentialInitializerRunner: Sendable {
    /// One unit of start-up work.
    public struct Initializer: Sendable {
        /// The initializer's name.
        public let name: String
        private let work: @Sendable () async throws -> Void

        /// Creates an initializer that runs `work`.
        public init(name: String, work: @escaping @Sendable () async throws -> Void) {
            self.name = name
            self.work = work
        }

        /// Runs the work.
        public func run() async throws {
            try await work()
        }
    }

    /// The initializers, already in dependency order.
    public let ordered: [Initializer]

    /// Creates a runner over initializers listed in dependency order.
    public init(ordered: [Initializer]) {
        self.ordered = ordered
    }

    /// Runs every initializer, one after another.
    public func run() async throws {
        for initializer in ordered { try await initializer.run() }
    }
}
