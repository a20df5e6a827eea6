// Page keys (the BRIEF's page-version protocol, §1): FNV-1a 64-bit of the UTF-8 bytes of a
// page's path below the site root, as 16 lowercase hex digits.

/** The key of the page at `path` (`/`, `/posts/`, `/404.html`). */
export function pageKey(path) {
  let hash = 0xcbf29ce484222325n // the offset basis
  for (const byte of new TextEncoder().encode(path)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n)
  return hash.toString(16).padStart(16, 0)
}

/**
 * The path below `root` (a URL ending in `/`) of the page at `location`: `%`-decoded
 * (a malformed escape stays as it is), a trailing `index.html` dropped.
 */
export function locationPath(root) {
  const path = location.pathname.slice(root.pathname.length - 1)
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {}
  return decoded.replace(/(^|\/)index\.html$/, '$1')
}
