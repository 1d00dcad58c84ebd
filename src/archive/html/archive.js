// Filters of the exported archive's index: run offline over PUZZLES (from
// puzzles.js), across every page. The filter lives in the address's #hash,
// so a filtered view can be bookmarked. Without this script the static
// pages still list every puzzle.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form || typeof PUZZLES === "undefined") return;
  var perPage = parseInt(document.body.getAttribute("data-per-page"), 10) || 500;
  var pageRows = document.getElementById("page-rows");
  var filteredRows = document.getElementById("filtered-rows");
  var filterPager = document.getElementById("filter-pager");
  var staticPagers = [document.getElementById("static-pager"), document.getElementById("static-pager-bottom")];
  var matches = document.getElementById("matches");
  // Columns of a PUZZLES row: the id, then the table's columns after the
  // picture, in order (the first five are filtered on).
  var ID = 0, KIND = 1, CLASS = 2, STATUS = 3, DATE = 4;
  var selects = { kind: KIND, "class": CLASS, status: STATUS };

  Object.keys(selects).forEach(function (name) {
    var seen = {};
    PUZZLES.forEach(function (p) { seen[p[selects[name]]] = true; });
    var select = form.elements[name];
    Object.keys(seen).sort(byClass).forEach(function (value) {
      var option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      select.appendChild(option);
    });
  });
  form.hidden = false;

  // "6x6 easy" before "10x10 easy": compare the leading numbers first.
  function byClass(a, b) {
    var na = parseInt(a, 10), nb = parseInt(b, 10);
    if (!isNaN(na) && !isNaN(nb) && na !== nb) return na - nb;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function readHash() {
    var state = { page: 0 };
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      if (!pair) return;
      var kv = pair.split("=");
      state[decodeURIComponent(kv[0])] = decodeURIComponent(kv[1] || "");
    });
    state.page = parseInt(state.page, 10) || 0;
    return state;
  }

  function writeHash(state) {
    var parts = [];
    ["kind", "class", "status", "from", "to"].forEach(function (k) {
      if (state[k]) parts.push(k + "=" + encodeURIComponent(state[k]));
    });
    if (parts.length && state.page) parts.push("page=" + state.page);
    var hash = parts.length ? "#" + parts.join("&") : "";
    if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname);
  }

  function formState() {
    var state = { page: 0 };
    ["kind", "class", "status", "from", "to"].forEach(function (k) { state[k] = form.elements[k].value; });
    return state;
  }

  function cell(text) {
    var td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  function render(state) {
    var active = ["kind", "class", "status", "from", "to"].some(function (k) { return state[k]; });
    pageRows.hidden = active;
    filteredRows.hidden = !active;
    filterPager.hidden = !active;
    staticPagers.forEach(function (p) { if (p) p.hidden = active; });
    if (!active) {
      matches.textContent = "";
      return;
    }
    var rows = PUZZLES.filter(function (p) {
      return (!state.kind || p[KIND] === state.kind) &&
        (!state["class"] || p[CLASS] === state["class"]) &&
        (!state.status || p[STATUS] === state.status) &&
        (!state.from || p[DATE] >= state.from) &&
        (!state.to || p[DATE] <= state.to);
    });
    var pages = Math.max(1, Math.ceil(rows.length / perPage));
    var page = Math.min(state.page, pages - 1);
    filteredRows.textContent = "";
    rows.slice(page * perPage, (page + 1) * perPage).forEach(function (p) {
      var tr = document.createElement("tr");
      var td = document.createElement("td");
      var a = document.createElement("a");
      a.href = "p/" + p[ID] + ".html";
      a.textContent = p[ID];
      td.appendChild(a);
      tr.appendChild(td);
      // The pictures are drawn in the static pages only.
      var thumb = cell("");
      thumb.className = "thumb";
      tr.appendChild(thumb);
      // The last field is the status cell's class, not a column.
      for (var k = 1; k < p.length - 1; k++) {
        var c = cell(p[k]);
        if (k === STATUS) c.className = p[p.length - 1];
        tr.appendChild(c);
      }
      filteredRows.appendChild(tr);
    });
    sortRows();
    matches.textContent = rows.length + " of " + PUZZLES.length + " match" + (pages > 1 ? ", page " + (page + 1) + " of " + pages : "");
    filterPager.textContent = "";
    [[page - 1, "\u2190 previous"], [page + 1, "next \u2192"]].forEach(function (link) {
      if (link[0] < 0 || link[0] >= pages) return;
      var a = document.createElement("a");
      a.href = "#";
      a.textContent = link[1];
      a.addEventListener("click", function (e) {
        e.preventDefault();
        var next = formState();
        next.page = link[0];
        writeHash(next);
        render(next);
      });
      filterPager.appendChild(a);
      filterPager.appendChild(document.createTextNode(" "));
    });
  }

  // Sorting: a click on a column's header sorts the rows shown by it, a
  // second click the other way. Numbers sort as numbers ("1,234" too).
  var sortedBy = -1, ascending = true;
  var headers = document.querySelectorAll("#puzzles thead th");

  function sortKey(td) {
    var text = td ? td.textContent.trim() : "";
    var number = text.replace(/,/g, "");
    return /^-?\d+(\.\d+)?$/.test(number) ? [0, parseFloat(number), ""] : [1, 0, text.toLowerCase()];
  }

  function sortRows() {
    if (sortedBy < 0) return;
    [pageRows, filteredRows].forEach(function (body) {
      var rows = Array.prototype.slice.call(body.rows);
      var keyed = rows.map(function (tr, i) { return [sortKey(tr.cells[sortedBy]), i, tr]; });
      keyed.sort(function (a, b) {
        var x = a[0], y = b[0];
        var order = x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
        return (ascending ? order : -order) || a[1] - b[1];
      });
      keyed.forEach(function (k) { body.appendChild(k[2]); });
    });
    Array.prototype.forEach.call(headers, function (th, i) {
      if (i === sortedBy) th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      else th.removeAttribute("aria-sort");
    });
  }

  Array.prototype.forEach.call(headers, function (th, i) {
    if (th.className === "thumb") return;
    th.classList.add("sortable");
    th.title = "Sort by this column";
    th.addEventListener("click", function () {
      ascending = sortedBy === i ? !ascending : true;
      sortedBy = i;
      sortRows();
    });
  });

  function apply() {
    var state = formState();
    writeHash(state);
    render(state);
  }

  form.addEventListener("change", apply);
  form.addEventListener("input", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });

  var initial = readHash();
  ["kind", "class", "status", "from", "to"].forEach(function (k) { if (initial[k]) form.elements[k].value = initial[k]; });
  render(initial);
})();
