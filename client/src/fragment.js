// Helpers shared by the modules: checks, whitespace, and parsing one HTML fragment.

/** Throws unless `ok`: every check of a patch against the page (a mismatch) goes through here. */
export function check(ok) {
  if (!ok) throw Error('mismatch')
  return ok
}

export const query = selector => document.querySelector(selector)
export const rectOf = el => el.getBoundingClientRect()

/** `node` when it is whitespace text (what a renderer puts between elements). */
export const blank = node => node?.nodeType === 3 && !node.data.trim() && node

/**
 * Parses the outer HTML of one marked element (`data-owl-KIND`, docs/formats.md §4): one
 * element, optionally after whitespace (which stays its previous sibling), whose marker is
 * `id` when given.
 */
export function parseFragment(html, kind, id) {
  const template = document.createElement('template')
  template.innerHTML = html
  const nodes = [...template.content.childNodes]
  const el = nodes.pop()
  const lead = nodes.pop()
  const marker = el.getAttribute('data-owl-' + kind)
  check(!nodes.length && (!lead || blank(lead)) && marker != null && (id == null || marker === id))
  return el
}
