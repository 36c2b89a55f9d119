// The report's data as the page embeds it: an index, parsed now, that the summary, the
// filters, the tree and the list of survivors are drawn from; and each file's source and
// full mutants in a block of their own, parsed the first time the file is opened. A large
// report so opens at the cost of its index rather than of every file.

const report = JSON.parse(document.getElementById("report-index").textContent);
// Every test the report names; the files' mutants list their tests by position in it.
const tests = report.tests || [];
const testNames = new Map(tests.map(t => [t.id, t.name]));
const filesByName = new Map((report.files || []).map(f => [f.name, f]));
const fileNames = [...filesByName.keys()].sort();
// Each mutant as the index has it (id, status, mutatorName, description, line), with its file.
const mutants = new Map();
for (const file of filesByName.values()) {
  for (const m of file.mutants) mutants.set(m.id, { ...m, file: file.name });
}

const parsedFiles = new Map();

/** A file's lines and its mutants in full (test lists as ids again), parsed on first use. */
function fileData(name) {
  if (!parsedFiles.has(name)) {
    const block = document.getElementById("report-file-" + filesByName.get(name).part);
    const file = JSON.parse(block.textContent);
    const full = new Map();
    for (const m of file.mutants || []) {
      for (const list of ["coveredBy", "killedBy"]) {
        if (m[list]) m[list] = m[list].map(at => tests[at].id);
      }
      full.set(m.id, { ...m, file: name });
    }
    parsedFiles.set(name, { lines: (file.source || "").split("\n"), mutants: full });
  }
  return parsedFiles.get(name);
}

/** A mutant in full, from its file's block. */
const fullMutant = id => (mutants.has(id) ? fileData(mutants.get(id).file).mutants.get(id) : null);
