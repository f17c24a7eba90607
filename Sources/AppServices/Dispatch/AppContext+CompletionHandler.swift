import Logging

extension AppContext {
    /// Bridges an API that reports through a completion handler into an async answer,
    /// tolerating handlers that are called twice or never.
    ///
    /// The first call to `completion` is the answer. Later calls are ignored and logged with
    /// this service's name. If the task is cancelled first (the deadline passed), this
    /// throws `CancellationError` at once, and a late call is ignored and logged; in a task
    /// cancelled already, it throws without calling `body`.
    ///
    /// ```swift
    /// func application(_ context: AppContext, didReceiveRemoteNotification n: RemoteNotification) async throws -> BackgroundFetchResult {
    ///     try await context.withCompletionHandler { completion in
    ///         legacySDK.handle(n.userInfo) { fetched in completion(fetched ? .newData : .noData) }
    ///     }
    /// }
    /// ```
    public func withCompletionHandler<Value: Sendable>(
        _ body: (_ completion: @escaping @Sendable (Value) -> Void) -> Void
    ) async throws -> Value {
        let once = CompletionOnce<Value>(
            serviceName: serviceName ?? "A service",
            callback: callback.map { "\($0)" } ?? "its work",
            logger: logger
        )
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Cancelled already (the deadline passed before this was entered): the work
                // is not started, as nobody would wait for its answer.
                guard once.wait(with: continuation) else { return }
                body { value in once.resolve(.success(value)) }
            }
        } onCancel: {
            once.resolve(.failure(CancellationError()))
        }
    }
}

/// A continuation resumed by the first of several racing calls; the others are logged
/// (when there is a logger).
final class CompletionOnce<Value: Sendable>: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Value, any Error>)
        case resolved(Result<Value, any Error>, resumed: Bool)
    }

    private let state = Locked<State>(.idle)
    private let serviceName: String
    private let callback: String
    private let logger: Logging.Logger?

    init(serviceName: String, callback: String, logger: Logging.Logger?) {
        self.serviceName = serviceName
        self.callback = callback
        self.logger = logger
    }

    /// Waits with `continuation` for the first result, or resumes it at once with the one
    /// that came already; whether it waits.
    @discardableResult
    func wait(with continuation: CheckedContinuation<Value, any Error>) -> Bool {
        let early: Result<Value, any Error>? = state.withLock { state in
            switch state {
            case .idle:
                state = .waiting(continuation)
                return nil
            case .resolved(let result, _):
                state = .resolved(result, resumed: true)
                return result
            case .waiting:
                preconditionFailure("CompletionOnce waited on twice, state \(state)")
            }
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    private enum Action {
        case resume(CheckedContinuation<Value, any Error>)
        case none
        case ignored(first: Result<Value, any Error>)
    }

    func resolve(_ result: Result<Value, any Error>) {
        let action: Action = state.withLock { state in
            switch state {
            case .idle:
                state = .resolved(result, resumed: false)
                return .none
            case .waiting(let continuation):
                state = .resolved(result, resumed: true)
                return .resume(continuation)
            case .resolved(let first, _):
                return .ignored(first: first)
            }
        }
        switch action {
        case .resume(let continuation):
            continuation.resume(with: result)
        case .none:
            break
        case .ignored(let first):
            guard case .success = result, let logger else { return }  // cancellation after an answer is normal
            if case .failure = first {
                logger.warning(
                    "\(serviceName) called its completion handler for \(callback) after the work was cancelled; ignored."
                )
            } else {
                logger.warning(
                    "\(serviceName) called its completion handler for \(callback) more than once; the later call was ignored."
                )
            }
        }
    }
}
