// Compiled with the package's `PushKit` trait only: without it the adapter does not import
// PushKit.
#if PushKit
public import AppServices
import Logging

#if canImport(UIKit)
public import PushKit
#else
public import AppServicesPushKitShim
#endif

// Conversions between PushKit's objects and the core's platform-neutral payloads.

extension PushType {
    /// The platform-neutral form of a PushKit push type (the same string).
    public init(_ type: PKPushType) {
        self.init(rawValue: type.rawValue)
    }
}

extension PKPushType {
    /// PushKit's push type for a platform-neutral one (the same string).
    public init(_ type: PushType) {
        self.init(rawValue: type.rawValue)
    }
}

extension PushCredentials {
    /// The platform-neutral form of the token PushKit gave for pushes of its type.
    public init(_ credentials: PKPushCredentials) {
        self.init(token: credentials.token, type: PushType(credentials.type))
    }
}

extension PushPayload {
    /// The platform-neutral form of a push PushKit delivered. Entries of its dictionary that
    /// are not property-list values are left out (the adapter logs them; see
    /// ``PushPayload/droppedPayloadKeys(of:)``).
    public init(_ payload: PKPushPayload) {
        self.init(type: PushType(payload.type), dictionaryPayload: UserInfo(propertyList: payload.dictionaryPayload))
    }

    /// Where the dictionary of `payload` holds entries that are not property-list values,
    /// which ``init(_:)`` leaves out: their keys, and the paths of nested ones, sorted. Empty
    /// when nothing is left out.
    public static func droppedPayloadKeys(of payload: PKPushPayload) -> [String] {
        PropertyListCheck.droppedKeyPaths(in: payload.dictionaryPayload)
    }

    /// Logs one warning naming the push type and the entries the conversion left out, if any.
    static func warnAboutDroppedEntries(of payload: PKPushPayload, logger: Logger) {
        let dropped = droppedPayloadKeys(of: payload)
        guard !dropped.isEmpty else { return }
        let type = payload.type.rawValue
        logger.warning(
            """
            A PushKit push of type \(type) has payload entries that are not property-list values: \
            \(dropped.joined(separator: ", ")). Services receive it without them; the raw payload is in \
            context.uiKit.pushPayload.
            """,
            metadata: ["pushType": "\(type)", "droppedKeys": "\(dropped.joined(separator: ","))"]
        )
    }
}
#endif
