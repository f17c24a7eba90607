#if !canImport(UIKit)
// Where UIKit is missing, `import AppServicesMetricKit` also brings the shim's MetricKit
// declarations, as an iOS app gets them from `import MetricKit`.
@_exported public import AppServicesMetricKitShim
#endif
