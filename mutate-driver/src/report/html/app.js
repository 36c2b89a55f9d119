// Builds the report's view from its data (data.js). Text from the report (source, names,
// messages) only ever enters the page through text nodes.

const STATUSES = ["Killed", "Survived", "Timeout", "NoCoverage", "CompileError", "RuntimeError", "Ignored"];
const STATUS_NAMES = {
  Killed: "killed", Survived: "survived", Timeout: "timeout",
  NoCoverage: "no coverage", CompileError: "unviable", Ignored: "ignored",
  RuntimeError: "undefined behaviour suspected",
};
const shown = { statuses: new Set(STATUSES), operators: new Set() };
for (const m of mutants.values()) shown.operators.add(m.mutatorName);
let current = { file: null, mutant: null };

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.dataset[key.slice(5).replace(/-(.)/g, (_, c) => c.toUpperCase())] = value;
    else if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

// Detected over the mutants that count: the score of report.json's summary.
function scores(list) {
  const counts = Object.fromEntries(STATUSES.map(s => [s, 0]));
  for (const m of list) counts[m.status] = (counts[m.status] || 0) + 1;
  const detected = counts.Killed + counts.Timeout;
  const percent = (d, n) => (n > 0 ? (100 * d) / n : null);
  return {
    counts,
    score: percent(detected, detected + counts.Survived + counts.NoCoverage),
    covered: percent(detected, detected + counts.Survived),
  };
}

function band(score) {
  const high = report.thresholds ? report.thresholds.high : 80;
  const low = report.thresholds ? report.thresholds.low : 60;
  if (score === null) return "";
  return score >= high ? "band-high" : score >= low ? "band-medium" : "band-low";
}

const formatScore = score => (score === null ? "n/a" : score.toFixed(1) + "%");

function drawSummary() {
  const all = scores(mutants.values());
  const summary = document.getElementById("summary");
  summary.replaceChildren(
    el("span", { class: "score " + band(all.score), id: "score", "data-score": all.score === null ? "" : all.score.toFixed(2) },
      "Score " + formatScore(all.score)),
    el("span", { id: "covered-score" }, "covered " + formatScore(all.covered)),
    el("span", {}, el("span", { class: "count", id: "total", "data-count": mutants.size }, mutants.size), " mutants"),
    ...STATUSES.map(s => el("span", {},
      el("span", { class: "count", "data-status": s, "data-count": all.counts[s] }, all.counts[s]),
      " " + STATUS_NAMES[s])),
    report.seconds ? el("span", { id: "time" }, "in " + report.seconds.total.toFixed(1) + " s") : null,
  );
  const root = report.projectRoot || "";
  document.getElementById("project").textContent = root.split("/").filter(Boolean).pop() || "";
}

function drawFilters() {
  const box = (group, value, label, count) => el("label", {},
    el("input", {
      type: "checkbox", checked: "", "data-group": group, "data-value": value,
      onclick: event => {
        const set = shown[group];
        if (event.target.checked) set.add(value); else set.delete(value);
        redraw();
      },
    }),
    " " + label + (count === undefined ? "" : " (" + count + ")"));
  const all = scores(mutants.values()).counts;
  const byOperator = new Map();
  for (const m of mutants.values()) byOperator.set(m.mutatorName, (byOperator.get(m.mutatorName) || 0) + 1);
  document.getElementById("filters").replaceChildren(
    el("fieldset", { id: "status-filter" }, el("legend", {}, "Outcome"),
      ...STATUSES.filter(s => all[s] > 0).map(s => box("statuses", s, STATUS_NAMES[s], all[s]))),
    el("fieldset", { id: "operator-filter" }, el("legend", {}, "Operator"),
      ...[...byOperator.keys()].sort().map(o => box("operators", o, o, byOperator.get(o)))),
  );
}

const visible = m => shown.statuses.has(m.status) && shown.operators.has(m.mutatorName);

// The file tree: one list per directory, each file with its score and visible mutants.
function drawTree() {
  const root = { dirs: new Map(), files: [] };
  for (const name of fileNames) {
    const parts = name.split("/");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (!node.dirs.has(part)) node.dirs.set(part, { dirs: new Map(), files: [] });
      node = node.dirs.get(part);
    }
    node.files.push({ name, leaf: parts[parts.length - 1] });
  }
  // A folder that holds only one folder is shown with it, as one line: src/parser/.
  const collapsed = (dir, node) => {
    while (node.files.length === 0 && node.dirs.size === 1) {
      const [inner, child] = node.dirs.entries().next().value;
      dir += "/" + inner;
      node = child;
    }
    return [dir, node];
  };
  const list = node => el("ul", {},
    ...[...node.dirs.entries()].map(entry => collapsed(...entry)).map(([dir, child]) =>
      el("li", {}, el("div", { class: "dir" }, dir + "/"), list(child))),
    ...node.files.map(({ name, leaf }) => {
      const own = filesByName.get(name).mutants;
      const s = scores(own);
      const seen = own.filter(visible).length;
      return el("li", {}, el("button", {
        class: (name === current.file ? "current " : "") + (seen === 0 ? "empty" : ""),
        "data-file": name, title: name,
        onclick: () => openFile(name, null),
      }, el("span", { class: "name" }, leaf),
        el("span", { class: band(s.score) }, formatScore(s.score)),
        el("span", { class: "shown" }, "(" + seen + ")")));
    }));
  document.getElementById("tree").replaceChildren(list(root));
}

const chars = text => Array.from(text);

function drawFile() {
  const pane = document.getElementById("file");
  if (current.file === null) {
    pane.replaceChildren(el("p", { class: "hint" }, "Choose a file to see its source and its mutants."), attention());
    return;
  }
  const file = fileData(current.file);
  const starting = new Map();
  for (const m of file.mutants.values()) {
    if (!visible(m)) continue;
    const line = m.location.start.line;
    if (!starting.has(line)) starting.set(line, []);
    starting.get(line).push(m);
  }
  const row = (text, index) => {
    const no = index + 1;
    const marks = (starting.get(no) || []).map(m => el("button", {
      class: "mutant s-" + m.status + (m.id === current.mutant ? " current" : ""),
      "data-id": m.id, title: STATUS_NAMES[m.status] + ": " + m.description,
      "aria-label": STATUS_NAMES[m.status] + ": " + m.description,
      onclick: () => openFile(current.file, m.id),
    }));
    // Read when the row is drawn: a later chunk is drawn after the selection may have moved.
    const selected = fullMutant(current.mutant);
    return el("tr", { class: spans(selected, no) ? "selected" : "", id: "L" + no },
      el("td", { class: "no" }, no), el("td", { class: "marks" }, ...marks), codeCell(text, no, selected));
  };
  const body = el("tbody");
  const table = el("table", { class: "source" }, body);
  pane.replaceChildren(el("h2", {}, current.file), table);
  // The selected mutant's lines are among those drawn at once, so they can be scrolled to.
  const first = current.mutant ? mutants.get(current.mutant).line : 0;
  appendInTwo(body, file.lines, row, first + 50, () => { table.dataset.complete = ""; });
}

const spans = (m, no) => m !== null && m !== undefined && no >= m.location.start.line && no <= m.location.end.line;

/** A line's code, with the part the selected mutant replaces marked if it spans the line. */
const codeCell = (text, no, selected) =>
  el("td", { class: "code" }, spans(selected, no) ? highlighted(text, no, selected) : text);

// Another mutant of the file shown is chosen: only the lines of the two mutants and their
// marks change, so the file (thousands of lines, perhaps) is not drawn again.
function moveSelection(from, to) {
  const lines = fileData(current.file).lines;
  for (const m of [from, to]) {
    if (m === null) continue;
    for (let no = m.location.start.line; no <= m.location.end.line; no++) {
      const row = document.getElementById("L" + no);
      if (!row) continue;
      row.className = spans(to, no) ? "selected" : "";
      row.lastChild.replaceWith(codeCell(lines[no - 1] || "", no, to));
    }
  }
  for (const mark of document.querySelectorAll("#file button.mutant")) {
    mark.classList.toggle("current", to !== null && mark.dataset.id === to.id);
  }
}

// Before a file is chosen: the mutants that want attention (survivors, then uncovered).
function attention() {
  const wanted = [...mutants.values()].filter(m => visible(m) && (m.status === "Survived" || m.status === "NoCoverage"));
  wanted.sort((a, b) => (a.status === b.status ? 0 : a.status === "Survived" ? -1 : 1));
  if (wanted.length === 0) return null;
  return el("section", { id: "attention" }, el("h2", {}, "Survived and not covered (" + wanted.length + ")"),
    pagedList({}, wanted, m => el("li", {},
      el("button", { class: "mutant s-" + m.status, "data-id": m.id, "aria-label": STATUS_NAMES[m.status], onclick: () => openFile(m.file, m.id) }),
      " ", el("a", { href: "#" + new URLSearchParams({ file: m.file, mutant: m.id }) },
        m.file + ":" + m.line + ": " + m.description))));
}

// A line of the selected mutant's span, with the part it replaces marked.
function highlighted(text, no, m) {
  const c = chars(text);
  const from = no === m.location.start.line ? m.location.start.column - 1 : 0;
  const to = no === m.location.end.line ? m.location.end.column - 1 : c.length;
  return el("span", {}, c.slice(0, from).join(""), el("mark", { class: "span" }, c.slice(from, to).join("")), c.slice(to).join(""));
}

// The lines a mutant touches, before and after: its span replaced by its replacement.
function diff(m) {
  const lines = fileData(m.file).lines;
  const { start, end } = m.location;
  const before = lines.slice(start.line - 1, end.line);
  const first = chars(before[0] || "");
  const last = chars(before[before.length - 1] || "");
  const head = first.slice(0, start.column - 1).join("");
  const tail = last.slice(end.column - 1).join("");
  const original = before.join("\n");
  const prefix = "- ";
  const removed = el("span", { class: "del" }, prefix + original.split("\n").join("\n" + prefix));
  const replacement = m.replacement.split("\n").join("\n" + "+ ");
  const added = el("span", { class: "ins" }, "+ " + head, el("mark", {}, replacement), tail);
  return el("pre", { class: "diff" }, removed, added);
}

const testList = ids => pagedList({}, ids, id => el("li", {}, testNames.get(id) || id));

/** A `--relevance` run's word on a mutant: its class, and the test that showed it. */
function relevance(m) {
  const names = { relevant: "relevant to the change", not_relevant: "not relevant to the change", modification: "on the changed lines" };
  const shown = m.relevantBecause ? ", shown by " + m.relevantBecause.test : "";
  return (names[m.relevance] || m.relevance) + shown;
}

function drawDetails() {
  const aside = document.getElementById("details");
  const m = fullMutant(current.mutant);
  if (!m) {
    aside.hidden = true;
    return;
  }
  aside.hidden = false;
  const killedBy = m.killedBy || [];
  const coveredBy = m.coveredBy || [];
  const parts = [
    el("h2", {}, m.description),
    el("dl", {},
      el("dt", {}, "Status"), el("dd", {}, el("span", { class: "status s-" + m.status, id: "detail-status" }, m.equivalence === "proven" ? "equivalent" : STATUS_NAMES[m.status])),
      m.statusReason ? el("dt", {}, "Reason") : null, m.statusReason ? el("dd", { id: "detail-reason" }, m.statusReason) : null,
      m.duplicateOf ? el("dt", {}, "Same code as") : null, m.duplicateOf ? el("dd", { id: "detail-duplicate" }, m.duplicateOf) : null,
      m.reused ? el("dt", {}, "Verdict") : null, m.reused ? el("dd", {}, "taken from the previous run (--incremental)") : null,
      m.relevance ? el("dt", {}, "Relevance") : null, m.relevance ? el("dd", {}, relevance(m)) : null,
      el("dt", {}, "Operator"), el("dd", {}, m.mutatorName),
      el("dt", {}, "Where"), el("dd", {}, m.file + ":" + m.location.start.line + ":" + m.location.start.column),
      m.function ? el("dt", {}, "Function") : null, m.function ? el("dd", {}, m.function) : null,
      el("dt", {}, "Id"), el("dd", {}, m.id)),
    el("h3", {}, "Diff"), diff(m),
  ];
  if (m.diagnosis) {
    parts.push(el("h3", {}, "Why it survived: " + m.diagnosis.category.replace(/_/g, " ")),
      el("p", { id: "detail-suggestion" }, m.diagnosis.suggestion));
    if ((m.diagnosis.tests || []).length) parts.push(el("p", {}, "Tests it rests on:"), testList(m.diagnosis.tests));
  }
  if (m.suggestedTest) {
    parts.push(el("h3", {}, "A test that kills it"),
      el("p", {}, "Verified: it passes with every mutant off and fails with this one on. It asserts what the code does today."),
      el("pre", { id: "detail-suggested-test" }, el("code", {}, m.suggestedTest)));
  } else if (m.noSuggestedTest) {
    parts.push(el("h3", {}, "No test suggested"), el("p", { id: "detail-no-test" }, m.noSuggestedTest));
  }
  if (killedBy.length) parts.push(el("h3", {}, "Killed by"), testList(killedBy));
  parts.push(el("h3", {}, "Covered by " + coveredBy.length + (coveredBy.length === 1 ? " test" : " tests")));
  if (coveredBy.length) parts.push(el("details", { open: "" }, el("summary", {}, "tests"), testList(coveredBy)));
  aside.replaceChildren(...parts);
}

function redraw() {
  drawTree();
  drawFile();
  drawDetails();
}

function openFile(name, mutant) {
  const fileDrawn = name === current.file && document.querySelector("#file table.source") !== null;
  const previous = fullMutant(current.mutant);
  current = { file: name, mutant };
  const hash = "#" + new URLSearchParams(mutant ? { file: name, mutant } : { file: name });
  if (location.hash !== hash) history.replaceState(null, "", hash);
  if (fileDrawn) {
    moveSelection(previous, fullMutant(mutant));
    drawDetails();
  } else {
    redraw();
  }
  if (mutant) {
    const row = document.getElementById("L" + mutants.get(mutant).line);
    if (row && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
  }
}

// A link to a file or a mutant (#file=..&mutant=..) opens it.
function openFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const mutant = params.get("mutant");
  const file = params.get("file");
  if (mutant && mutants.has(mutant)) openFile(mutants.get(mutant).file, mutant);
  else if (file && filesByName.has(file)) openFile(file, null);
  else if (fileNames.length === 1) openFile(fileNames[0], null);
  else {
    current = { file: null, mutant: null };
    redraw();
  }
}

drawSummary();
drawFilters();
drawTree();
openFromHash();
window.addEventListener("hashchange", openFromHash);
