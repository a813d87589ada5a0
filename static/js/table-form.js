/* The new-table form (games/templates/games/create.html): only the seat selectors of the
 * chosen player count show. The server marks the seats past the count it rendered with
 * (class "past-count", hidden by site.css only where scripts run); this follows the
 * "Players" choice as it changes. Without JavaScript every selector stays visible and the
 * server ignores the seats past the table's size.
 * Loaded once by every page (templates/base.html); does nothing where there is no such form.
 */
(function () {
  "use strict";

  function follow(select) {
    var form = select.form;
    if (!form) return;
    var count = parseInt(select.value, 10);
    if (isNaN(count)) return;
    form.querySelectorAll("[data-seat]").forEach(function (field) {
      var past = parseInt(field.getAttribute("data-seat"), 10) > count;
      field.classList.toggle("past-count", past);
      field.hidden = past;
    });
  }

  var PLAYERS = "select[name='players']";

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches(PLAYERS)) follow(event.target);
  });

  // A form the browser filled in again (back button) may show another count than the
  // one the server rendered the seats for.
  document.querySelectorAll(PLAYERS).forEach(function (select) {
    if (select.form && select.form.querySelector("[data-seat]")) follow(select);
  });
})();
