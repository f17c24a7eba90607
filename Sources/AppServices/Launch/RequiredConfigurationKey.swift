#if Configuration
public import Configuration

/// A configuration key an initializer requires (``Initializer/requiredConfigurationKeys``):
/// swift-configuration's `ConfigKey`, written as a dot-separated string literal such as
/// `"crashReporter.dsn"` or as a `ConfigKey` constant.
public typealias RequiredConfigurationKey = ConfigKey
#else
/// A configuration key an initializer requires (``Initializer/requiredConfigurationKeys``).
///
/// Without the package's `Configuration` trait there is no configuration for a key to have
/// a value in, so an initializer can require none: this type has no values and the list is
/// always empty. A list of keys (`["crashReporter.dsn"]`) does not compile, rather than
/// skipping the initializer at every launch; enable the trait to require keys.
public typealias RequiredConfigurationKey = Never
#endif
