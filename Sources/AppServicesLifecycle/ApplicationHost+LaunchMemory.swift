public import Foundation

extension ApplicationHost {
    /// The directory named `name` in the user's cache directory: `$XDG_CACHE_HOME/name`,
    /// or `~/.cache/name`, on Linux; `~/Library/Caches/name` on macOS. For the launch
    /// history of a tool a user runs (``Configuration/launchMemory``); a service run by a
    /// supervisor keeps it in its state directory instead, as caches may be cleared.
    public static func cacheDirectory(named name: String) -> URL {
        let caches =
            FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appending(path: name, directoryHint: .isDirectory)
    }
}
