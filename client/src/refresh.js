// Owl.refresh() and Owl.apply(): the page-version protocol's client side (the BRIEF, §4).
// The page names its key and version in <meta name="owl-page" content="KEY VERSION">;
// its state file ROOT/_owl/pages/GGG.json (GGG: the key's last three digits) names, for
// each page of that group, the current version and the older ones with a patch to it; the patch from FROM to TO is
// ROOT/_owl/patches/KEY-FROM-TO.json.

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

/** The server's response, or undefined when it does not answer. */
const ask = (url, init) => fetch(url, init).catch(() => {})

/** The protocol's steps for this page: "current", "patched" or "reloaded" (not done here). */
export async function refreshPage(root) {
  const meta = query('meta[name="owl-page"]')
  const [key, version] = meta?.content.split(' ') || []
  if (!key) return 'current'

  // The page's state file, never from a cache. No answer, or a server error: try again
  // later. HTTP 404, no state of the page (it is gone) or anything but a state file: reload.
  const response = await ask(new URL(`_owl/pages/${key.slice(13)}.json`, root), { cache: 'no-store' })
  if (!response || response.status > 499) return 'current'
  const current = check((await response.json()).pages[key])

  // The not-found page (`/404.html`) at another address stands in for a missing page (the
  // BRIEF's LKEY ≠ KEY): reload once that page exists. The address itself answers what its
  // state file would, without hashing its path here (owl-live.js does, for live events).
  if (current.page === '/404.html' && !location.pathname.endsWith(current.page)) {
    const found = await ask(location.href, { method: 'HEAD', cache: 'no-store' })
    if (!found) return 'current'
    if (found.ok) return 'reloaded'
  }
  if (current.version === version) return 'current'
  check(current.from.includes(version))

  const to = current.version
  const patch = await (await fetch(new URL(`_owl/patches/${key}-${version}-${to}.json`, root))).json()
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
