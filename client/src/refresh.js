// Owl.refresh() and Owl.apply(): the page-version protocol's client side (the BRIEF, §4).
// The page names its key and version in <meta name="owl-page" content="KEY VERSION">;
// ROOT/_owl/pages/KEY.json names the current version and the older ones with a patch to it;
// the patch from FROM to TO is ROOT/_owl/patches/KEY-FROM-TO.json.

import { check, parseFragment, query } from './fragment.js'
import { listModel, replayStage } from './list-model.js'
import { patchDocument } from './dom-patch.js'

/** The marked element `kind` named `name` in the document. */
const marked = (kind, name) => check(query(`[data-owl-${kind}="${CSS.escape(name)}"]`))

/** Replays one `lists[]` entry (a ListPatch) on a model of its list; throws when it does not match. */
export function checkListPatch(listPatch) {
  const model = listModel(marked('list', listPatch.id))
  for (const stage of listPatch.stages) replayStage(model, stage)
  return model
}

/**
 * A page's state file (never from a cache): a promise of its JSON (rejected when
 * unparseable), `false` when the page has none (HTTP 404), undefined when the server does
 * not answer or fails (try again later).
 */
const state = (root, key) => fetch(new URL(`_owl/pages/${key}.json`, root), { cache: 'no-store' })
  .then(response => (response.status === 404 ? false : response.ok ? response.json() : undefined), () => {})

/** The protocol's steps for this page: "current", "patched" or "reloaded" (not done here). */
export async function refreshPage(root) {
  const meta = query('meta[name="owl-page"]')
  const [key, version] = meta?.content.split(' ') || []
  if (!key) return 'current'

  const current = await state(root, key)
  if (current === undefined) return 'current'
  check(current.format === 'owl-page')

  // The not-found page (`/404.html`) at another address stands in for a missing page (the
  // BRIEF's LKEY ≠ KEY): reload once that page exists. The address itself answers what its
  // state file would, without hashing its path here (owl-live.js does, for live events).
  if (current.page === '/404.html' && location.pathname !== new URL('404.html', root).pathname) {
    const found = await fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(response => response.ok, () => {})
    if (found === undefined) return 'current'
    if (found) return 'reloaded'
  }
  if (current.version === version) return 'current'
  check(current.from.includes(version))

  const to = current.version
  const response = await fetch(new URL(`_owl/patches/${key}-${version}-${to}.json`, root))
  check(response.ok)
  const patch = await response.json()
  check(patch.format === 'owl-patch' && patch.version === 2 && patch.page === current.page &&
        patch.from === version && patch.to === to)
  // Every list and region is checked before anything changes.
  const models = (patch.lists || []).map(checkListPatch)
  const regions = Object.entries(patch.regions || {}).map(([name, html]) =>
    [marked('region', name), parseFragment(html, 'region', name)])
  meta.content = `${key} ${to}`
  await patchDocument({ page: patch.page, from: version, to }, models, regions, patch.title)
  return 'patched'
}
