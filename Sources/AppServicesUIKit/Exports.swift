#if !canImport(UIKit)
// Where UIKit is missing (Linux, macOS without Mac Catalyst), `import AppServicesUIKit`
// also brings the shim's UIKit declarations, as an iOS app gets them from `import UIKit`:
// an app's delegate subclass and its tests compile there without naming the shim. CarPlay's
// and PushKit's come with the package traits of those names, as the adapter imports them.
@_exported public import AppServicesUIKitShim
#if CarPlay
@_exported public import AppServicesCarPlayShim
#endif
#if PushKit
@_exported public import AppServicesPushKitShim
#endif
#endif
