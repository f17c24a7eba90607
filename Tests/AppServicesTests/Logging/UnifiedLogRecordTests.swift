import Foundation
import Logging
import Testing

@testable import AppServices

/// What the unified-log handler writes, decided by `UnifiedLogRecord` on every platform: the
/// entry type, the category, the text and the privacy of each part.
struct UnifiedLogRecordTests {
    static func record(
        _ level: Logger.Level = .info,
        _ message: String = "message",
        _ metadata: Logger.Metadata = [:],
        error: String? = nil
    ) -> UnifiedLogRecord {
        UnifiedLogRecord(
            level: level,
            message: message,
            metadata: metadata,
            error: error,
            defaultCategory: "AppServices"
        )
    }

    /// The texts of `record`'s segments with the given privacy.
    static func texts(_ record: UnifiedLogRecord, _ privacy: UnifiedLogSegment.Privacy) -> [String] {
        record.segments.filter { $0.privacy == privacy }.map(\.text)
    }

    @Test(
        "Each swift-log level maps to its unified-log type",
        arguments: [
            (Logger.Level.trace, UnifiedLogType.debug), (.debug, .debug), (.info, .info), (.notice, .default),
            (.warning, .error), (.error, .error), (.critical, .fault),
        ]
    )
    func levelMapping(level: Logger.Level, type: UnifiedLogType) {
        #expect(Self.record(level).type == type)
    }

    @Test("The text is the message, then the metadata in key order as key=value, then the error")
    func rendering() {
        let record = Self.record(
            .info,
            "Launch finished.",
            [
                "zeta": "last", "alpha": "first", "list": ["a", "b"], "dict": ["y": "2", "x": "1"],
                "count": .stringConvertible(3),
            ],
            error: "timed out"
        )
        #expect(
            record.text
                == "Launch finished. alpha=first count=3 dict=[x: 1, y: 2] list=[a, b] zeta=last error=timed out"
        )
    }

    @Test("Names of services, initializers, commands, callbacks, milestones and phases are public")
    func namesArePublic() {
        let record = Self.record(
            .info,
            "m",
            [
                "service": "PushService", "initializer": "CrashReporter", "command": "ApplyAppearance",
                "callback": "didFinishLaunching", "milestone": "accountReady", "phase": "critical",
                "gate": "appLock", "state": "active", "services": "[A, B]",
            ]
        )
        #expect(
            Self.texts(record, .public)
                == [
                    "",
                    """
                     callback=didFinishLaunching command=ApplyAppearance gate=appLock initializer=CrashReporter \
                    milestone=accountReady phase=critical service=PushService services=[A, B] state=active
                    """,
                ]
        )
        #expect(Self.texts(record, .private) == ["m"])
    }

    @Test("URLs, user info, tokens, the message and the attached error are private; keys are public")
    func payloadsArePrivate() {
        let record = Self.record(
            .error,
            "Opened https://example.com/order/42",
            [
                "service": "OrderLinks", "url": "https://example.com/order/42", "userInfo": ["aps": ["badge": "1"]],
                "token": "abc123",
            ],
            error: "The request for order 42 failed"
        )
        #expect(
            Self.texts(record, .private)
                == [
                    "Opened https://example.com/order/42", "abc123", "https://example.com/order/42",
                    "[aps: [badge: 1]]", "The request for order 42 failed",
                ]
        )
        #expect(Self.texts(record, .public) == ["", " service=OrderLinks token=", " url=", " userInfo=", " error="])
    }

    @Test(
        "Any value whose key is not a name of code is private: configuration values, identifiers, payloads",
        arguments: [
            "url", "userInfo", "token", "timeout", "flags", "scene", "session", "store", "task", "pushType",
            "callUUID", "error",
        ]
    )
    func otherValuesArePrivate(key: String) {
        let record = Self.record(.info, "m", [key: "value"])
        #expect(Self.texts(record, .private) == ["m", "value"])
        #expect(Self.texts(record, .public) == ["", " \(key)="])
    }

    @Test("Segments alternate public and private, starting public, and an empty value stays a private part")
    func shape() {
        let record = Self.record(.info, "", ["a": "", "service": "S"])
        #expect(record.segments == [.public(""), .private(""), .public(" a="), .private(""), .public(" service=S")])
    }

    @Test("Past the most segments os.Logger is written with, the rest of the text is one private segment")
    func tailIsFoldedIntoPrivate() {
        var metadata: Logger.Metadata = [:]
        for index in 0..<8 { metadata["key\(index)"] = "value\(index)" }
        metadata["service"] = "Last"
        let record = Self.record(.info, "m", metadata)
        #expect(record.segments.count == UnifiedLogRecord.maximumSegmentCount)
        for (index, segment) in record.segments.enumerated() {
            #expect(segment.privacy == (index.isMultiple(of: 2) ? .public : .private), "\(index)")
        }
        #expect(record.segments.last == .private("value3 key4=value4 key5=value5 key6=value6 key7=value7 service=Last"))
        #expect(
            record.text == "m key0=value0 key1=value1 key2=value2 key3=value3 key4=value4 key5=value5 key6=value6 "
                + "key7=value7 service=Last"
        )
    }

    @Test(
        "The category is the service's name, else the initializer's, else the command's, else the default",
        arguments: [
            (["service": "Push", "initializer": "Crash", "command": "Root"], "Push"),
            (["initializer": "Crash", "command": "Root", "callback": "didBecomeActive"], "Crash"),
            (["command": "Root"], "Root"),
            (["callback": "didBecomeActive", "services": "[Push]"], "AppServices"),
            (["service": "", "initializer": "Crash"], "Crash"),
            ([:], "AppServices"),
        ] as [(Logger.Metadata, String)]
    )
    func category(metadata: Logger.Metadata, category: String) {
        #expect(Self.record(.info, "m", metadata).category == category)
    }

    @Test("Keys an app names as public are public; the library's names stay public")
    func additionalPublicKeys() {
        let record = UnifiedLogRecord(
            level: .info,
            message: "m",
            metadata: ["screen": "Checkout", "user": "ada"],
            defaultCategory: "App",
            publicKeys: UnifiedLogRecord.publicMetadataKeys.union(["screen"])
        )
        #expect(Self.texts(record, .public) == ["", " screen=Checkout user="])
        #expect(Self.texts(record, .private) == ["m", "ada"])
    }
}
