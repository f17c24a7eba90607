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
    /// The metadata keys whose values are public: the library's names of code, and the keys
    /// the app added.
    let publicMetadataKeys: Set<String>
    /// The keys the app added, the only public ones in metadata the app's own calls and the
    /// metadata provider add: the library's keys are plain words (`state`, `callback`) that
    /// the app's code may use for anything, an OAuth state or a redirect URL.
    let appPublicMetadataKeys: Set<String>
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
        self.appPublicMetadataKeys = publicMetadataKeys
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
        var publicKeys = publicMetadataKeys
        // The provider is the app's code whoever logs; the call's metadata is the library's
        // in its own calls.
        let fromApp = [true, !Self.isLibrary(event.source)]
        for (added, isApps) in zip([metadataProvider?.get(), event.metadata], fromApp) {
            guard let added, !added.isEmpty else { continue }
            merged.merge(added) { $1 }
            // What the app's code adds is public only where the app said so; what the library's
            // call sets is its own, public where its words are, whatever the provider had.
            if isApps {
                for key in added.keys where !appPublicMetadataKeys.contains(key) { publicKeys.remove(key) }
            } else {
                for key in added.keys where publicMetadataKeys.contains(key) { publicKeys.insert(key) }
            }
        }
        return UnifiedLogRecord(
            level: event.level,
            message: event.message.description,
            metadata: merged,
            error: event.error.map { "\($0)" },
            defaultCategory: defaultCategory,
            publicKeys: publicKeys
        )
    }

    /// Whether an event's `source` (swift-log's module of the call) is one of this
    /// library's modules, whose metadata keys name code.
    static func isLibrary(_ source: String) -> Bool { libraryModules.contains(source) }

    /// The modules of this library that log.
    static let libraryModules: Set<String> = [
        "AppServices", "AppServicesUIKit", "AppServicesSwiftUI", "AppServicesAppKit", "AppServicesCallKit",
        "AppServicesMetricKit", "AppServicesLifecycle", "AppServicesTesting", "AppServicesUIKitTesting",
        "AppServicesSwiftUITesting",
    ]

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
