// A model of one rendered list (docs/formats.md §1): its sections and cells as ids and
// elements. A patch's stages (§4) are replayed on the model, checking every addressed id
// and parsing every fragment, before anything in the document changes: a patch that does
// not match throws here and leaves the page as it was.
//
// Each item (section or cell) keeps `old`, its element before the patch (none when
// inserted), and `el`, its element after; `moved` marks an item that changed order.

import { check, parseFragment } from './fragment.js'

export const cellsOf = section => section.querySelector('[data-owl-cells]')

/** An item for an element (in the document, or just parsed). */
const item = (el, id) => ({ id, el, old: el })

/** The model of `section` (an element in the document or a parsed one). */
function sectionItem(el) {
  const section = item(el, el.dataset.owlSection)
  section.cells = [...cellsOf(el).children].map(cell => item(cell, cell.dataset.owlCell))
  return section
}

/** The model of the list element `container`. */
export const listModel = container => ({ container, sections: [...container.children].map(sectionItem) })

/** Replays one stage on the model (docs/formats.md §4, "Applying a stage"). */
export function replayStage(model, stage) {
  const changes = kind => stage[kind] || []
  // The item at a section index or a [section, cell] path, checked against `id`. (Here, as
  // everywhere in the check, a TypeError from a missing piece counts as a mismatch.)
  const at = (path, id) => {
    const found = path.map ? model.sections[path[0]].cells[path[1]] : model.sections[path]
    return check(found.id === id && found)
  }
  const takeOut = items => {
    const keep = x => !items.includes(x)
    model.sections = model.sections.filter(keep)
    for (const section of model.sections) section.cells = section.cells.filter(keep)
  }
  // Inserts and moves (§4, steps 3 and 4): the moved items are taken out, by source; then
  // each inserted (parsed, modelled by `modelOf`) or moved item is put in, by ascending
  // target (`[index]` for a section, `[section, index]` for a cell).
  const arrive = (inserted, moved, kind, modelOf) => {
    const moves = changes(moved).map(move => [move.to, Object.assign(at(move.from, move.id), { moved: 1 })])
    takeOut(moves.map(move => move[1]))
    const entries = [...moves, ...changes(inserted).map(change => [change.at, modelOf(parseFragment(change.html, kind))])]
      .map(([to, x]) => [[to].flat(), x])
    for (const [path, x] of entries.sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1])) {
      const array = check(kind === 'cell' ? model.sections[path[0]].cells : !path[1] && model.sections)
      const index = path.at(-1)
      check(index >= 0 && index <= array.length)
      array.splice(index, 0, x)
    }
  }

  // 1. Updates: the cell gets its new element.
  for (const change of changes('elementUpdated')) at(change.at, change.id).el = parseFragment(change.html, 'cell', change.id)

  // 2. Deletes: every position is read before anything is taken out.
  takeOut([...changes('sectionDeleted'), ...changes('elementDeleted')].map(change => at(change.at, change.id)))

  // 3. Section inserts (with their cells) and moves.
  arrive('sectionInserted', 'sectionMoved', 'section', el => {
    const section = sectionItem(el)
    for (const x of [section, ...section.cells]) x.old = null
    return section
  })

  // 4. Cell inserts and moves.
  arrive('elementInserted', 'elementMoved', 'cell', el => ({ ...item(el, el.dataset.owlCell), old: null }))

  // 5. Section updates: a new, empty shell around the section's current cells.
  for (const change of changes('sectionUpdated')) {
    const el = (at(change.at, change.id).el = parseFragment(change.html, 'section', change.id))
    check(!cellsOf(el).children.length)
  }
}
