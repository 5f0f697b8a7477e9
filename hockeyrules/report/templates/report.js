/* The report's script: filters, sorting, and explanations built when opened from the
   page's JSON data blocks (class xdata). Text is written
   only through textContent and new Option: nothing from the data becomes markup. */
(function () {
  "use strict";
  function each(sel, root, fn) { Array.prototype.forEach.call((root || document).querySelectorAll(sel), fn); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  var filters = {};
  each("script.filterdata", null, function (s) {
    var d = JSON.parse(s.textContent);
    Object.keys(d).forEach(function (k) { filters[k] = d[k]; });
  });
  each("select[data-options]", null, function (sel) {
    (filters[sel.getAttribute("data-options")] || []).forEach(function (o) { sel.add(new Option(o[1], o[0])); });
  });

  // --- filters and sorting ----------------------------------------------------------
  function rowsOf(table) {
    return Array.prototype.filter.call(table.tBodies, function (tb) { return tb.classList.contains("r"); });
  }
  function applyFilters(box) {
    var table = document.getElementById(box.getAttribute("data-for"));
    var f = {};
    each("[data-f]", box, function (c) { f[c.getAttribute("data-f")] = c.value; });
    var q = (f.q || "").trim().toLowerCase(), shown = 0, rows = rowsOf(table);
    rows.forEach(function (tb) {
      var ok = (!f.team || tb.getAttribute("data-team") === f.team) &&
        (!f.status || tb.getAttribute("data-status") === f.status) &&
        (!f.person || tb.getAttribute("data-person") === f.person) &&
        (!f.rule || (" " + (tb.getAttribute("data-rules") || "") + " ").indexOf(" " + f.rule + " ") >= 0) &&
        (!q || (tb.getAttribute("data-text") || "").indexOf(q) >= 0);
      tb.hidden = !ok;
      if (ok) { shown += 1; }
    });
    box.querySelector(".count").textContent = shown + " of " + rows.length + " shown";
  }
  function resetFilters(box) {
    each("[data-f]", box, function (c) { c.value = ""; });
    applyFilters(box);
  }
  each(".filters", null, function (box) {
    each("[data-f]", box, function (c) {
      c.addEventListener(c.tagName === "INPUT" ? "input" : "change", function () { applyFilters(box); });
    });
    var reset = box.querySelector(".reset");
    if (reset) { reset.addEventListener("click", function () { resetFilters(box); }); }
  });
  function sortBy(th, dir) {
    var table = th.closest("table"), key = "data-s-" + th.getAttribute("data-sort");
    var num = th.getAttribute("data-type") === "num";
    if (!dir) { dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1; }
    each("th[data-sort]", table, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
    var rows = rowsOf(table);
    function val(tb) { var v = tb.getAttribute(key) || ""; return num ? parseFloat(v) || 0 : v.toLowerCase(); }
    rows.sort(function (a, b) {
      var x = val(a), y = val(b);
      if (x < y) { return -dir; }
      if (x > y) { return dir; }
      return parseFloat(a.getAttribute("data-s-order")) - parseFloat(b.getAttribute("data-s-order"));
    });
    rows.forEach(function (tb) { table.appendChild(tb); });
  }
  each("th[data-sort]", null, function (th) {
    th.tabIndex = 0;
    th.addEventListener("click", function () { sortBy(th); });
    th.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); sortBy(th); }
    });
  });
  // where the headings are hidden (cards on a phone), the filters offer the same sorting
  each(".filters", null, function (box) {
    var table = document.getElementById(box.getAttribute("data-for"));
    var heads = table ? table.querySelectorAll("th[data-sort]") : [];
    if (!heads.length) { return; }
    var label = el("label", "sortby", "Sort "), sel = el("select");
    sel.setAttribute("data-sortby", "");
    sel.add(new Option("season order", ""));
    Array.prototype.forEach.call(heads, function (th, n) {
      var name = th.textContent.trim();
      sel.add(new Option(name + (th.getAttribute("data-type") === "num" ? ", largest first" : ", A to Z"), String(n)));
    });
    sel.addEventListener("change", function () {
      var order = table.querySelector('th[data-sort="order"]');
      if (sel.value === "") { if (order) { sortBy(order, 1); } return; }
      var th = heads[parseInt(sel.value, 10)];
      sortBy(th, th.getAttribute("data-type") === "num" ? -1 : 1);
    });
    label.appendChild(sel);
    box.insertBefore(label, box.querySelector(".reset"));
  });

  // --- the site's search: search.js (the words of each league's names and ids) loaded on the first
  // key, then the part of each league holding every word typed (its entries and addresses), one
  // at a time, until 20 are found -------------------------------------------------------------------
  var find = document.getElementById("find"), found = document.getElementById("found");
  var leagues = null, parts = {}, MAX = 20;
  function plain(s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  function load(src, id) {
    if (document.getElementById(id)) { return; }
    var s = document.createElement("script");  // a script element, not fetch(): it loads from file:// too
    s.id = id;
    s.src = src;
    document.body.appendChild(s);
  }
  function has(text, words) { return words.every(function (w) { return text.indexOf(w) >= 0; }); }
  function search() {
    var words = plain(find.value).split(/\s+/).filter(Boolean), shown = 0, waiting = false;
    found.textContent = "";
    if (!words.length || leagues === null) { return; }
    for (var i = 0; i < leagues.length && shown < MAX && !waiting; i += 1) {
      var lg = leagues[i];
      if (!words.every(function (w) { return lg.words.some(function (x) { return x.indexOf(w) >= 0; }); })) { continue; }
      if (!parts[i]) { waiting = true; load(lg.file, "search-part-" + i); continue; }
      parts[i].forEach(function (e) {
        if (shown >= MAX || !has(plain(e[0] + " " + e[1]), words)) { return; }
        var li = el("li"), a = el("a", null, e[0]);
        a.href = e[2];
        li.appendChild(a);
        li.appendChild(el("span", "sub", " " + e[1]));
        found.appendChild(li);
        shown += 1;
      });
    }
    if (waiting) { found.appendChild(el("li", "none", "searching\u2026")); }
    else if (!shown) { found.appendChild(el("li", "none", "nobody and no team by that name")); }
  }
  if (find) {
    window.hockeyrulesSearch = function (index) {
      leagues = index.map(function (x) { return {name: x[0], file: x[1], words: plain(x[2]).split(" ")}; });
      search();
    };
    window.hockeyrulesSearchPart = function (n, entries) { parts[n] = entries; search(); };
    find.addEventListener("input", function () {
      if (leagues === null) { load(find.getAttribute("data-index"), "search-index"); }
      search();
    });
  }

  // --- explanations, built when opened ------------------------------------------------
  var store = null;
  function explanations() {
    if (store === null) {
      store = {};
      each("script.xdata", null, function (s) {
        var d = JSON.parse(s.textContent);
        Object.keys(d).forEach(function (k) {
          if (k === "quotes" || k === "titles") {  // the rules' words and titles, for every block
            store[k] = store[k] || {};
            Object.keys(d[k]).forEach(function (q) { store[k][q] = d[k][q]; });
          } else { store[k] = d[k]; }
        });
      });
    }
    return store;
  }
  // a hyphenated word (a date, an id) in a span that does not wrap: browsers break after hyphens
  function whole(parent, text) {
    text.split(/(\S*-\S*)/).forEach(function (part, i) {
      if (part) { parent.appendChild(i % 2 ? el("span", "nw", part) : document.createTextNode(part)); }
    });
  }
  // a rule id, with its title on hover (who wrote it and its words)
  function ruleCode(rule, cls) {
    var code = el("code", cls, rule), titles = explanations().titles || {};
    if (titles[rule]) { code.title = titles[rule]; }
    return code;
  }
  function tree(nodes, quotes, shown) {
    var ul = el("ul", "tree");
    nodes.forEach(function (n) {
      var li = el("li");
      li.setAttribute("data-k", n.kind);  // (for the styles: the node's kind is never shown, its text says it)
      whole(li, n.text);
      if (n.rule && n.text.indexOf(n.rule) < 0) {
        li.appendChild(document.createTextNode(" "));
        li.appendChild(ruleCode(n.rule, "rule"));
      }
      if (n.line) { li.appendChild(el("span", "loc", " (" + (document.body.getAttribute("data-file") || "season file") + " line " + n.line + ")")); }
      var quote = n.rulebook || (n.rule && quotes[n.rule]);
      var ownWords = (n.children || []).some(function (c) { return c.kind === "rulebook" && c.rule === n.rule; });
      if (quote && n.kind !== "rulebook" && !ownWords && !shown[n.rule]) {
        shown[n.rule] = true;
        var bq = el("blockquote");
        bq.appendChild(ruleCode(n.rule, null));
        bq.appendChild(document.createTextNode(" " + quote));
        li.appendChild(bq);
      }
      if (n.children && n.children.length) { li.appendChild(tree(n.children, quotes, shown)); }
      ul.appendChild(li);
    });
    return ul;
  }
  function fill(row) {
    if (row.hasAttribute("data-filled")) { return; }
    var all = explanations(), cell = row.querySelector("td") || row, quotes = all.quotes || {};
    (row.getAttribute("data-keys") || "").split(" ").forEach(function (key) {
      var x = all[key];
      if (!x) { return; }
      if (x.title) { cell.appendChild(el("h4", null, x.title)); }
      cell.appendChild(tree(x.nodes, quotes, {}));
    });
    row.setAttribute("data-filled", "");
  }
  function toggle(btn, open) {
    var row = document.getElementById(btn.getAttribute("aria-controls"));
    if (open === undefined) { open = row.hidden; }
    if (open) { fill(row); }
    row.hidden = !open;
    btn.setAttribute("aria-expanded", open ? "true" : "false");
  }
  each("button.x", null, function (btn) { btn.addEventListener("click", function () { toggle(btn); }); });

  // --- addresses -----------------------------------------------------------------------
  function markNav(target) {
    if (!document.body.hasAttribute("data-single")) { return; }  // a site's pages mark their own tab
    var page = target ? (target.classList.contains("page") ? target : target.closest(".page")) : null;
    page = page || document.querySelector(".page.default");
    each("nav a", null, function (a) {
      if (page && a.getAttribute("href") === "#" + page.id) { a.setAttribute("aria-current", "page"); }
      else { a.removeAttribute("aria-current"); }
    });
  }
  function onHash() {
    var id = decodeURIComponent(location.hash.slice(1)), target = id && document.getElementById(id);
    markNav(target || null);
    if (!target) { return; }
    if (target.classList.contains("page")) { window.scrollTo(0, 0); return; }
    if (target.classList.contains("r")) {
      if (target.hidden) {
        var table = target.closest("table"), box = document.querySelector('.filters[data-for="' + table.id + '"]');
        if (box) { resetFilters(box); }
      }
      var btn = target.querySelector("button.x");
      if (btn) { toggle(btn, true); }
    }
    target.scrollIntoView();
  }
  window.addEventListener("hashchange", onHash);
  window.addEventListener("load", function () { setTimeout(onHash, 0); });
  onHash();

  // printing prints what is open: the tab shown, and the explanations opened on it
})();
