// owl-live.js: the live-build client, loaded by owl.js on pages served by `owl-site serve`
// (<meta name="owl-live" content="ROOT/_owl/events">). Listens to the server's events (the
// BRIEF, §5): refreshes the page when a build changed it, shows failed builds, and says when
// the connection is down.

import { pageKey, locationPath } from './page-key.js'
import { showError, hideError, showOffline } from './overlay.js'
import { query } from './fragment.js'

const root = new URL('..', document.currentScript.src)
const url = new URL(query('meta[name="owl-live"]').content, location)

function connect() {
  const events = new EventSource(url)
  // A build refreshes the page when it changed it (its key, or the key of its address when
  // it stands in as the not-found page), or when it names no pages (sent once on connecting).
  events.addEventListener('build', event => {
    hideError()
    const pages = JSON.parse(event.data || '{}').pages
    const keys = [query('meta[name="owl-page"]')?.content.split(' ')[0], pageKey(locationPath(root))]
    if (!pages || pages.some(key => keys.includes(key))) Owl.refresh()
  })
  // The server's `error` events carry data; the stream's own (connection lost) do not. The
  // browser reconnects by itself, unless the server answered with an error: then we do.
  events.addEventListener('error', event => {
    if (event.data) return showError(JSON.parse(event.data))
    showOffline(true)
    if (events.readyState === EventSource.CLOSED) setTimeout(connect, 3000)
  })
  events.addEventListener('open', () => showOffline(false))
}
connect()
