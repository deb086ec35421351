// Enhancement only: the pages work without it. While a job runs, poll its state and
// update the progress bar; reload when it ends. No inline script anywhere (CSP: 'self').
(function () {
  "use strict";
  // A link to a folded section (#claims) opens it.
  function openTarget() {
    var id = window.location.hash.slice(1);
    var node = id && document.getElementById(id);
    if (node && node.tagName === "DETAILS") node.open = true;
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
(function () {
  "use strict";
  var box = document.querySelector("[data-job]");
  if (!box) return;
  var state = box.getAttribute("data-state");
  if (state !== "queued" && state !== "running") return;
  var id = box.getAttribute("data-job");
  function set(selector, text) {
    var node = box.querySelector(selector);
    if (node) node.textContent = text;
  }
  function poll() {
    fetch("/api/analyses/" + encodeURIComponent(id), { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (job) {
        if (!job) { setTimeout(poll, 3000); return; }
        if (job.state === "done" || job.state === "failed") { window.location.reload(); return; }
        set("[data-stage]", job.stage);
        set("[data-done]", String(job.done));
        set("[data-total]", String(job.total));
        var bar = box.querySelector("[data-progress]");
        if (bar && job.total) { bar.max = job.total; bar.value = job.done; }
        setTimeout(poll, 1000);
      })
      .catch(function () { setTimeout(poll, 3000); });
  }
  setTimeout(poll, 500);
})();
