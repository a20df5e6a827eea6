// Owl without owl-site: render a list with a director, change it with
// `reload(afterUpdate:)`, and write what a page needs to animate the change in the browser
// with owl.js's `Owl.apply(patch)` (docs/owl-js.md).
//
// usage: owl-list-example OUTPUT-FOLDER
// writes OUTPUT-FOLDER/index.html (the list before the update), update.patch (the
// ListPatch JSON) and apply-update.js (fetches the patch and applies it on a click).
// The page loads owl.js from _owl/owl.js: copy the bundled client/owl.js there.
import Foundation
import Owl

/// A task on a to-do list: its id says which cell it is across updates.
struct Task: ElementRepresentable, Equatable {
    let id: String
    var title: String
    var differenceIdentifier: String { id }
}

/// The cell a task renders into (`TaskCell`, an inline template below).
final class TaskCell: HTMLCell {
    var id = ""
    var title = ""
}

func taskDirector() -> ListDirector {
    let director = ListDirector(
        id: "tasks",
        templates: Templates(source: InMemoryTemplateSource(["cells/TaskCell": "<a href=\"#{{id}}\">{{title}}</a>"]))
    )
    let adapter = CellAdapter<Task, TaskCell>()
    adapter.events.dequeue = { ctx in
        ctx.cell.id = ctx.element.id
        ctx.cell.title = ctx.element.title
    }
    director.registerCellAdapter(adapter)
    return director
}

func section(_ id: String, _ tasks: [Task]) -> Owl.Section {
    Owl.Section(id: id, elements: tasks, header: "\(id.capitalized)", footer: "\(tasks.count) tasks")
}

func page(list: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Tasks</title>
    <script src="_owl/owl.js" defer></script><script src="apply-update.js" defer></script></head>
    <body><main>\(list)</main><button id="update" type="button">Apply the update</button></body></html>

    """
}

let applyScript = """
    // Fetches the update and animates it into the list; Owl.apply resolves false (and changes
    // nothing) when the page is not the one the patch was made for.
    document.getElementById('update').addEventListener('click', async () => {
      const patch = await (await fetch('update.patch')).json()
      document.body.dataset.applied = await Owl.apply(patch)
    })

    """

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: owl-list-example OUTPUT-FOLDER\n".utf8))
    exit(1)
}
let output = URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true)

do {
    let director = taskDirector()
    director.add(sections: [
        section("today", [Task(id: "milk", title: "Buy milk"), Task(id: "call", title: "Call Ada"), Task(id: "plants", title: "Water the plants")]),
        section("later", [Task(id: "taxes", title: "File taxes"), Task(id: "paint", title: "Paint the fence")]),
    ])
    let before = try director.render()
    let update = try director.reload { director in
        let today = director.section(id: "today")!, later = director.section(id: "later")!
        today.remove(at: 0)                                             // milk bought
        later.add(element: today.remove(at: 1)!, at: 0)                 // plants: later
        today.add(element: Task(id: "book", title: "Book the train"), at: 0)
        later.set(elements: later.elements.map { ($0 as? Task).map { Task(id: $0.id, title: $0.id == "taxes" ? "File taxes (due Friday)" : $0.title) } ?? $0 })
        later.footer = "\(later.count) tasks"
        today.footer = "\(today.count) tasks"
    }
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    try Data(page(list: before).utf8).write(to: output.appendingPathComponent("index.html"))
    try Data(page(list: try director.render()).utf8).write(to: output.appendingPathComponent("after.html"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(update.patch).write(to: output.appendingPathComponent("update.patch"))
    try Data(applyScript.utf8).write(to: output.appendingPathComponent("apply-update.js"))
} catch {
    FileHandle.standardError.write(Data("owl-list-example: \(error)\n".utf8))
    exit(1)
}
