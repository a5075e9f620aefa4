// A pile of documents in one go: chosen in the dialog or dropped on the page. The server
// takes one file per upload, so each file is its own request, at most three at a time,
// and has its own row: its live pill once it is in, or why it was refused. A line above
// the rows sums them up. Runs under the pages' Content-Security-Policy: no inline script.
"use strict";

const AT_ONCE = 3;
// The row's state, from its pill's class, in the summary's words and order.
const SUMMARY = [
  ["processed", "imported"],
  ["dead", "need attention"],
  ["refused", "refused"],
  ["failed", "to be tried again"],
  ["discarded", "discarded"],
  ["pending", "reading"],
  ["processing", "reading"],
  ["sending", "sending"],
];

let sending = 0;

function uploadForm() {
  return document.querySelector("form[data-upload-list]");
}

function csrfToken() {
  return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || "";
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

function newRow(file) {
  const row = element("li", "upload-row");
  const line = element("p", "upload-result");
  const pill = element("span", "pill pill-sending", "Waiting to send");
  pill.setAttribute("role", "status");
  line.append(element("span", "filename", file.name), " ", pill);
  row.append(line);
  return row;
}

// The file was not taken: its row says why, in the server's words or ours.
function refuse(row, message, serverHtml) {
  row.querySelector(".pill").remove();
  row.dataset.refused = "";
  if (serverHtml) {
    row.insertAdjacentHTML("beforeend", serverHtml);
    return;
  }
  const note = element("p", "error", message);
  note.setAttribute("role", "alert");
  row.append(note);
}

async function send(form, file, row) {
  const limit = Number(form.dataset.maxBytes);
  if (file.size > limit) {
    refuse(row, `${file.name} is larger than ${Math.round(limit / 1048576)} MB, the upload limit.`);
    return;
  }
  row.querySelector(".pill").textContent = "Sending…";
  const body = new FormData();
  body.append("document_type", form.elements.document_type.value);
  body.append("file", file, file.name);
  let response;
  try {
    response = await fetch(form.action, {
      method: "POST",
      body,
      headers: { "x-csrftoken": csrfToken(), "HX-Request": "true" },
      credentials: "same-origin",
    });
  } catch {
    refuse(row, "The server could not be reached. Check the connection and send this file again.");
    return;
  }
  if (response.ok) {
    row.innerHTML = await response.text(); // the new batch's name and live pill
    htmx.process(row);
  } else if (response.status < 500) {
    refuse(row, "", await response.text());
  } else {
    const wait = response.headers.get("Retry-After");
    refuse(row, wait
      ? `The server is busy; send this file again in ${wait} seconds.`
      : "The server had a problem with this file; send it again in a moment.");
  }
}

function summarise() {
  const form = uploadForm();
  const list = form && document.querySelector(form.dataset.uploadList);
  if (!list) return;
  const counts = new Map();
  for (const row of list.children) {
    const pill = row.querySelector(".pill");
    const match = pill && pill.className.match(/\bpill-(\w+)/);
    const state = "refused" in row.dataset ? "refused" : match ? match[1] : "sending";
    const words = (SUMMARY.find(([key]) => key === state) || [state, state])[1];
    counts.set(words, (counts.get(words) || 0) + 1);
  }
  const said = [...new Set(SUMMARY.map(([, words]) => words))]
    .filter((words) => counts.has(words))
    .map((words) => `${counts.get(words)} ${words}`);
  document.querySelector(form.dataset.uploadSummary).textContent = said.join(", ");
}

async function sendAll(files) {
  const form = uploadForm();
  const list = document.querySelector(form.dataset.uploadList);
  if (!sending) list.replaceChildren(); // a new pile: the last one's rows go
  const jobs = [...files].map((file) => [file, list.appendChild(newRow(file))]);
  form.elements.file.value = ""; // ready for the next pile
  sending += jobs.length;
  summarise();
  const next = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      await send(form, ...job);
      sending -= 1;
      summarise();
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, jobs.length) }, next));
  htmx.trigger(document.body, "batch-uploaded"); // "My recent uploads" shows the pile
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("form[data-upload-list]")) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (form.elements.file.files.length) sendAll(form.elements.file.files);
}, true);

// Dropping files anywhere on the page opens the dialog and sends them.
function carriesFiles(event) {
  return event.dataTransfer && [...event.dataTransfer.types].includes("Files");
}

document.addEventListener("dragover", (event) => {
  if (!uploadForm() || !carriesFiles(event)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "copy";
  document.body.classList.add("dropping");
});

document.addEventListener("dragleave", (event) => {
  if (!event.relatedTarget) document.body.classList.remove("dropping");
});

document.addEventListener("drop", (event) => {
  const form = uploadForm();
  if (!form || !carriesFiles(event)) return;
  event.preventDefault();
  document.body.classList.remove("dropping");
  const dialog = form.closest("dialog");
  if (dialog && !dialog.open) dialog.showModal();
  if (event.dataTransfer.files.length) sendAll(event.dataTransfer.files);
});

// Each pill that changes changes the sum.
document.addEventListener("htmx:afterSettle", summarise);
