#if !canImport(UIKit)
// Where UIKit is missing (Linux, macOS without Mac Catalyst), `import AppServicesUIKit`
// also brings the shim's UIKit declarations, as an iOS app gets them from `import UIKit`:
// an app's delegate subclass and its tests compile there without naming the shim.
@_exported public import AppServicesUIKitShim
#endif
