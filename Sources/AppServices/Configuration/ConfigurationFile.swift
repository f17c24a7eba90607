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
    var keys: [String] { Array(values.keys) }
    /// What JSON holds under each dot-separated key, as written: swift-configuration reads
    /// `true` as the number 1 and `1` as `true`, so declared settings are checked against
    /// these.
    let values: [String: JSONValue]

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
            return ConfigurationFile(path: path, snapshot: snapshot, values: Self.values(in: data))
        } catch {
            throw failure(.malformedFile, "is not a valid JSON object: \(Self.problem(in: error))")
        }
    }

    /// The values of a JSON object by dot-separated key (a nested object's values under its
    /// key and theirs); empty when it is not one.
    private static func values(in data: Data) -> [String: JSONValue] {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONTree.self, from: data) else { return [:] }
        var values: [String: JSONValue] = [:]
        var pending: [(prefix: String, object: [String: JSONTree])] = [("", object)]
        while let (prefix, object) = pending.popLast() {
            for (name, value) in object {
                let key = prefix.isEmpty ? name : prefix + "." + name
                switch value {
                case .object(let nested): pending.append((key, nested))
                case .value(let value): values[key] = value
                }
            }
        }
        return values
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
/// A JSON value other than an object, as written in a configuration file.
enum JSONValue: Sendable, Equatable {
    case bool(Bool)
    /// A number, as its text.
    case number(String)
    case string(String)
    /// An array, and whether every element is a string.
    case array(ofStrings: Bool)
    case null

    /// The value for a message.
    var text: String {
        switch self {
        case .bool(let value): "\(value)"
        case .number(let text): text
        case .string(let text): "\"\(text)\""
        case .array: "an array"
        case .null: "null"
        }
    }
}

/// A JSON document read with the JSON types kept apart (`JSONDecoder` does not read `true`
/// as a number, nor `1` as a Boolean).
private enum JSONTree: Decodable {
    case object([String: JSONTree])
    case value(JSONValue)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .value(.null)
        } else if let value = try? container.decode(Bool.self) {
            self = .value(.bool(value))
        } else if let value = try? container.decode(Double.self) {
            self = .value(.number(value.rounded() == value && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"))
        } else if let value = try? container.decode(String.self) {
            self = .value(.string(value))
        } else if let elements = try? container.decode([JSONTree].self) {
            let strings = elements.allSatisfy { if case .value(.string) = $0 { true } else { false } }
            self = .value(.array(ofStrings: strings))
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }
}
#endif  // Configuration
