// Keyboard and screen-reader comfort after htmx swaps; the dashboard works without this file.
document.addEventListener("htmx:afterSwap", function (event) {
  var target = event.detail.target;
  if (target && target.id === "panel") {
    var panel = document.getElementById("panel");
    if (panel) panel.focus({ preventScroll: false });
  }
});

// Filter forms send only the filters that are set, so pushed URLs stay short and readable.
document.addEventListener("htmx:configRequest", function (event) {
  var data = event.detail.formData;
  if (event.detail.verb !== "get" || !data) return;
  Array.from(data.keys()).forEach(function (key) {
    if (data.get(key) === "") data.delete(key);
  });
});
