/// A place in a source file: the file's path as given to the lint, and a 1-based line and
/// column (in UTF-8 bytes, as the compiler counts them).
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path.
    package var file: String
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int

    /// Creates a location.
    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and IDEs read.
    package var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column.
    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A Swift source file's path and text.
package struct SourceFile: Sendable {
    /// The path, as diagnostics will name it.
    package var path: String
    /// The file's text.
    package var text: String

    /// Creates a source file.
    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
