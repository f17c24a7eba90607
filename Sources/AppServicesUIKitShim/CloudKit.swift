// CloudKit's share types, which the UIKit delegate protocols name. On Apple platforms the
// adapters import CloudKit itself.
#if !canImport(UIKit)

/// A record that shares others with other users (CloudKit's `CKShare`; a subclass of
/// `CKRecord` in CloudKit, of `NSObject` here). Only the share's URL is transcribed.
open class CKShare: NSObject {
    /// The URL others use to accept the share.
    open private(set) var url: URL?

    /// Creates a share, as CloudKit does.
    package init(url: URL?) {
        self.url = url
        super.init()
    }
}

extension CKShare {
    /// What describes a share the user accepted (CloudKit's `CKShare.Metadata`). Only the
    /// container identifier and the share are transcribed.
    open class Metadata: NSObject {
        /// The identifier of the share's container.
        open private(set) var containerIdentifier: String
        /// The share.
        open private(set) var share: CKShare

        /// Creates metadata, as CloudKit does.
        package init(containerIdentifier: String, share: CKShare) {
            self.containerIdentifier = containerIdentifier
            self.share = share
            super.init()
        }
    }
}

#endif
