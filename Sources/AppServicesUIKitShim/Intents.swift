// The Intents framework's base class, which the UIKit delegate protocol names. On Apple
// platforms the adapters import Intents itself.
#if !canImport(UIKit)

/// A request for an application to perform a task, such as sending a message (the
/// Intents framework's `INIntent`). Concrete intents are subclasses.
open class INIntent: NSObject {
    /// The intent's unique identifier.
    open private(set) var identifier: String?

    /// Creates an intent.
    public override init() {
        super.init()
    }
}

#endif
