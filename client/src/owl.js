// owl.js: animates an open page to the newest version of itself, and applies list patches
// for library users. The entry point that esbuild bundles and minifies into client/owl.js
// (make resources). Reference: docs/owl-js.md.

import { refreshPage, checkListPatch } from './refresh.js'
import { patchDocument } from './dom-patch.js'
import { query } from './fragment.js'

// ROOT is the folder above the script's own (ROOT/_owl/owl.js).
const script = document.currentScript.src
const root = new URL('..', script)
const meta = name => query(`meta[name="owl-${name}"]`)

// Calls run one after the other; once the page reloads, every later call says so.
let queue = Promise.resolve()
let reloading
const enqueue = task => (queue = queue.then(task))
const warn = error => console.warn('owl:', error)

/** Brings the page to its current version: "current", "patched" or "reloaded". */
const refresh = () => enqueue(async () => {
  // Any error on the way (a mismatch, a bad file) reloads the page.
  const outcome = reloading || await refreshPage(root).catch(warn)
  if (outcome && outcome !== 'reloaded') return outcome
  if (!reloading) location.reload()
  return (reloading = 'reloaded')
})

/**
 * Applies one ListPatch (a `lists[]` entry of docs/formats.md §4) to its list in this page,
 * animated like a refresh. Resolves true, or false when the page does not match the patch
 * (nothing changed then).
 */
const apply = listPatch => enqueue(async () => {
  const model = await Promise.resolve(listPatch).then(checkListPatch).catch(warn)
  if (model) await patchDocument({ list: listPatch.id }, [model])
  return !!model
})

window.Owl = { refresh, apply }

// A page checks again when its tab shows again, and every N seconds with <meta name="owl-refresh" content="N">.
const whenShown = () => document.hidden || refresh()
document.addEventListener('visibilitychange', whenShown)
const every = meta('refresh')?.content * 1000
if (every > 0) setInterval(whenShown, every)

// Pages served by `owl-site serve` (the only ones with <meta name="owl-live">) load the
// live-build client too: kept out of this file, which every visitor of a deployed site gets.
if (meta('live')) document.head.append(Object.assign(document.createElement('script'), { src: new URL('owl-live.js', script) }))
