/* The trade composer (games/jinja2/games/_deals.jinja), made friendlier when scripts run.
 *
 * Without this file the composer is a plain form of drop-downs that posts by itself. With it:
 * − / + buttons step each count; what is asked shows only for the chosen partner (and only
 * up to what that partner holds: data-most-by="partner:most …"); and the trade is spelled
 * out in words before it is sent, with the promise in words when there is one. The server checks everything again: this is comfort only.
 * Loaded once by every page (templates/base.html); it listens on the document, so
 * composers swapped in later are set up too.
 */
(function () {
  "use strict";

  function partner(form) {
    var chosen = form.querySelector("input[name='deal-to']:checked");
    return chosen ? {value: chosen.value, name: chosen.getAttribute("data-name") || "them"} : null;
  }

  function mostFor(stepper, who) {
    var text = stepper.getAttribute("data-most-by");
    if (!text || !who) return null;
    var found = 0;
    text.split(" ").forEach(function (pair) {
      var bits = pair.split(":");
      if (bits[0] === who.value) found = parseInt(bits[1], 10) || 0;
    });
    return found;
  }

  function limit(form) {
    var who = partner(form);
    form.querySelectorAll(".stepper[data-most-by]").forEach(function (stepper) {
      var most = mostFor(stepper, who);
      if (most === null) return;
      var select = stepper.querySelector("select");
      Array.prototype.forEach.call(select.options, function (option) {
        option.disabled = parseInt(option.value, 10) > most;
      });
      if (parseInt(select.value, 10) > most) select.value = String(most);
      stepper.hidden = most === 0;
      var shown = stepper.querySelector("[data-most]");
      if (shown) shown.textContent = String(most);
    });
    form.querySelectorAll(".deal-group").forEach(function (group) {
      group.hidden = !group.querySelector(".stepper:not([hidden])");
    });
  }

  function listed(form, side) {
    var parts = [];
    form.querySelectorAll(".deal-side[data-side='" + side + "'] .deal-group").forEach(function (group) {
      var items = [];
      group.querySelectorAll(".stepper:not([hidden])").forEach(function (stepper) {
        var count = parseInt(stepper.querySelector("select").value, 10) || 0;
        if (count) items.push(count + " " + stepper.getAttribute("data-label"));
      });
      var label = group.getAttribute("data-term-label");
      if (/^en/.test(document.documentElement.lang)) label = label.toLowerCase(); // not German nouns
      if (items.length) parts.push(items.join(", ") + " (" + label + ")");
    });
    return parts.join("; ");
  }

  function summarise(form) {
    var out = form.querySelector("[data-summary]");
    if (!out) return;
    // The sentences come from the page, in the reader's language; English if missing.
    var say = function (key, english) { return out.getAttribute("data-" + key) || english; };
    var who = partner(form);
    var nothing = say("nothing", "nothing");
    var give = listed(form, "give");
    var get = listed(form, "get");
    var name = who ? who.name : say("them", "them");
    var send = form.querySelector(".deal-send");
    if (!give && !get) {
      out.textContent = say("empty", "Nothing chosen yet: step up what you give and what you ask for.");
      if (send) send.disabled = true;
      return;
    }
    if (send) send.disabled = false;
    var text = say("offer", "You offer {name}: you give {give}, and you get {get} in return.")
      .replace("{name}", name).replace("{give}", give || nothing).replace("{get}", get || nothing);
    var note = form.querySelector("input[name='deal-note']");
    if (note && note.value.trim()) {
      text += " " + say("promise", "Your promise (not enforced): {note}").replace("{note}", note.value.trim());
    }
    out.textContent = text;
  }

  function refresh(root) {
    (root || document).querySelectorAll("form[data-composer]").forEach(function (form) {
      form.querySelectorAll(".stepper-step[hidden]").forEach(function (button) { button.hidden = false; });
      limit(form);
      summarise(form);
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".stepper-step");
    if (!button) return;
    var select = button.closest(".stepper").querySelector("select");
    var step = parseInt(button.getAttribute("data-step"), 10);
    var index = select.selectedIndex + step;
    while (index >= 0 && index < select.options.length && select.options[index].disabled) index += step;
    if (index >= 0 && index < select.options.length) select.selectedIndex = index;
    var form = button.closest("form");
    limit(form);
    summarise(form);
  });
  document.addEventListener("input", function (event) {
    if (!event.target.matches || !event.target.matches("input[name='deal-note']")) return;
    summarise(event.target.closest("form"));
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-composer]");
    if (!form) return;
    limit(form);
    summarise(form);
  });
  document.addEventListener("htmx:afterSettle", function () { refresh(); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { refresh(); });
  } else {
    refresh();
  }
})();
