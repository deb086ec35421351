(function () {
  "use strict";
  // The page's only script. Handlers are attached here: the page has no on* attributes.
  var labels = {};
  try {
    labels = JSON.parse(document.getElementById("corroborate-data").textContent).labels || {};
  } catch (error) {
    labels = {};
  }
  var statusBox = document.getElementById("status");
  var statusText = document.getElementById("status-text");
  var backButton = document.getElementById("status-back");
  var shown = [];
  var lastLink = null;

  function show(id) {
    if (!/^s[0-9]+$/.test(id)) { return false; }
    var target = document.getElementById(id);
    if (!target) { return false; }
    shown.forEach(function (element) { element.classList.remove("hl"); });
    shown = [target].concat(Array.prototype.slice.call(document.querySelectorAll('[data-part="' + id + '"]')));
    shown.forEach(function (element) { element.classList.add("hl"); });
    var details = target.closest("details");
    if (details) { details.open = true; }
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
    statusText.textContent = "Showing: " + (Object.prototype.hasOwnProperty.call(labels, id) ? labels[id] : "the linked words");
    backButton.hidden = !lastLink;
    statusBox.hidden = false;
    return true;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#s']") : null;
    if (!link) { return; }
    lastLink = link;
    var id = link.getAttribute("href").slice(1);
    if (location.hash === "#" + id) { show(id); }
  });
  window.addEventListener("hashchange", function () { show(location.hash.slice(1)); });
  backButton.addEventListener("click", function () {
    if (lastLink) {
      lastLink.scrollIntoView({ block: "center" });
      lastLink.focus();
    }
    statusBox.hidden = true;
  });
  // Print everything, the claims carried by one outlet included.
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) { d.open = true; });
  });
  if (location.hash) { show(location.hash.slice(1)); }
}());
