import Foundation

/// Templates in a folder: `cells/ContactCell` is `FOLDER/cells/ContactCell.mustache`.
public struct FolderTemplateSource: TemplateSource {
    /// The folder holding the templates.
    public let folder: String
    /// The extension of template files, without the dot.
    public let fileExtension: String

    /// Templates in `folder`, in files ending in `.fileExtension`.
    public init(folder: String, fileExtension: String = "mustache") {
        self.folder = folder
        self.fileExtension = fileExtension
    }

    /// The folder.
    public var location: String { folder }

    /// The text of `FOLDER/NAME.EXTENSION`, nil when there is no such file.
    public func text(ofTemplate name: String) throws -> String? {
        try Self.text(ofFile: path(ofTemplate: name), template: name)
    }

    /// The absolute path of `FOLDER/NAME.EXTENSION`.
    public func location(ofTemplate name: String) -> String {
        Self.absolute(path(ofTemplate: name))
    }

    private func path(ofTemplate name: String) -> String {
        folder + "/" + name + "." + fileExtension
    }

    /// `path` made absolute from the working directory, `.` and `..` resolved.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The text of the file at `path`, nil when there is no such file.
    static func text(ofFile path: String, template: String) throws -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OwlError.unreadableTemplate(template: path, reason: "permission denied or I/O error")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw OwlError.unreadableTemplate(template: path, reason: "not UTF-8")
        }
        return text
    }
}
