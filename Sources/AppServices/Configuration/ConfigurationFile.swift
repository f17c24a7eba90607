#if Configuration
import Configuration
import Foundation

/// A configuration file, read whole with every failure named in a sentence: missing, a
/// directory, unreadable, larger than the limit, not a JSON object.
struct ConfigurationFile: Sendable {
    /// The path, as it was given.
    let path: String
    /// The JSON object, parsed.
    let snapshot: JSONSnapshot
    /// The dot-separated keys of the values it holds.
    let keys: [String]

    /// Reads and parses the file at `path`.
    ///
    /// - Parameters:
    ///   - isRequired: Whether a missing file is an error; otherwise it is `nil`.
    ///   - maximumSize: The largest size accepted, in bytes.
    ///   - remedy: What to do, for the end of error messages ("Fix the file, or ...").
    ///   - secret: Which keys are secret.
    static func read(
        path: String,
        isRequired: Bool,
        maximumSize: Int,
        remedy: String,
        secret: SecretKeyMatcher
    ) throws(ConfigurationError) -> ConfigurationFile? {
        func failure(_ code: ConfigurationError.Code, _ problem: String) -> ConfigurationError {
            ConfigurationError(code: code, file: path, message: "The configuration file \(path) \(problem). \(remedy)")
        }
        let data: Data
        switch CLibrary.readFile(atPath: path, maximumSize: maximumSize) {
        case .success(let read):
            data = read
        case .failure(.notFound):
            guard isRequired else { return nil }
            throw failure(.fileNotFound, "does not exist")
        case .failure(.cannotOpen(let error)):
            throw failure(.unreadableFile, "cannot be opened: \(CLibrary.describe(error))")
        case .failure(.cannotExamine(let error)):
            throw failure(.unreadableFile, "cannot be examined: \(CLibrary.describe(error))")
        case .failure(.isDirectory):
            throw failure(.unreadableFile, "is a directory, not a file")
        case .failure(.tooLarge(let size)):
            throw failure(.fileTooLarge, "is \(size) bytes, more than the limit of \(Self.size(maximumSize))")
        case .failure(.exceedsLimit):
            throw failure(.fileTooLarge, "holds more than the limit of \(Self.size(maximumSize))")
        case .failure(.cannotRead(let error)):
            throw failure(.unreadableFile, "cannot be read: \(CLibrary.describe(error))")
        }
        do {
            let snapshot = try JSONSnapshot(
                data: data.bytes,
                providerName: "configuration file \(path)",
                parsingOptions: .init(secretsSpecifier: .dynamic { key, _ in secret.matches(key) })
            )
            return ConfigurationFile(path: path, snapshot: snapshot, keys: Self.keys(in: data))
        } catch {
            throw failure(.malformedFile, "is not a valid JSON object: \(Self.problem(in: error))")
        }
    }

    /// The dot-separated keys of the values in a JSON object, in no particular order.
    private static func keys(in data: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        var keys: [String] = []
        var pending: [(prefix: String, object: [String: Any])] = [("", object)]
        while let (prefix, object) = pending.popLast() {
            for (name, value) in object {
                let key = prefix.isEmpty ? name : prefix + "." + name
                if let nested = value as? [String: Any] {
                    pending.append((key, nested))
                } else {
                    keys.append(key)
                }
            }
        }
        return keys
    }

    /// A limit in bytes, for people: "1048576 bytes (1.0 MiB)", "512 bytes".
    private static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\(bytes) bytes (" + String(format: "%.1f KiB", Double(bytes) / 1024) + ")" }
        return "\(bytes) bytes (" + String(format: "%.1f MiB", Double(bytes) / (1024 * 1024)) + ")"
    }

    /// What a parsing error says, without Foundation's domain-and-code wrapping.
    private static func problem(in error: any Error) -> String {
        let debugDescription = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        var problem = debugDescription ?? "\(error)"
        while problem.hasSuffix(".") { problem.removeLast() }
        return problem
    }
}

/// A configuration file's values as a provider: the parsed snapshot, read as it is.
struct ConfigurationFileProvider: ConfigProvider {
    let file: ConfigurationFile

    var providerName: String { file.snapshot.providerName }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try file.snapshot.value(forKey: key, type: type)
    }

    nonisolated(nonsending) func fetchValue(
        forKey key: AbsoluteConfigKey,
        type: ConfigType
    ) async throws -> LookupResult {
        try value(forKey: key, type: type)
    }

    nonisolated(nonsending) func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey,
        type: ConfigType,
        updatesHandler:
            nonisolated(nonsending) (
                _ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>
            ) async throws -> Return
    ) async throws -> Return {
        try await watchValueFromValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    func snapshot() -> any ConfigSnapshot { file.snapshot }

    nonisolated(nonsending) func watchSnapshot<Return: ~Copyable>(
        updatesHandler:
            nonisolated(nonsending) (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws ->
            Return
    ) async throws -> Return {
        try await watchSnapshotFromSnapshot(updatesHandler: updatesHandler)
    }
}
#endif  // Configuration
