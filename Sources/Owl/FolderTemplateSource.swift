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
        try Self.text(ofFile: folder + "/" + name + "." + fileExtension, template: name)
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
