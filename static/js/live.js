// Live updates: one Server-Sent Events stream per page (<body data-live="…">). An event
// only names what changed (its channel, and a token naming the change); the page then
// fetches its own fragments as a poll would:
//   game  → the game page's poll element (#poll) asks for what changed, now;
//   seat  → the same, for what only this player sees changed (their own steps not yet
//           final, from another tab or device);
//   user  → the header's "My games (N)" count, the tab title and the favicon badge, and
//           any [data-live-refresh="user"] region ("my games");
//   lobby → any [data-live-refresh="lobby"] region (the lobby's tables).
// While the stream is open, window.silkroadLive is true and the game page's timed poll
// stands down (its requests are cancelled here; no eval, which the CSP forbids); when the
// stream drops it polls again, and the stream reconnects by itself. Without EventSource or JavaScript, polling (or a
// reload) does everything.
// A page's own move is answered with what it changed, and the answer names the change's
// token (header Silkroad-Pulse): the pulses with that token, which come on the game's,
// the player's and the seat's channels, are skipped, not asked about again. Pulses that
// come while a move is on its way wait for its answer. Another player's move is asked
// about once: its poll's answer redraws the header's count as well.
(function () {
  var url = document.body.dataset.live;
  var SAFETY_NET_MS = 30000;
  window.silkroadLive = false;
  if (!url || !window.EventSource) return;

  var refreshRegions = function (kind) {
    document.querySelectorAll('[data-live-refresh="' + kind + '"][id]').forEach(function (region) {
      var selector = "#" + region.id;
      htmx.ajax("GET", location.href, { target: selector, select: selector, swap: "outerHTML" });
    });
  };

  // A pulse marks the game page stale until a poll sent after it goes out. A poll
  // triggered while another request of the page is in flight is dropped (hx-sync keeps
  // an older answer from putting back an older board), and the end of a request is not
  // always announced (its element may have been swapped out), so a page still stale
  // asks again shortly: no pulse is lost to timing.
  var stale = false;
  var again = null;
  var lastAsked = Date.now();
  var askIfStale = function () {
    clearTimeout(again);
    if (!stale) return;
    var poll = document.getElementById("poll");
    if (!poll || !poll.getAttribute("hx-get")) return;
    htmx.trigger(poll, "live");
    again = setTimeout(askIfStale, 400);
  };
  var refreshGame = function () { stale = true; askIfStale(); };
  // While the stream is open the poll's timer mostly stands down: only pulses ask, and
  // the timer only if nothing asked for a while (a safety net, never the way news comes).
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!event.detail.elt || event.detail.elt.id !== "poll") return;
    var cause = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var byPulse = cause && cause.type === "live";
    if (window.silkroadLive && !byPulse && Date.now() - lastAsked < SAFETY_NET_MS) {
      event.preventDefault();
      return;
    }
    stale = false;
    lastAsked = Date.now();
  });

  var refreshCount = function () {
    var nav = document.getElementById("nav-mine");
    if (nav && document.body.dataset.waitingUrl) {
      htmx.ajax("GET", document.body.dataset.waitingUrl, { target: "#nav-mine", swap: "outerHTML" });
    }
  };

  // A change of this page's game pulses the game's channel, then the player's, with one
  // token: the poll the first one asks redraws the header's count too (the play area's
  // answer carries it), so the second need not ask for it again.
  var polledFor = [];
  var react = function (kind, token) {
    if (kind === "user") {
      if (!token || polledFor.indexOf(token) < 0) refreshCount();
      refreshRegions("user");
    } else if (kind === "lobby") {
      refreshRegions("lobby");
    } else {  // game, seat
      var poll = document.getElementById("poll");
      if (token && poll && poll.getAttribute("hx-get")) {
        polledFor.push(token);
        if (polledFor.length > 20) polledFor.shift();
      }
      refreshGame();
    }
  };
  var own = [];      // tokens of the changes this page's own answers showed (the latest)
  var held = [];     // pulses that came while a post of this page was on its way
  var posting = 0;
  var holdLimit = null;
  var release = function () {
    posting = 0;
    clearTimeout(holdLimit);
    var waiting = held;
    held = [];
    waiting.forEach(function (pulse) {
      if (own.indexOf(pulse.token) < 0) react(pulse.kind, pulse.token);
    });
  };
  var onPulse = function (event) {
    var token = String(event.data || "").split(" ")[1] || "";
    if (token && own.indexOf(token) >= 0) return;  // this page's own change, shown already
    if (posting) { held.push({ kind: event.type, token: token }); return; }
    react(event.type, token);
  };
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb === "get") return;
    posting += 1;
    clearTimeout(holdLimit);
    holdLimit = setTimeout(release, 5000);  // an answer never seen must not hold news long
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb === "get") return;
    var token = event.detail.xhr && event.detail.xhr.getResponseHeader("Silkroad-Pulse");
    if (token) {
      own.push(token);
      if (own.length > 20) own.shift();
    }
    posting = Math.max(0, posting - 1);
    if (!posting) release();
  });

  var source = null;
  var opened = false;
  var retryTimer = null;
  var connect = function () {
    if (source) source.close();
    var stream = source = new EventSource(url);
    stream.onopen = function () {
      window.silkroadLive = true;
      // Whatever happened between this page's rendering (or the last drop) and now is
      // asked for once; an answer of "nothing changed" costs a 204.
      refreshGame();
      if (opened) { refreshCount(); refreshRegions("user"); refreshRegions("lobby"); }
      opened = true;
    };
    stream.onerror = function () {
      if (stream !== source) return;  // an old stream, already replaced or given up
      window.silkroadLive = false;
      // EventSource retries by itself unless the server said "stop" or the connection
      // failed for good; then try again in a while, without a reload.
      if (stream.readyState === EventSource.CLOSED && !retryTimer) {
        retryTimer = setTimeout(function () {
          retryTimer = null;
          if (source === stream) connect();
        }, 15000);
      }
    };
    ["game", "seat", "user", "lobby"].forEach(function (kind) {
      stream.addEventListener(kind, onPulse);
    });
  };
  var disconnect = function () {
    if (source) source.close();
    source = null;
    window.silkroadLive = false;  // the timed poll takes over (browsers slow it down)
  };
  // A tab left in the background for a minute gives its stream up: browsers allow only a
  // few connections to one site, and many open tabs must not starve the visible one.
  var hiddenTimer = null;
  document.addEventListener("visibilitychange", function () {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === "hidden") {
      hiddenTimer = setTimeout(disconnect, 60000);
    } else if (!source) {
      connect();
    }
  });
  if (document.readyState !== "loading") connect();
  else document.addEventListener("DOMContentLoaded", connect);
  window.addEventListener("pagehide", disconnect);
})();

// The tab shows how many games wait for you: "(2) Silk Road #14 · Silkroad" and a badge
// on the favicon, kept in step with the header's count whenever it is swapped.
(function () {
  var icon = document.querySelector('link[rel="icon"]');
  var plainTitle = document.title.replace(/^\(\d+\) /, "");
  var plainIcon = icon ? icon.href : null;
  var iconSource = null;

  var badge = function (count) {
    if (!icon || !plainIcon) return;
    if (!count) { icon.href = plainIcon; return; }
    var draw = function (svg) {
      var label = count > 9 ? "9+" : String(count);
      var mark = '<circle cx="23" cy="9" r="9" fill="#b91c1c"/><text x="23" y="13" font-size="' +
        (label.length > 1 ? 10 : 12) + '" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">' +
        label + "</text></svg>";
      icon.href = "data:image/svg+xml," + encodeURIComponent(svg.replace("</svg>", mark));
    };
    if (iconSource) { draw(iconSource); return; }
    fetch(plainIcon).then(function (r) { return r.text(); }).then(function (svg) {
      iconSource = svg;
      draw(svg);
    }).catch(function () {});
  };

  var update = function () {
    var nav = document.getElementById("nav-mine");
    if (!nav) return;
    var count = Number(nav.dataset.count || 0);
    document.title = (count ? "(" + count + ") " : "") + plainTitle;
    badge(count);
  };
  document.addEventListener("htmx:afterSettle", update);
  if (document.readyState !== "loading") update();
  else document.addEventListener("DOMContentLoaded", update);
})();
