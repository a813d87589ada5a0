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

// Keyboard play. Enter and Space press a drawn target (the board's targets are
// role=button elements, not buttons, so the browser does not click them): here, not in
// an hx-trigger filter such as keydown[key=='Enter'], which htmx builds with eval and the
// site's Content-Security-Policy forbids (the filter then failed and every key, Tab
// included, sent the target's move). A held key presses once. When #play is swapped under
// the keyboard's focus (the player's own move, or another's arriving live), the focus goes
// back to the same control if it is still there, else to the board, never to the top of
// the page.
(function () {
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key !== " " && event.key !== "Enter") return;
    if (!target.matches || !target.matches("[role=button][hx-post]")) return;
    event.preventDefault();  // not a scroll
    if (event.repeat) return;
    // An SVG shape has no click(): send the event itself, which htmx listens for.
    target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  });
  var describe = function (element) {
    var action = element.form && element.form.querySelector("input[name=action]");
    if (action) return {action: action.value};
    if (element.getAttribute("aria-label")) return {label: element.getAttribute("aria-label")};
    return element.id ? {id: element.id} : {};
  };
  // The same control, where the player can see it (a choice may also sit in a closed
  // card's <details>, which cannot take the focus).
  var find = function (play, wanted) {
    if (wanted.id) return document.getElementById(wanted.id);
    var candidates = play.querySelectorAll(wanted.action ? "form input[name=action]" : "[aria-label]");
    for (var i = 0; i < candidates.length; i++) {
      var candidate = candidates[i];
      var control = wanted.action ? candidate.form.querySelector("button") : candidate;
      var same = wanted.action ? candidate.value === wanted.action
        : candidate.getAttribute("aria-label") === wanted.label;
      if (same && control && control.getClientRects().length) return control;
    }
    return null;
  };
  // Where the keyboard is in #play, kept from the last focus there until the player
  // moves it out of the play area. Losing the focus to a swap (or to a button disabled
  // while its request is in flight) fires no focusin, so it survives any number of swaps,
  // in any order: a live update landing just before or after the player's own answer
  // cannot make the page forget it.
  var wanted = null;
  document.addEventListener("focusin", function (event) {
    var play = document.getElementById("play");
    wanted = play && play.contains(event.target) ? describe(event.target) : null;
  });
  document.addEventListener("pointerdown", function (event) {
    var play = document.getElementById("play");
    if (!play || !play.contains(event.target)) wanted = null;  // a click elsewhere: let go
  });
  var restore = function () {
    var play = document.getElementById("play"), active = document.activeElement;
    if (!wanted || !play || (active && active !== document.body)) return;
    var keep = wanted, again = find(play, keep);
    if (again) again.focus({preventScroll: true});
    var board = document.getElementById("board");
    if (board && document.activeElement !== again) board.focus({preventScroll: true});
    wanted = keep;  // the same control, not the board the focus fell back to
  };
  // After every swap (an event on an element already swapped away again reaches
  // nobody, so each one checks), and after out-of-band swaps of #play by the poll.
  document.addEventListener("htmx:afterSettle", restore);
  document.addEventListener("htmx:oobAfterSwap", restore);
})();

// The others' moves are read out once by screen readers: after a swap, the log lines
// newer than any seen on this page, and not the player's own, go to #announcer.
(function () {
  var announcer = document.getElementById("announcer");
  if (!announcer) return;
  var newest = function () {
    var seqs = Array.from(document.querySelectorAll(".log-lines li[data-seq]"), function (li) {
      return Number(li.dataset.seq);
    });
    return seqs.length ? Math.max.apply(null, seqs) : 0;
  };
  var seen = newest();
  document.addEventListener("htmx:afterSettle", function () {
    var lines = Array.from(document.querySelectorAll(".log-lines li[data-seq]:not([data-mine])"))
      .filter(function (li) { return Number(li.dataset.seq) > seen; })
      .reverse()  // the log is newest first; read them in the order they happened
      .map(function (li) { return li.textContent.trim(); });
    seen = Math.max(seen, newest());
    if (lines.length) announcer.textContent = lines.join(" ");
  });
})();

// Side panels (the rules beside the board): a link with data-panel opens the panel it
// names, which HTMX fills (without JavaScript the link opens the rules page); Close or
// Escape shuts it and gives the focus back to the link.
(function () {
  var opener = null;
  var shut = function (panel) {
    if (!panel || panel.hidden) return;
    panel.hidden = true;
    if (opener) opener.focus();
  };
  document.addEventListener("click", function (event) {
    var link = event.target.closest("[data-panel]");
    var panel = link && document.getElementById(link.dataset.panel);
    if (panel) {
      opener = link;
      panel.hidden = false;
      var title = panel.querySelector("h2");
      if (title) title.focus();
      return;
    }
    var close = event.target.closest("[data-close-panel]");
    if (close) shut(close.closest(".side-panel"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") document.querySelectorAll(".side-panel:not([hidden])").forEach(shut);
  });
})();

// A long press on a shortened card (.tip-host) shows its full text: the press focuses the
// card (or its target), and its tip shows on :focus-within as it does for the keyboard.
// The browser's own menu for the press is not opened over it. A short tap is untouched.
(function () {
  var timer = null, pressed = false;
  var stop = function () { clearTimeout(timer); timer = null; };
  document.addEventListener("pointerdown", function (event) {
    stop();
    pressed = false;
    var host = event.pointerType === "touch" && event.target.closest && event.target.closest(".tip-host");
    if (!host) return;
    var focusable = host.matches("[tabindex]") ? host : host.querySelector("[tabindex], summary");
    if (!focusable) return;
    timer = setTimeout(function () {
      pressed = true;
      focusable.focus({preventScroll: true});
    }, 450);
  });
  document.addEventListener("pointerup", stop);
  document.addEventListener("pointercancel", stop);  // the finger scrolls the page instead
  document.addEventListener("contextmenu", function (event) {
    if (pressed && event.target.closest && event.target.closest(".tip-host")) event.preventDefault();
  });
})();
