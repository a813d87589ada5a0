// The service worker of "your turn" notifications: shows the notice the site pushed
// (title, a line, the game's address) and opens or focuses the game when it is clicked.
self.addEventListener("push", function (event) {
  var notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch (e) { notice = {}; }
  event.waitUntil(self.registration.showNotification(notice.title || "Silkroad", {
    body: notice.body || "",
    tag: notice.tag || "silkroad",
    data: { url: notice.url || "/" },
    icon: "/static/img/favicon.svg",
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
    for (var i = 0; i < open.length; i++) {
      if (open[i].url === url && "focus" in open[i]) return open[i].focus();
    }
    return self.clients.openWindow(url);
  }));
});
