import Foundation
import Logging

/// The platform-neutral part of `OSLogHandler`: a swift-log handler that keeps the level
/// and the metadata, merges them into each event and makes its `UnifiedLogRecord`, then
/// hands the record to `write`. On Apple platforms `write` is the call to `os.Logger`; the
/// tests pass a recorder.
struct UnifiedLogHandler: LogHandler {
    /// The subsystem entries are written under.
    let subsystem: String
    /// The category when no metadata names the code that logged.
    let defaultCategory: String
    /// The metadata keys whose values are public: the library's names of code and the
    /// keys the app added.
    let publicMetadataKeys: Set<String>
    /// Where records go.
    let write: @Sendable (_ record: UnifiedLogRecord, _ subsystem: String) -> Void

    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    /// A handler for the logger labelled `label`; `OSLogHandler.init` documents the
    /// parameters.
    init(
        label: String,
        subsystem: String? = nil,
        defaultCategory: String? = nil,
        publicMetadataKeys: Set<String> = [],
        logLevel: Logger.Level = .info,
        metadataProvider: Logger.MetadataProvider? = nil,
        write: @escaping @Sendable (_ record: UnifiedLogRecord, _ subsystem: String) -> Void
    ) {
        self.subsystem = subsystem ?? Self.processSubsystem
        self.defaultCategory = defaultCategory ?? label
        self.publicMetadataKeys = UnifiedLogRecord.publicMetadataKeys.union(publicMetadataKeys)
        self.logLevel = logLevel
        self.metadataProvider = metadataProvider
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        write(record(for: event), subsystem)
    }

    /// The record of `event`: the handler's metadata, overridden by the provider's,
    /// overridden by the call's (swift-log's own handlers merge in this order).
    func record(for event: LogEvent) -> UnifiedLogRecord {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        return UnifiedLogRecord(
            level: event.level,
            message: event.message.description,
            metadata: merged,
            error: event.error.map { "\($0)" },
            defaultCategory: defaultCategory,
            publicKeys: publicMetadataKeys
        )
    }

    /// The subsystem when none is configured: the main bundle's identifier, or for a
    /// process without one (a command-line tool, a test runner) the process's name.
    static func defaultSubsystem(bundleIdentifier: String?, processName: String) -> String {
        if let bundleIdentifier, !bundleIdentifier.isEmpty { return bundleIdentifier }
        return processName
    }

    /// ``defaultSubsystem(bundleIdentifier:processName:)`` for this process.
    static var processSubsystem: String {
        defaultSubsystem(
            bundleIdentifier: Bundle.main.bundleIdentifier,
            processName: ProcessInfo.processInfo.processName
        )
    }
}
