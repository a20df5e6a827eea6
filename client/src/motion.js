// The animation of a patch already in the document (FLIP with the Web Animations API: no
// style attributes, no clones), in three phases so that no two boxes of a list overlap:
//
//   1. out:   deleted boxes, and moved ones at their old place, fade out; nothing moves.
//   2. slide: every box that stays slides from its old place to its new one; an updated
//             cell cross-fades from its old element to its new one as both slide.
//   3. in:    inserted boxes, and moved ones at their new place, fade in; nothing moves.
//
// Boxes that keep their order slide with one easing and one timing, so the gaps between
// them stay positive at every frame; boxes that change order (moves) never slide.
// A leaving element (a "ghost": a deleted box, or the old element of an updated cell) is
// put back into its old parent, out of the flow, for the time of its fade. It is the
// element itself, not a copy.
//
// Cells and section parts sit inside their section, which has a translation of its own:
// their own translation is their offset less their section's (its `shift`).

import { cellsOf } from './list-model.js'
import { rectOf } from './fragment.js'

// An element's opacity at the start, the end of phase 1, the end of phase 2 and the end.
// Phase 1 takes 150 ms, phase 2 250 ms and phase 3 150 ms; a phase with no fade, none.
const SLIDE = '1111', OUT = '1000', IN = '0001', MOVE = '1001', CROSS_IN = '0011', CROSS_OUT = '1100'

const NONE = [0, 0]

/** How far (x, y) box `from` is from box `to`, less `shift`. */
const offset = (from, to, shift = NONE) => [from.left - to.left - shift[0], from.top - to.top - shift[1]]

/** Whether a box may be on screen on its way between `rects` (else it is not animated). */
const onScreen = (...rects) => !rects.every(r => r.bottom < 0) && !rects.every(r => r.top > innerHeight)

/**
 * Animates the patched lists `models` from their boxes before the patch (`before`: element →
 * DOMRect); `parents` are the lists' elements' parents before the patch. Resolves when every
 * animation has finished and every ghost is gone.
 */
export async function animate(models, before, parents) {
  const plans = []   // { el, fades, first, last }: own translation at the start and the end (none if absent)
  const shifts = new Map() // section element → its own translation at the start
  const replacements = new Map() // an updated cell's old element → its new one

  // Plans an element in the document, coming from `start`; returns its own translation.
  const plan = (el, fades, start, shift = NONE) => {
    const now = rectOf(el)
    const first = start ? offset(start, now, shift) : NONE
    if (!onScreen(start || now, now, { top: now.top + shift[1], bottom: now.bottom + shift[1] })) return NONE
    if (fades !== SLIDE || first[0] || first[1]) plans.push({ el, fades, first })
    return first
  }

  // A cell: how it appears (see the kinds above) and where it comes from. An updated one
  // cross-fades with its old element; a moved and updated one arrives anew.
  const animateCell = (x, shift) => {
    const replaced = x.old && x.old !== x.el
    if (replaced && !x.moved) replacements.set(x.old, x.el)
    plan(x.el, !x.old ? IN : replaced ? (x.moved ? IN : CROSS_IN) : x.moved ? MOVE : SLIDE, before.get(x.old), shift)
  }
  // A section with a new shell (an updated header or footer) slides like one that kept its
  // element: its cells are in it, and its old shell, without them, does not linger.
  const shells = new Set()
  for (const { sections } of models) {
    for (const { el, old, moved, cells } of sections) {
      if (old && !moved) shells.add(old)
      const shift = plan(el, !old ? IN : moved ? (old === el ? MOVE : IN) : SLIDE, before.get(old))
      shifts.set(el, shift)
      // Headers and footers: the same elements, or a new shell's, sliding from the old ones'
      // places (paired by position).
      const parts = section => [...(section?.children || [])].filter(child => child !== cellsOf(section))
      const oldParts = parts(old)
      parts(el).forEach((part, i) => plan(part, oldParts[i] ? SLIDE : IN, before.get(oldParts[i]), shift))
      for (const cell of cells) animateCell(cell, shift)
    }
  }

  // Ghosts: the elements out of the document whose old parent is still in it (deleted
  // sections and cells, updated cells' old elements). Each goes back in out of the flow, at its old size, held
  // there by an animation of its own until it is removed; then its place is measured.
  const ghosts = [...parents].filter(([el, parent]) => !el.isConnected && parent.isConnected && !shells.has(el)).map(([el, parent]) => {
    const start = before.get(el)
    const next = replacements.get(el)
    const fixed = { position: 'absolute', width: start.width + 'px', height: start.height + 'px' }
    parent.append(el)
    el.animate(fixed, { fill: 'both' })
    return { el, start, end: next ? rectOf(next) : start, parent }
  })
  for (const { el, start, end, parent } of ghosts) {
    const now = rectOf(el)
    const shift = shifts.get(parent.closest('[data-owl-section]'))
    plans.push({ el, fades: replacements.has(el) ? CROSS_OUT : OUT, first: offset(start, now, shift), last: offset(end, now) })
  }

  // A phase with nothing to fade takes no time.
  const out = plans.some(p => p.fades[0] > p.fades[1]) ? 150 : 0
  const duration = out + 250 + (plans.some(p => p.fades[2] < p.fades[3]) ? 150 : 0)
  const offsets = [0, out / duration, (out + 250) / duration, 1]
  const runs = plans.map(({ el, fades, first, last }) =>
    el.animate(offsets.map((offset, i) => {
      const [x, y] = (i < 2 ? first : last) || NONE
      return { offset, opacity: fades[i], transform: `translate(${x}px,${y}px)`, easing: 'ease-in-out' }
    }), duration).finished)
  await Promise.allSettled(runs)
  for (const g of ghosts) g.el.remove()
}
