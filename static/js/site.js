// Copy buttons (data-copy="#selector"); everything else works without JavaScript.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.dataset.copy);
  if (!field) return;
  field.select();
  const done = () => { button.textContent = "Copied"; };
  if (navigator.clipboard) {
    navigator.clipboard.writeText(field.value).then(done, () => document.execCommand("copy") && done());
  } else if (document.execCommand("copy")) {
    done();
  }
});

// Time zones: fills the browser's zone into [data-browser-timezone] inputs (the hidden
// sign-up field) and offers it on [data-suggest-timezone] buttons next to a zone select.
// Without JavaScript nothing changes: the select keeps working.
(function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  if (!zone) return;
  document.querySelectorAll("[data-browser-timezone]").forEach(function (input) {
    if (!input.value) input.value = zone;
  });
  document.querySelectorAll("[data-suggest-timezone]").forEach(function (button) {
    var select = document.getElementById(button.dataset.suggestTimezone);
    if (!select || select.value === zone) return;
    if (!Array.prototype.some.call(select.options, function (o) { return o.value === zone; })) return;
    button.querySelector("[data-zone]").textContent = zone.replace(/_/g, " ");
    button.hidden = false;
    button.addEventListener("click", function () {
      select.value = zone;
      button.hidden = true;
    });
  });
})();

// Replays: ← and → step through the moves; the slider jumps when released. Without
// JavaScript the links and the slider's "Go" button do the same.
(function () {
  var slider = document.querySelector("[data-replay-slider]");
  if (!slider) return;
  var go = function (move) {
    var url = new URL(location.href);
    url.searchParams.set("move", String(move));
    location.assign(url.toString());
  };
  slider.addEventListener("change", function () { go(slider.value); });
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea") && event.target !== slider) return;
    var now = Number(slider.value), last = Number(slider.max);
    if (event.key === "ArrowLeft" && now > 0) { event.preventDefault(); go(now - 1); }
    if (event.key === "ArrowRight" && now < last) { event.preventDefault(); go(now + 1); }
  });
})();

// A double click sends once: the button that sent a form is disabled until the answer
// comes (HTMX) or, for a plain post, until the next page loads; after 8 s it comes back
// anyway, in case the answer never does. Disabled after the form's data is taken.
(function () {
  var release = function (button) {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  };
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (!button || button.form !== event.target) return;
    setTimeout(function () {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      setTimeout(function () { release(button); }, 8000);
    }, 0);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail && event.detail.elt && event.detail.elt.closest("form");
    if (form) form.querySelectorAll("button[aria-busy]").forEach(release);
  });
})();

// A panel the player opened stays open when the board around it is swapped: another
// player's move arriving must not close the resign confirmation or the travel planner
// under the player's finger. Only <details> with an id take part.
(function () {
  var open = {};
  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (box.tagName === "DETAILS" && box.id) open[box.id] = box.open;
  }, true);  // toggle does not bubble: listen while it travels down
  document.addEventListener("htmx:afterSettle", function () {
    Object.keys(open).forEach(function (id) {
      var box = document.getElementById(id);
      if (box && box.open !== open[id]) box.open = open[id];
    });
  });
})();
