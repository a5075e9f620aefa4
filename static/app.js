// The few behaviours htmx attributes do not cover. No inline script anywhere:
// the pages' Content-Security-Policy forbids it, so everything lives here.
"use strict";

function errorRegion(elt) {
  const owner = elt && elt.closest ? elt.closest("[data-errors]") : null;
  return (owner && document.querySelector(owner.dataset.errors)) || document.getElementById("flash");
}

function showError(elt, message) {
  const region = errorRegion(elt);
  const note = document.createElement("p");
  note.className = "error";
  note.setAttribute("role", "alert");
  note.textContent = message;
  region.replaceChildren(note);
  region.hidden = false;
}

document.addEventListener("click", (event) => {
  const opener = event.target.closest("[data-opens]");
  if (opener) {
    document.getElementById(opener.dataset.opens).showModal();
  }
  const closer = event.target.closest("[data-closes]");
  if (closer && closer.closest("dialog")) {
    closer.closest("dialog").close();
  }
});

// Refuse an oversized file before sending 20 MB the server would refuse anyway.
document.addEventListener("htmx:beforeRequest", (event) => {
  const form = event.detail.elt;
  if (!form.matches("form[data-max-bytes]")) return;
  const input = form.querySelector("input[type=file]");
  const file = input && input.files[0];
  const limit = Number(form.dataset.maxBytes);
  if (file && file.size > limit) {
    event.preventDefault();
    showError(form, `${file.name} is larger than ${Math.round(limit / 1048576)} MB, the upload limit.`);
  }
});

// 4xx answers carry their own message and are swapped in; these are the rest.
document.addEventListener("htmx:responseError", (event) => {
  if (event.detail.elt.hasAttribute("hx-trigger")) return; // a polling pill tries again by itself
  const retryAfter = event.detail.xhr.getResponseHeader("Retry-After");
  showError(event.detail.elt, retryAfter
    ? `The server is busy; try again in ${retryAfter} seconds.`
    : "The server had a problem with that request; try again in a moment.");
});

document.addEventListener("htmx:sendError", (event) => {
  if (event.detail.elt.hasAttribute("hx-trigger")) return;
  showError(event.detail.elt, "The server could not be reached. Check the connection and try again.");
});

// A confirmation dialog filled by htmx (e.g. "Retry 37 dead batches?") opens once its content arrives.
document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  const dialog = target && target.closest ? target.closest("dialog") : null;
  if (dialog && !dialog.open) {
    dialog.showModal();
    const first = dialog.querySelector("[autofocus]");
    if (first) first.focus();
  }
});

// ...and closes when the form inside it has done its work.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt.closest("[data-closes-dialog]");
  if (form && event.detail.successful) {
    const dialog = form.closest("dialog");
    if (dialog && dialog.open) dialog.close();
  }
});

// Plain forms that need a second thought before they change anything.
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-confirm]");
  const asks = !(event.submitter && event.submitter.hasAttribute("data-no-confirm"));
  if (form && asks && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);

// Escape leaves an inline edit without saving. Asked of htmx directly rather than
// by clicking Cancel, so it works even before htmx has wired up a just-swapped form.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const editing = event.target.closest && event.target.closest(".editing");
  const cancel = editing && editing.querySelector("[data-cancel]");
  if (cancel) {
    event.preventDefault();
    htmx.ajax("GET", cancel.getAttribute("hx-get"), { source: cancel, target: editing, swap: "outerHTML" });
  }
});

// A token shown once: select it all on focus, ready to copy.
document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches("[data-select-on-focus]")) event.target.select();
});

// A form swapped in a moment ago may not be wired up by htmx yet. Its submit must
// still go through htmx, never fall back to a plain GET of the page that would
// lose what was typed.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || !form.matches("form[hx-post], form[hx-get]")) return;
  event.preventDefault();
  htmx.process(form);
  htmx.trigger(form, "submit");
});

// A list marked data-latest-only shows the answer to the last thing a person asked of it (a
// sort, a filter, a heading, a page link). An answer to anything asked before that is set
// aside, neither swapped in nor put in the address bar, so a slow answer never undoes a later
// choice. Asks are numbered when made, not when sent: htmx holds an ask made while another is
// on its way (hx-sync) until that one is answered. Nothing is aborted: the console reports it.
let asks = 0;
const askNumbers = new WeakMap(); // the event that asked -> its number
const lastAsks = new Map(); // a list's id -> the number of the last ask for it
const answersTo = new WeakMap(); // a request -> the number of the ask it answers

function latestOnlyList(target) {
  return target instanceof Element && target.hasAttribute("data-latest-only") ? target.id : null;
}

// htmx raises this for every ask, before it decides whether to send it now or later.
document.addEventListener("htmx:confirm", (event) => {
  const list = latestOnlyList(event.detail.target);
  const ask = event.detail.triggeringEvent;
  if (list && ask && !askNumbers.has(ask)) {
    askNumbers.set(ask, ++asks);
    lastAsks.set(list, asks);
  }
});

function setAsideEarlierAnswer(event) {
  const number = answersTo.get(event.detail.xhr);
  if (number !== undefined && number < lastAsks.get(event.detail.target.id)) event.preventDefault();
}

document.addEventListener("htmx:beforeSend", (event) => {
  const { elt, target, xhr, requestConfig } = event.detail;
  const number = askNumbers.get(requestConfig.triggeringEvent);
  if (!latestOnlyList(target) || number === undefined) return;
  answersTo.set(xhr, number);
  // On the asking element itself: a heading or page link is off the page (its events reach
  // no document listener) once a later answer has replaced the list around it.
  elt.addEventListener("htmx:beforeOnLoad", setAsideEarlierAnswer);
});
