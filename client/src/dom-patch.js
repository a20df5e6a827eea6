// Puts checked list models (list-model.js) into the document: every section and cell where
// its model says, moving only what is out of place, the reader's place kept (scroll anchor,
// focus). Measures every box before the change, for motion.js to animate from.

import { cellsOf } from './list-model.js'
import { blank, rectOf } from './fragment.js'
import { animate } from './motion.js'

/** An item that keeps its element and its order: it is never taken out of the document. */
const stays = x => x.old === x.el && !x.moved

/**
 * Makes `parent`'s children the elements of `items`, each after the whitespace before it
 * (its lead: in the document or in a parsed fragment, its previous sibling), the whitespace
 * after the last one kept. Items that stay are in order already: everything else is taken
 * out, then put in before the next node that belongs there. A text selection or the focus
 * in an element that stays survives.
 */
function place(parent, items) {
  const withLead = x => [blank(x.el.previousSibling), x.el]
  const nodes = items.flatMap(withLead).filter(Boolean)
  const keep = new Set([...items.filter(stays).flatMap(withLead), blank(parent.lastChild)])
  for (const node of [...parent.childNodes]) if (!keep.has(node)) node.remove()
  let next = parent.firstChild
  for (const node of nodes) {
    if (node === next) next = node.nextSibling
    else parent.insertBefore(node, next)
  }
}

/**
 * Applies a checked patch to the document and animates it: `models` of the changed lists,
 * `regions` as [old element, new element] pairs, `title` when it changed. Dispatches
 * `owl:patching` (with `detail`) once the new content is in place, and `owl:patched` when
 * every animation has finished.
 */
export async function patchDocument(detail, models, regions = [], title) {
  const items = models.flatMap(model => model.sections.flatMap(section => [section, ...section.cells]))
  // Every box of the lists, measured before the change for the motion (only then: measuring
  // is most of the cost of a patch without motion).
  const motion = !matchMedia('(prefers-reduced-motion: reduce)').matches && !document.hidden
  const boxes = new Map()
  const parents = new Map()
  for (const { container } of models) {
    for (const el of motion ? container.querySelectorAll('*') : []) {
      boxes.set(el, rectOf(el))
      parents.set(el, el.parentNode)
    }
  }

  // The reader's place: the first cell that stays and crosses the top of the window (or a
  // section below it). At the very top of the page there is none: new content at the top
  // shows. (Without one, the browser's own scroll anchoring, if any, has its way.)
  const anchor = scrollY && items.find(x => stays(x) && rectOf(x.el).bottom > 0 && (rectOf(x.el).top >= 0 || !x.cells))?.el
  const anchorTop = anchor && rectOf(anchor).top

  // Focus in a replaced cell goes to the same link in its new element (same href), else to
  // the element at the same position.
  const focused = document.activeElement
  let focus = focused
  for (const cell of items) {
    if (!cell.cells && cell.old !== cell.el && cell.old?.contains(focused)) {
      const candidates = cell.el.querySelectorAll('*')
      focus = [...candidates].find(el => el.href && el.href === focused.href)
        || candidates[[...cell.old.querySelectorAll('*')].indexOf(focused)]
    }
  }

  for (const { container, sections } of models) {
    container.ariaBusy = true
    for (const section of sections) place(cellsOf(section.el), section.cells)
    place(container, sections)
  }
  for (const [old, el] of regions) old.replaceWith(el)
  if (title != null) document.title = title

  if (anchor) scrollBy(0, rectOf(anchor).top - anchorTop)
  // Focusing the element that has the focus does nothing (HTML's focusing steps).
  focus?.focus({ preventScroll: true })

  const emit = name => document.dispatchEvent(new CustomEvent('owl:' + name, { detail }))
  emit('patching')
  if (motion) await animate(models, boxes, parents)
  for (const { container } of models) container.ariaBusy = null
  emit('patched')
}
