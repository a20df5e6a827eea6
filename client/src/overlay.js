// What a page served by `owl-site serve` shows about the live connection: the last failed
// build (file:line, message and the source around it, with a dismiss button), and a small
// notice while the event stream is down. Styled by one constructed stylesheet (a strict CSP
// holds); text goes in as text, never as HTML.

// System colours (Canvas, CanvasText, Mark) follow the reader's light or dark preference.
const STYLE = `#owl-error,#owl-offline{position:fixed;z-index:9999;color-scheme:light dark;background:Canvas;color:CanvasText;
font:14px sans-serif;box-shadow:0 0 8px #0008}
#owl-error{inset:auto 1em 1em;max-height:60vh;overflow:auto;padding:0 1em;border-left:6px solid #d00}
#owl-error button{float:right;margin-top:1em}#owl-error mark{display:block}
#owl-offline{right:1em;bottom:1em;padding:2px 8px;font-size:12px}`

/** An element with text (children for an array) and properties. */
function make(tag, content, properties) {
  const el = Object.assign(document.createElement(tag), properties)
  el.append(...[content].flat())
  return el
}

const overlay = make('div', [], { id: 'owl-error', role: 'alert' })
const notice = make('div', 'live updates paused — reconnecting', { id: 'owl-offline', role: 'status' })
const sheet = new CSSStyleSheet()
sheet.replaceSync(STYLE)
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]

/**
 * Shows a failed build (the `error` event's data: `message`, `file`, `line`, optionally
 * `excerpt` as [{line, text}], the line itself highlighted) until dismissed or hidden.
 */
export function showError({ message, file, line, excerpt }) {
  const width = String(Math.max(...(excerpt || []).map(x => x.line))).length
  overlay.replaceChildren(
    make('button', 'Dismiss', { onclick: hideError }),
    make('h2', 'Build failed — showing the last good build'),
    make('p', file ? `${file}:${line ?? ''}` : ''),
    make('p', String(message)),
    make('pre', (excerpt || []).map(x =>
      make(x.line === line ? 'mark' : 'div', `${String(x.line).padStart(width)}  ${x.text}`))),
  )
  document.body.append(overlay)
}

export function hideError() {
  overlay.remove()
}

/** Shows the "reconnecting" notice while the event stream is `down`. */
export function showOffline(down) {
  if (down) document.body.append(notice)
  else notice.remove()
}
