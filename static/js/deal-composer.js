/* The trade composer (games/templates/games/_deals.html), made friendlier when scripts run.
 *
 * Without this file the composer is a plain form of drop-downs that posts by itself. With it:
 * − / + buttons step each count; what is asked shows only for the chosen partner (and only
 * up to what that partner holds: data-most-by="partner:most …"); and the trade is spelled
 * out in words before it is sent. The server checks everything again: this is comfort only.
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
      if (items.length) parts.push(items.join(", ") + " (" + group.getAttribute("data-term-label").toLowerCase() + ")");
    });
    return parts.join("; ");
  }

  function summarise(form) {
    var out = form.querySelector("[data-summary]");
    if (!out) return;
    var who = partner(form);
    var give = listed(form, "give");
    var get = listed(form, "get");
    var name = who ? who.name : "them";
    var send = form.querySelector(".deal-send");
    if (!give && !get) {
      out.textContent = "Nothing chosen yet: step up what you give and what you ask for.";
      if (send) send.disabled = true;
      return;
    }
    if (send) send.disabled = false;
    out.textContent = "You offer " + name + ": you give " + (give || "nothing") +
      ", and you get " + (get || "nothing") + " in return.";
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
