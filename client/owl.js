// owl.js: animates an open page to its newest version. See docs/patch-format.md.
(() => {
  const d = document, D = 260, root = new URL('..', d.currentScript.src)
  const meta = n => d.querySelector(`meta[name="owl-${n}"]`)
  const box = e => e.querySelector('[data-owl-cells]')
  const rect = e => e.getBoundingClientRect()
  let move, queue = Promise.resolve(), left
  const check = (ok, m) => { if (!ok) throw Error(m); return ok }
  const get = async p => {
    const r = await fetch(new URL(p, root))
    return check(r.ok, r.status) && r.json()
  }
  const find = (a, n) => check(d.querySelector(`[data-owl-${a}="${CSS.escape(n)}"]`), n)
  const blank = n => n?.nodeType == 3 && !n.data.trim() && n
  const parse = (html, a, id) => {
    const t = d.createElement('template')
    t.innerHTML = html
    const n = [...t.content.childNodes], w = n[1] && blank(n[0]) && n.shift(), e = n[0], v = e?.getAttribute?.('data-owl-' + a)
    check(!n[1] && v != null && (id == null || v == id), a)
    e.w = w
    return e
  }
  const cell = el => (el.w ??= blank(el.previousSibling), { id: el.dataset.owlCell, el, r: move && el.isConnected && rect(el) })
  const section = el => ({ ...cell(el), id: el.dataset.owlSection, cells: [...box(el).children].map(cell) })
  const drop = (S, gone) => [S, ...S.map(s => s.cells)].forEach(a => a.splice(0, a.length, ...a.filter(x => !gone.has(x))))
  const at = (S, p, id) => { const c = p.map ? S[p[0]].cells[p[1]] : S[p]; check(c?.id == id, id); return c }
  const put = (a, i, x) => a.splice(check(i >= 0 && i <= a.length, i) && i, 0, x)
  const all = (st, k) => st[k] || []

  const stage = (S, st, fx) => {
    for (const u of all(st, 'elementUpdated')) {
      const c = at(S, u.at, u.id)
      fx.out.push(c.el)
      fx.in.push(c.el = parse(u.html, 'cell', u.id))
      c.r = 0
    }
    const gone = new Set([...all(st, 'sectionDeleted').map(x => at(S, x.at, x.id)),
      ...all(st, 'elementDeleted').map(x => at(S, x.at, x.id))])
    gone.forEach(x => fx.out.push(x.el))
    drop(S, gone)
    const sm = all(st, 'sectionMoved').map(x => [x.to, at(S, x.from, x.id)])
    drop(S, new Set(sm.map(x => x[1])))
    const si = all(st, 'sectionInserted').map(x => [x.at, section(parse(x.html, 'section'))])
    for (const [i, s] of [...si, ...sm].sort((a, b) => a[0] - b[0])) put(S, i, s)
    const em = all(st, 'elementMoved').map(x => [x.to, at(S, x.from, x.id)]), moved = new Set(em.map(x => x[1]))
    drop(S, moved)
    const ei = all(st, 'elementInserted').map(x => [x.at, cell(parse(x.html, 'cell'))])
    for (const [[s, e], c] of [...ei, ...em].sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1]))
      put(S[s].cells, e, c)
    ;[...si, ...ei].forEach(x => fx.in.push(x[1].el))
    for (const x of all(st, 'sectionUpdated')) {
      const s = at(S, x.at, x.id), el = parse(x.html, 'section', x.id)
      check(!box(el).children.length, x.id)
      s.el = el
    }
  }

  const order = (p, nodes) => {
    const k = p.childNodes, tail = blank(p.lastChild)
    nodes = nodes.flatMap(n => n.w ? [n.w, n] : [n]).concat(tail || [])
    nodes.forEach((n, i) => k[i] != n && p.insertBefore(n, k[i] || null))
    while (k.length > nodes.length) k[nodes.length].remove()
  }
  const seen = r => r.bottom > 0 && r.top < innerHeight
  const run = (e, f, o) => e.animate(f, { duration: D, easing: 'ease-in-out', ...o }).finished

  const apply = async page => {
    move = !matchMedia('(prefers-reduced-motion: reduce)').matches && !d.hidden && d.body.animate
    const fx = { out: [], in: [] }, lists = (page.lists || []).map(l => {
      const el = find('list', l.id), S = [...el.children].map(section)
      l.stages.forEach(st => stage(S, st, fx))
      return { el, S }
    })
    const regions = Object.entries(page.regions || {}).map(([n, html]) => [find('region', n), parse(html, 'region', n)])
    const busy = v => lists.forEach(l => l.el.ariaBusy = v)
    busy('true')
    if (move) await Promise.all(fx.out.filter(e => seen(rect(e))).map(e => run(e, { opacity: [1, 0] }, { duration: D / 2, fill: 'forwards' })))
    const x = scrollX, y = scrollY, runs = []
    let f = d.activeElement
    for (const { el, S } of lists) {
      S.forEach(s => order(box(s.el), s.cells.map(c => c.el)))
      order(el, S.map(s => s.el))
    }
    regions.forEach(([old, e]) => old.replaceWith(e))
    if ('title' in page) d.title = page.title
    scrollTo(x, y)
    if (!f?.isConnected) f = f?.id && d.getElementById(f.id)
    if (f && f != d.activeElement) f.focus({ preventScroll: true })
    const flip = (o, dx = 0, dy = 0) => {
      const r = rect(o.el), mx = o.r.left - r.left - dx, my = o.r.top - r.top - dy
      if ((mx || my) && (seen(r) || seen(o.r))) runs.push(run(o.el, { transform: [`translate(${mx}px,${my}px)`, 'none'] }))
      return [mx + dx, my + dy]
    }
    if (move) {
      for (const { S } of lists) for (const s of S) {
        const t = s.r ? flip(s) : []
        s.cells.forEach(c => c.r && flip(c, ...t))
      }
      fx.in.forEach(e => e.isConnected && seen(rect(e)) && runs.push(run(e, { opacity: [0, 1] })))
    }
    await Promise.all(runs)
    busy(null)
  }

  const go = async () => {
    const m = meta('page')
    if (left || !m) return left || 'current'
    const [k, v] = m.content.split(' ')
    const r = await fetch(new URL(`_owl/pages/${k}.json`, root), { cache: 'no-store' }).catch(() => 0)
    if (!r) return 'current'
    try {
      check(k != '64cd1af07e6fc759' || /404\.html$/.test(location.pathname) || !(await fetch(location, { method: 'HEAD', cache: 'no-store' }).catch(() => 0)).ok)
      const s = check(r.ok && await r.json()), t = s.version
      check(s.format == 'owl-page' && (t == v || s.from.includes(v)))
      if (t == v) return 'current'
      const p = await get(`_owl/patches/${k}-${v}-${t}.json`)
      check(p.format + p.version + p.page + p.from + p.to == 'owl-patch2' + s.page + v + t)
      await apply(p)
      m.content = k + ' ' + t
      d.dispatchEvent(new Event('owl:patched'))
      return 'patched'
    } catch {
      location.reload()
      return left = 'reloaded'
    }
  }

  const refresh = () => queue = queue.then(go)
  window.Owl = { refresh }
  d.addEventListener('visibilitychange', () => d.hidden || refresh())
  const every = meta('refresh')?.content * 1e3
  if (every > 0) setInterval(() => d.hidden || refresh(), every)

  const live = meta('live')
  if (live) {
    const es = new EventSource(new URL(live.content, location)), o = d.createElement('div'), css = new CSSStyleSheet()
    o.id = 'owl-error'
    o.role = 'alert'
    css.replaceSync('#owl-error{position:fixed;inset:auto 0 0;z-index:9999;padding:1em;background:#400;color:#fff;font:14px monospace;white-space:pre-wrap}')
    d.adoptedStyleSheets = [...d.adoptedStyleSheets, css]
    es.addEventListener('build', () => { o.remove(); refresh() })
    es.addEventListener('error', e => { if (e.data) { o.textContent = JSON.parse(e.data).message; d.body.append(o) } })
  }
})()
