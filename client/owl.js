// owl.js: moves an open owl-site page to the newest build by applying a patch
// (docs/formats.md §4) with FLIP animations, and listens for live builds (§5).
// No dependencies, no build step, no eval; works under script-src 'self'.
(() => {
  const d = document, w = window, none = [], D = 260
  const root = new URL('..', d.currentScript.src)
  const meta = n => d.querySelector(`meta[name="owl-${n}"]`)
  const one = (e, s) => e.querySelector(s)
  const cellsBox = e => one(e, '[data-owl-cells]')
  const fail = m => { throw Error(m) }
  const check = (ok, m) => ok || fail(m)
  const get = async p => {
    const r = await fetch(new URL(p, root), { cache: 'no-store' })
    return r.ok ? r.json() : fail(r.status)
  }
  const select = (a, n) => one(d, `[data-owl-${a}="${CSS.escape(n)}"]`)
  // One element parsed from a patch's HTML, carrying `attr` (and the id, when given).
  const parse = (html, attr, id) => {
    const t = d.createElement('template')
    t.innerHTML = html
    const [e, more] = t.content.childNodes
    return check(!more && e && e.getAttribute && (id == null ? e.hasAttribute(attr) : e.getAttribute(attr) === id) && e, attr)
  }
  const cell = el => ({ id: el.dataset.owlCell, el, o: el })
  const section = el => ({ id: el.dataset.owlSection, el, o: el, cells: [...cellsBox(el).children].map(cell) })
  const drop = (a, gone) => a.splice(0, a.length, ...a.filter(x => !gone.has(x)))
  const take = (S, [s, e], id) => {
    const c = S[s].cells[e]
    check(c && c.id === id, id)
    return c
  }
  const sec = (S, i, id) => (check(S[i] && S[i].id === id, id), S[i])
  const place = (S, x, at) => { check(at >= 0 && at <= S.length, at); S.splice(at, 0, x) }

  // Replays one stage (§4 "Applying a stage") on the model S: sections of {id, el, cells}.
  // Touches no document node; `fx` collects what fades out (`out`) and in (`in`).
  const stage = (S, st, fx) => {
    for (const u of st.elementUpdated || none) {
      const c = take(S, u.at, u.id)
      fx.out.push(c.el); c.el = parse(u.html, 'data-owl-cell', u.id); fx.in.push(c.el)
    }
    const gone = new Set([
      ...(st.sectionDeleted || none).map(x => sec(S, x.at, x.id)),
      ...(st.elementDeleted || none).map(x => take(S, x.at, x.id))])
    gone.forEach(x => fx.out.push(x.el))
    drop(S, gone); S.forEach(s => drop(s.cells, gone))

    const sm = (st.sectionMoved || none).map(x => [x.to, sec(S, x.from, x.id)])
    drop(S, new Set(sm.map(x => x[1])))
    const si = (st.sectionInserted || none).map(x => [x.at, section(parse(x.html, 'data-owl-section'))])
    si.forEach(x => fx.in.push(x[1].el))
    for (const [at, s] of [...si, ...sm].sort((a, b) => a[0] - b[0])) place(S, s, at)

    const em = (st.elementMoved || none).map(x => [x.to, take(S, x.from, x.id)])
    const moved = new Set(em.map(x => x[1]))
    S.forEach(s => drop(s.cells, moved))
    const ei = (st.elementInserted || none).map(x => [x.at, cell(parse(x.html, 'data-owl-cell'))])
    ei.forEach(x => fx.in.push(x[1].el))
    for (const [[s, e], c] of [...ei, ...em].sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1]))
      place(check(S[s], s).cells, c, e)

    for (const x of st.sectionUpdated || none) {
      const s = sec(S, x.at, x.id), el = parse(x.html, 'data-owl-section', x.id)
      check(cellsBox(el) && !cellsBox(el).children.length, x.id)
      s.el = el
    }
  }

  // Makes `parent`'s children exactly `nodes`, moving as few as possible.
  const order = (parent, nodes) => {
    const k = parent.children
    nodes.forEach((n, i) => k[i] !== n && parent.insertBefore(n, k[i] || null))
    while (k.length > nodes.length) k[nodes.length].remove()
  }

  const animate = (e, f, o) => e.animate(f, { duration: D, easing: 'ease-in-out', ...o }).finished
  const rect = e => e.getBoundingClientRect()
  const seen = r => r.bottom > 0 && r.top < innerHeight

  // Checks the page's patch against the document (by replaying it on a model), then
  // applies it, animated unless motion is reduced. Throws before touching the DOM.
  const apply = async page => {
    const fx = { out: [], in: [] }, lists = (page.lists || none).map(l => {
      const el = check(select('list', l.id), l.id), S = [...el.children].map(section)
      for (const st of l.stages) stage(S, st, fx)
      return { el, S }
    })
    const regions = Object.entries(page.regions || {}).map(([n, html]) =>
      [check(select('region', n), n), parse(html, 'data-owl-region', n)])
    const move = !matchMedia('(prefers-reduced-motion: reduce)').matches && d.body.animate && !d.hidden
    const busy = v => lists.forEach(l => v ? l.el.setAttribute('aria-busy', 'true') : l.el.removeAttribute('aria-busy'))
    busy(1)
    try {
      if (move) {
        await Promise.all(fx.out.filter(e => e.isConnected && seen(rect(e))).map(e => animate(e, { opacity: [1, 0] }, { duration: D / 2, fill: 'forwards' })))
        lists.forEach(l => l.S.forEach(s => { s.r = s.o && rect(s.o); s.cells.forEach(c => c.r = c.o && rect(c.o)) }))
      }
      const x = scrollX, y = scrollY
      let f = d.activeElement
      for (const { el, S } of lists) {
        S.forEach(s => order(cellsBox(s.el), s.cells.map(c => c.el)))
        order(el, S.map(s => s.el))
      }
      regions.forEach(([old, e]) => old.replaceWith(e))
      if ('title' in page) d.title = page.title
      scrollTo(x, y)
      if (f && !f.isConnected && f.id) f = d.getElementById(f.id)
      if (f && d.activeElement !== f) f.focus({ preventScroll: true })
      if (!move) return
      const fades = new Set(fx.in), runs = []
      const flip = (o, dx, dy) => {
        const r = rect(o.el), mx = o.r.left - r.left - dx, my = o.r.top - r.top - dy
        if ((mx || my) && (seen(r) || seen(o.r)))
          runs.push(animate(o.el, { transform: [`translate(${mx}px,${my}px)`, 'none'] }))
        return [mx + dx, my + dy]
      }
      for (const { S } of lists) for (const s of S) {
        const [dx, dy] = s.r ? flip(s, 0, 0) : [0, 0]
        for (const c of s.cells) c.r && !fades.has(c.el) && flip(c, dx, dy)
      }
      fx.in.forEach(e => e.isConnected && seen(rect(e)) && runs.push(animate(e, { opacity: [0, 1] })))
      await Promise.all(runs)
    } finally {
      busy()
    }
  }

  const here = () => '/' + decodeURI(location.pathname).slice(decodeURI(root.pathname).length).replace(/(^|\/)index\.html$/, '$1')
  let queue = Promise.resolve(), gone

  const go = async () => {
    const m = meta('build')
    if (gone || !m) return gone || 'current'
    let b
    try { b = await get('_owl/build.json') } catch { return 'current' }
    try {
      const base = m.content, target = check(b.format === 'owl-build' && b.version === 1 && b.build, 'build')
      if (target === base) return 'current'
      const p = await get(`_owl/patches/${encodeURIComponent(base)}.json`)
      check(p.format === 'owl-patch' && p.version === 1 && p.base === base && p.target === target, 'patch')
      const page = p.pages[here()] || {}
      check(!page.reload, 'reload')
      await apply(page)
      m.content = target
      d.dispatchEvent(new CustomEvent('owl:patched', { detail: { base, target } }))
      return 'patched'
    } catch (e) {
      console.warn('owl.js: reloading:', e)
      location.reload()
      return gone = 'reloaded'
    }
  }

  /** Brings the page to the newest build: "current", "patched" or "reloaded". */
  const refresh = () => queue = queue.then(go)
  w.Owl = { refresh }

  d.addEventListener('visibilitychange', () => d.hidden || refresh())
  const every = +meta('refresh')?.content
  if (every > 0) setInterval(() => d.hidden || refresh(), every * 1e3)

  // Live builds from `owl-site serve` (§5): refresh on `build`, overlay on `error`.
  const live = meta('live')
  if (live && w.EventSource) {
    let box
    const events = new EventSource(new URL(live.content, location))
    events.addEventListener('build', () => { box?.remove(); refresh() })
    events.addEventListener('error', e => {
      if (!e.data) return
      if (!box) {
        box = d.createElement('div')
        box.id = 'owl-error'
        box.setAttribute('role', 'alert')
        const css = new CSSStyleSheet()
        css.replaceSync('#owl-error{position:fixed;left:1em;right:1em;bottom:1em;z-index:2147483647;margin:0;padding:1em;border-radius:6px;background:#3b0d0d;color:#fff;font:14px/1.4 ui-monospace,monospace;white-space:pre-wrap}')
        d.adoptedStyleSheets = [...d.adoptedStyleSheets, css]
      }
      try { box.textContent = JSON.parse(e.data).message } catch { box.textContent = e.data }
      d.body.append(box)
    })
  }
})()
