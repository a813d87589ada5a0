// "Notifications on this device" (Settings): subscribes this browser to Web Push with the
// site's VAPID key and tells the site, or takes the subscription back. The service worker
// (push-sw.js) shows each notice and opens the game when it is clicked.
(function () {
  var box = document.getElementById("push");
  if (!box) return;
  var on = box.querySelector("[data-push-on]");
  var off = box.querySelector("[data-push-off]");
  var status = box.querySelector("[data-push-status]");
  var say = function (text) { status.textContent = text; };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.Notification) {
    say("This browser cannot show notifications from a site.");
    return;
  }
  var csrf = function () {
    var headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    return headers["X-CSRFToken"] || "";
  };
  var post = function (url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
    }).then(function (response) {
      if (!response.ok) throw new Error("the site said " + response.status);
      return response.json();
    });
  };
  var key = function () {
    var base64 = box.dataset.pushKey.replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(base64 + "=".repeat((4 - base64.length % 4) % 4));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  };
  var show = function (subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
  };
  var ready = navigator.serviceWorker.register(box.dataset.pushWorker).then(function () {
    return navigator.serviceWorker.ready;
  });
  ready.then(function (registration) { return registration.pushManager.getSubscription(); })
    .then(function (subscription) {
      show(!!subscription);
      if (Notification.permission === "denied") say("Notifications are blocked for this site in your browser's settings.");
    })
    .catch(function () { say("Notifications cannot be set up in this browser."); });

  on.addEventListener("click", function () {
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { say("Notifications were not allowed."); return null; }
      return ready.then(function (registration) {
        return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key() });
      }).then(function (subscription) {
        return post(box.dataset.pushSubscribe, subscription.toJSON());
      }).then(function () { show(true); say("This device will be told when it is your move."); });
    }).catch(function (error) { say("That did not work: " + error.message); });
  });

  off.addEventListener("click", function () {
    ready.then(function (registration) { return registration.pushManager.getSubscription(); })
      .then(function (subscription) {
        if (!subscription) return null;
        return post(box.dataset.pushUnsubscribe, { endpoint: subscription.endpoint })
          .then(function () { return subscription.unsubscribe(); });
      })
      .then(function () { show(false); say("This device will not be notified any more."); })
      .catch(function (error) { say("That did not work: " + error.message); });
  });
})();
