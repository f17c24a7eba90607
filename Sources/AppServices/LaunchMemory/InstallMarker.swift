#if canImport(Security)
import Foundation
import Security
#endif

/// Something that outlives the app's own data, so that a first launch can tell a new install
/// from a reinstall: the launch history finds no record (deleted with the app) but the
/// marker, placed by an earlier install, is still there.
///
/// On Apple platforms the default is `KeychainInstallMarker`. Elsewhere there is none by
/// default, and a first launch is never a reinstall; tests use
/// ``InMemoryInstallMarker``.
public protocol InstallMarker: Sendable {
    /// What the marker is, for messages.
    var description: String { get }
    /// Whether an install placed the marker.
    ///
    /// - Throws: ``LaunchHistoryUnavailableError`` when the marker cannot be read yet
    ///   (before the device's first unlock): a launch that finds no history then leaves it
    ///   alone, since the history may be locked too. Any other error when the marker cannot
    ///   be read; the launch then counts as no reinstall.
    func isPlaced() throws -> Bool
    /// Places the marker, once per install.
    func place() throws
}

/// A marker in memory, for tests: one instance stands for the device, and outlives the
/// ``InMemoryLaunchHistoryStore`` that stands for one install.
public final class InMemoryInstallMarker: InstallMarker {
    private let placed = Locked(false)

    /// A device no install has marked.
    public init() {}

    /// For messages.
    public var description: String { "memory" }

    /// Whether ``place()`` was called.
    public func isPlaced() throws -> Bool { placed.withLock { $0 } }

    /// Places the marker.
    public func place() throws { placed.withLock { $0 = true } }
}

#if canImport(Security)
/// The install marker of Apple platforms: a generic-password item in the keychain, which
/// the system keeps when the app is deleted, unlike its user defaults and files.
///
/// **Its limits.** Apple does not promise that keychain items outlive the app; they have so
/// far on iOS, and a future release may remove them with the app (a reinstall would then
/// look like a new install, as it does without a marker). Erasing the device, or restoring
/// a backup to a new device without the keychain, removes the marker too. The item is
/// readable after the first unlock; before it (a launch in the background for a VoIP push
/// or a background task after a restart) ``isPlaced()`` says the marker is locked, which
/// tells a history locked too (user defaults read as empty then) from a first launch. An
/// item in a shared access group survives while another app of the group is installed.
public struct KeychainInstallMarker: InstallMarker {
    /// The item's service.
    public let service: String
    /// The item's account.
    public let account: String

    /// The marker kept as the item of `service` and `account`.
    public init(service: String = "AppServices.installMarker", account: String = "install") {
        self.service = service
        self.account = account
    }

    /// For messages.
    public var description: String { "keychain item \(service)/\(account)" }

    /// Whether the item exists.
    ///
    /// - Throws: ``LaunchHistoryUnavailableError`` before the device's first unlock, when
    ///   the keychain refuses (`errSecInteractionNotAllowed`, on iOS, tvOS, watchOS and
    ///   visionOS); an error naming the `OSStatus` for any other failure.
    public func isPlaced() throws -> Bool {
        var query = attributes
        query[kSecReturnData as String] = false
        let status = SecItemCopyMatching(query as CFDictionary, nil)
        switch status {
        case errSecSuccess: return true
        case errSecItemNotFound: return false
        case errSecInteractionNotAllowed where Self.refusesOnlyBeforeFirstUnlock:
            throw LaunchHistoryUnavailableError(
                "\(description) is locked until the device is first unlocked (OSStatus \(status))"
            )
        default: throw LaunchHistoryError("\(description) could not be read (OSStatus \(status))")
        }
    }

    /// Whether the keychain refuses the item, readable after the first unlock, only before
    /// it: on iOS, tvOS, watchOS and visionOS. On macOS a locked login keychain refuses it
    /// too (a launch at login, over SSH), which says nothing of user defaults.
    private static var refusesOnlyBeforeFirstUnlock: Bool {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        true
        #else
        false
        #endif
    }

    /// Adds the item, readable after the first unlock on this device only.
    public func place() throws {
        var item = attributes
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        item[kSecValueData as String] = Data("1".utf8)
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess || status == errSecDuplicateItem else {
            throw LaunchHistoryError("\(description) could not be added (OSStatus \(status))")
        }
    }

    private var attributes: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
    }
}
#endif
