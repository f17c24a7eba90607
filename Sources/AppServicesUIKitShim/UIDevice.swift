// UIKit's device, as much of it as an application's delegate reads. Source: the iOS 26.2
// SDK's imported interface (UIDevice.h), in Documentation/Reference/AppleAPI.md in this
// repository. Not transcribed: orientation, battery and proximity monitoring, multitasking
// support, `playInputClick()` and the iOS 26 notification messages.
#if !canImport(UIKit)

/// The device the application runs on (`UIDevice`).
///
/// UIKit has one instance, ``current``, and sets its values. The shim's are stored with a
/// default for an iPhone, and a simulated UIKit in this package, or a test, sets them.
@available(iOS 2.0, *)
@MainActor
open class UIDevice: NSObject {
    /// The device (`UIDevice.current`).
    ///
    /// In the shim, one instance for the process.
    open class var current: UIDevice { processWide }

    private static let processWide = UIDevice()

    /// The device's name: since iOS 16 a generic name such as "iPhone", unless the
    /// application has the entitlement for the name the person gave it.
    open package(set) var name = "iPhone"

    /// The kind of device, such as "iPhone" or "iPad".
    open package(set) var model = "iPhone"

    /// The operating system's name, such as "iOS" or "iPadOS".
    open package(set) var systemName = "iOS"

    /// The operating system's version, such as "26.2".
    open package(set) var systemVersion = "26.2"

    /// An identifier of the device that is the same for every application of one vendor on
    /// it (iOS 6 and later); `nil` after a restart until the person unlocks the device.
    ///
    /// The shim makes one per device.
    @available(iOS 6.0, *)
    open package(set) var identifierForVendor: UUID? = UUID()

    /// The style of interface the device uses: phone, pad, CarPlay, Mac, Vision...
    @available(iOS 3.2, *)
    open package(set) var userInterfaceIdiom: UIUserInterfaceIdiom = .phone

    /// Creates a device. UIKit has one; the shim lets tests in this package create others.
    package override init() {
        super.init()
    }
}

/// The style of interface of a device or trait environment (`UIUserInterfaceIdiom`), with
/// UIKit's raw values.
///
/// The SDK declares it `@unchecked Sendable`; it is a plain enumeration.
public enum UIUserInterfaceIdiom: Int, @unchecked Sendable {
    /// Not specified.
    case unspecified = -1
    /// An iPhone or iPod touch interface.
    @available(iOS 3.2, *)
    case phone = 0
    /// An iPad interface.
    @available(iOS 3.2, *)
    case pad = 1
    /// An Apple TV interface.
    @available(iOS 9.0, *)
    case tv = 2
    /// A CarPlay interface.
    @available(iOS 9.0, *)
    case carPlay = 3
    /// A Mac interface (Mac Catalyst's Mac idiom).
    @available(iOS 14.0, *)
    case mac = 5
    /// An Apple Vision Pro interface.
    @available(iOS 17.0, *)
    case vision = 6
}

#endif
