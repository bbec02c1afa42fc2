// The web companion's behaviour: pan and pinch the map, notice a new phase, filter the
// log by unit, step a finished game's replay. No framework; served as a file so the
// Content-Security-Policy can forbid inline script. The page works without it.
(function () {
  "use strict";

  function mapControls(frame) {
    var svg = frame.querySelector("svg");
    if (!svg) { return; }
    var full = svg.viewBox.baseVal;
    var X = full.x, Y = full.y, W = full.width, H = full.height;
    var box = { x: X, y: Y, w: W, h: H };
    var points = new Map();
    svg.removeAttribute("width");
    svg.removeAttribute("height");

    function apply() {
      svg.setAttribute("viewBox", box.x + " " + box.y + " " + box.w + " " + box.h);
      frame.dataset.zoom = (W / box.w).toFixed(2);
    }
    function clamp() {
      box.w = Math.min(W, Math.max(W / 16, box.w));
      box.h = box.w * H / W;
      box.x = Math.min(Math.max(X, box.x), X + W - box.w);
      box.y = Math.min(Math.max(Y, box.y), Y + H - box.h);
    }
    function toMap(clientX, clientY) {
      var r = svg.getBoundingClientRect();
      return { x: box.x + (clientX - r.left) / r.width * box.w,
               y: box.y + (clientY - r.top) / r.height * box.h };
    }
    function zoomAt(factor, at) {
      var width = box.w / factor;
      var scale = width / box.w;
      box.x = at.x - (at.x - box.x) * scale;
      box.y = at.y - (at.y - box.y) * scale;
      box.w = width;
      clamp();
      apply();
    }
    function centre() {
      return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    }
    svg.addEventListener("pointerdown", function (e) {
      svg.setPointerCapture(e.pointerId);
      points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    });
    svg.addEventListener("pointermove", function (e) {
      var before = points.get(e.pointerId);
      if (!before) { return; }
      var now = { x: e.clientX, y: e.clientY };
      if (points.size === 1) {
        var r = svg.getBoundingClientRect();
        box.x -= (now.x - before.x) / r.width * box.w;
        box.y -= (now.y - before.y) / r.height * box.h;
        clamp();
        apply();
      } else if (points.size === 2) {
        var other = null;
        points.forEach(function (p, id) { if (id !== e.pointerId) { other = p; } });
        var was = Math.hypot(before.x - other.x, before.y - other.y);
        var is = Math.hypot(now.x - other.x, now.y - other.y);
        if (was > 0) { zoomAt(is / was, toMap((now.x + other.x) / 2, (now.y + other.y) / 2)); }
      }
      points.set(e.pointerId, now);
    });
    function lift(e) { points.delete(e.pointerId); }
    svg.addEventListener("pointerup", lift);
    svg.addEventListener("pointercancel", lift);
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      zoomAt(e.deltaY < 0 ? 1.25 : 0.8, toMap(e.clientX, e.clientY));
    }, { passive: false });
    var tools = frame.parentElement.querySelectorAll("[data-zoom]");
    tools.forEach(function (button) {
      button.addEventListener("click", function () {
        var what = button.dataset.zoom;
        if (what === "in") { zoomAt(1.5, centre()); }
        else if (what === "out") { zoomAt(1 / 1.5, centre()); }
        else { box = { x: X, y: Y, w: W, h: H }; apply(); }
      });
    });
    apply();
  }

  function pollPhase() {
    var body = document.body;
    var address = body.dataset.poll;
    var notice = document.getElementById("notice");
    if (!address || !notice) { return; }
    function ask() {
      fetch(address, { cache: "no-store", credentials: "omit" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (answer) {
          if (answer && answer.stamp !== body.dataset.stamp) {
            notice.hidden = false;
            body.dataset.newPhase = answer.stamp;
          } else { setTimeout(ask, 1500); }
        })
        .catch(function () { setTimeout(ask, 5000); });
    }
    setTimeout(ask, 1500);
  }

  function unitFilter() {
    var select = document.getElementById("unit-filter");
    if (!select) { return; }
    select.addEventListener("change", function () {
      var unit = select.value;
      document.querySelectorAll(".log li[data-units]").forEach(function (line) {
        line.hidden = unit !== "" && line.dataset.units.split(" ").indexOf(unit) < 0;
      });
    });
  }

  function localTimes(root) {
    root.querySelectorAll("time[datetime]").forEach(function (t) {
      t.textContent = new Date(t.getAttribute("datetime")).toLocaleString();
    });
  }

  function scrubber() {
    var range = document.getElementById("scrubber");
    if (!range) { return; }
    var label = document.getElementById("step-label");
    var holder = document.getElementById("replay-step");
    range.addEventListener("input", function () {
      var number = range.value;
      label.textContent = number + "/" + range.max;
      fetch(range.dataset.fragment + number, { cache: "no-store", credentials: "omit" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          if (range.value !== number) { return; }
          holder.innerHTML = html;
          holder.dataset.step = number;
          mapControls(holder.querySelector(".map-frame"));
          history.replaceState(null, "", "?phase=" + number);
        });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".map-frame").forEach(mapControls);
    pollPhase();
    unitFilter();
    localTimes(document);
    scrubber();
  });
})();
