// Comfort on top of plain pages: the dashboard works without this file (every action is a form,
// every selection a link). Here: the synthesis box ready on arrival, focus after swaps, the
// selected edge highlighted, full texts of the graph, keyboard shortcuts, live refresh when another
// process writes, bulk buttons that follow the ticks.
(function () {
  "use strict";

  function typing(element) {
    if (!element) return false;
    var tag = element.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || element.isContentEditable;
  }

  // ------------------------------------------------------------ the synthesis box, ready

  // The box is focused when the page (or the next contradiction) arrives, but stays "armed" until
  // the person types or clicks into it: while armed and empty, the walking keys (n, p, …) still walk.
  var ARMED_KEYS = { n: 1, j: 1, p: 1, k: 1, s: 1, "?": 1, "/": 1 };
  var touchScreen = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

  function armed(element) {
    return element && element.hasAttribute && element.hasAttribute("data-armed") && !element.value;
  }

  function disarm(event) {
    if (event.target && event.target.removeAttribute) event.target.removeAttribute("data-armed");
  }
  document.addEventListener("input", disarm);
  document.addEventListener("mousedown", function (event) {
    if (event.target && event.target.hasAttribute && event.target.hasAttribute("data-armed")) disarm(event);
  });

  function focusSynthesisBox() {
    var box = document.querySelector("#panel [data-autofocus]");
    if (!box || touchScreen) return false;  // a phone's keyboard would cover the two sides
    var active = document.activeElement;
    if (active && active !== document.body && active !== box && typing(active)) return false;  // someone is typing
    box.setAttribute("data-armed", "");
    box.focus({ preventScroll: true });
    return true;
  }

  function bringDecisionIntoView() {
    var panel = document.getElementById("panel");
    if (!panel) return;
    var top = panel.getBoundingClientRect().top;
    var button = panel.querySelector(".synthesis-form [type=submit]");
    var bottom = button ? button.getBoundingClientRect().bottom : top;
    if (top < 0 || bottom > window.innerHeight) window.scrollTo({ top: Math.max(0, window.scrollY + top - 72) });
  }

  // ------------------------------------------------------------ selection in the graph

  function markSelection() {
    var panel = document.getElementById("panel");
    var selected = panel ? panel.getAttribute("data-edge-id") : null;
    document.querySelectorAll(".graph-edge[data-edge-id]").forEach(function (el) {
      el.classList.toggle("is-selected", el.getAttribute("data-edge-id") === selected);
    });
    var node = panel ? panel.getAttribute("data-node-id") : null;
    document.querySelectorAll(".graph-node[data-entry-id]").forEach(function (el) {
      el.classList.toggle("is-selected", el.getAttribute("data-entry-id") === node);
    });
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "panel") {
      var panel = document.getElementById("panel");
      if (panel) panel.focus({ preventScroll: false });
    } else if (target && target.id === "workspace") {
      // after a resolution the next contradiction is in the panel: show it and make it ready
      bringDecisionIntoView();
      if (!focusSynthesisBox()) {
        var next = document.getElementById("panel");
        if (next) next.focus({ preventScroll: true });
      }
    }
    markSelection();
    updateBulkButtons();
  });

  function showFullText(event) {
    var item = event.target.closest && event.target.closest(".graph-edge, .graph-node");
    var title = item && item.querySelector("title");
    var caption = document.getElementById("graph-caption");
    if (title && caption) caption.textContent = title.textContent;
  }
  document.addEventListener("mouseover", showFullText);
  document.addEventListener("focusin", showFullText);

  // ------------------------------------------------------------ filters

  // Filter forms send only the filters that are set, so pushed URLs stay short and readable.
  document.addEventListener("htmx:configRequest", function (event) {
    var data = event.detail.formData;
    if (event.detail.verb !== "get" || !data) return;
    Array.from(data.keys()).forEach(function (key) {
      if (data.get(key) === "") data.delete(key);
    });
  });

  // A new entry that was added leaves an empty box for the next one.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt && event.detail.elt.id === "add-entry" && event.detail.successful) {
      var box = document.getElementById("new-entry");
      if (box) box.focus();
    }
  });

  // ------------------------------------------------------------ bulk buttons

  function updateBulkButtons() {
    document.querySelectorAll("form.bulk-bar").forEach(function (form) {
      var ticked = document.querySelectorAll('input[type="checkbox"][form="' + form.id + '"]:checked').length;
      form.querySelectorAll('button[type="submit"]').forEach(function (button) {
        button.disabled = ticked === 0;
        button.title = ticked === 0 ? "Tick at least one row first" : "";
      });
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches('input[type="checkbox"][form]')) updateBulkButtons();
  });

  // ------------------------------------------------------------ keyboard

  var pendingG = false;
  var GO = { o: "overview", t: "entries", c: "contradictions", r: "verification", p: "promotions", h: "archive" };

  function clickShortcut(key) {
    var scope = document.getElementById("panel") || document;
    var link = scope.querySelector('[data-shortcut="' + key + '"]');
    if (!link) return false;
    // A key pressed right after a swap can meet a link htmx has not set up yet: set it up first
    // (idempotent), or the click would be a full page load.
    if (window.htmx) window.htmx.process(link);
    link.click();
    return true;
  }

  function toggleShortcuts() {
    var dialog = document.getElementById("shortcuts");
    if (!dialog) return;
    if (dialog.open) dialog.close(); else dialog.showModal();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (typing(event.target) && !(armed(event.target) && ARMED_KEYS[event.key])) return;
    var key = event.key;
    if (pendingG) {
      pendingG = false;
      var section = GO[key] && document.querySelector('[data-nav="' + GO[key] + '"]');
      if (key === "h") section = document.querySelectorAll('[data-nav="archive"]')[1] || section;
      if (section) { event.preventDefault(); section.click(); }
      return;
    }
    if (key === "?") { event.preventDefault(); toggleShortcuts(); return; }
    if (document.getElementById("shortcuts") && document.getElementById("shortcuts").open) return;
    if (key === "/") {
      var search = document.getElementById("topbar-q");
      if (search) { event.preventDefault(); search.focus(); search.select(); }
    } else if (key === "n" || key === "j") {
      if (clickShortcut("n")) event.preventDefault();
    } else if (key === "p" || key === "k") {
      if (clickShortcut("p")) event.preventDefault();
    } else if (key === "s") {
      var box = document.getElementById("synthesis-text");
      if (box) { event.preventDefault(); box.removeAttribute("data-armed"); box.focus(); }
    } else if (key === "u") {
      var undo = document.querySelector('#flash [data-shortcut="u"]');
      if (undo) { event.preventDefault(); undo.click(); }
    } else if (key === "g") {
      pendingG = true;
      setTimeout(function () { pendingG = false; }, 1500);
    }
  });

  // ------------------------------------------------------------ live updates

  var POLL_MS = 2000;
  var lastStamp = null;
  var busy = 0;
  var ownWrite = false;  // the page already shows what its own request changed
  document.addEventListener("htmx:beforeRequest", function () { busy += 1; });
  document.addEventListener("htmx:afterRequest", function (event) {
    busy = Math.max(0, busy - 1);
    if (event.detail.requestConfig && event.detail.requestConfig.verb !== "get") ownWrite = true;
  });

  function hasDraft(element) {
    var active = document.activeElement;
    if (element.contains(active) && active !== document.body && !armed(active)) return true;
    return Array.prototype.some.call(element.querySelectorAll("textarea, input"), function (field) {
      if (field.type === "hidden" || field.type === "search") return false;
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      return field.value !== field.defaultValue;
    }) || element.querySelector("details.revise[open], .entry-card--editing") !== null;
  }

  function refreshFrom(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var wasArmed = armed(document.activeElement);
    var swapped = [];
    ["sections-nav"].concat(Array.prototype.map.call(document.querySelectorAll("[data-live][id]"), function (el) { return el.id; }))
      .forEach(function (id) {
        var current = document.getElementById(id);
        var next = fresh.getElementById(id);
        if (!current || !next || hasDraft(current) || current.outerHTML === next.outerHTML) return;
        var imported = document.importNode(next, true);
        current.replaceWith(imported);
        swapped.push(imported);
      });
    swapped.forEach(function (el) { if (window.htmx) window.htmx.process(el); });
    if (wasArmed && !document.querySelector("[data-armed]")) focusSynthesisBox();
    if (swapped.length) {
      markSelection();
      updateBulkButtons();
      document.body.setAttribute("data-refreshed", String(Date.now()));
    }
  }

  function poll() {
    var url = document.body.getAttribute("data-stamp-url");
    if (!url || document.hidden || busy || document.body.hasAttribute("data-live-paused")) return;
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data) return;
        if (ownWrite) { ownWrite = false; lastStamp = data.stamp; return; }
        if (lastStamp !== null && data.stamp !== lastStamp) {
          return fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
            .then(function (response) { return response.ok ? response.text() : null; })
            .then(function (html) {
              // paused while this poll was in flight: nothing swapped, the change found again later
              if (document.body.hasAttribute("data-live-paused")) return;
              if (html) refreshFrom(html);
              lastStamp = data.stamp;
            });
        }
        lastStamp = data.stamp;
      })
      .catch(function () { /* the server is gone or restarting: try again at the next tick */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    lastStamp = document.body.getAttribute("data-stamp");
    focusSynthesisBox();
    markSelection();
    updateBulkButtons();
    var opener = document.querySelector("[data-shortcuts-open]");
    if (opener) {
      opener.hidden = false;
      opener.addEventListener("click", toggleShortcuts);
    }
    poll();
    setInterval(poll, POLL_MS);
  });
})();
