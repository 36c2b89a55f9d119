// Long lists (the survivors to look at, a mutant's covering tests) are drawn a page at a
// time: built and laid out whole, a list of thousands of items held up the view it is in.

/** Items per page: the page's `data-page-size`. */
const pageSize = () => Math.max(1, Number(document.body.dataset.pageSize) || 100);

/** A list of `items`, each drawn by `draw`, one page of them and a button that adds the next. */
function pagedList(attributes, items, draw) {
  const list = el("ul", attributes);
  const more = el("button", { type: "button", class: "more" });
  let drawn = 0;
  const next = () => {
    const end = Math.min(items.length, drawn + pageSize());
    list.append(...items.slice(drawn, end).map(draw));
    drawn = end;
    const left = items.length - drawn;
    more.textContent = "Show " + Math.min(left, pageSize()) + " more (" + left + " not shown)";
    more.hidden = left === 0;
  };
  more.addEventListener("click", next);
  next();
  return el("div", { class: "paged" }, list, more);
}

const FIRST_ROWS = 400;

/**
 * Appends `draw(item, index)` for every item to `parent`: the first ones (at least
 * `atOnce`) now, the rest in the next task, so a file of thousands of lines shows its top
 * (or its selected mutant) without waiting for the rest. (Drawn in one more task, not in
 * many: each append lays the table out again.) Stops if `parent` has left the page
 * (another file was drawn meanwhile); `done` runs once every item is drawn.
 */
function appendInTwo(parent, items, draw, atOnce, done) {
  const append = (from, to) => {
    const rows = [];
    for (let i = from; i < to; i++) rows.push(draw(items[i], i));
    parent.append(...rows);
  };
  const first = Math.min(items.length, Math.max(FIRST_ROWS, atOnce));
  append(0, first);
  if (first === items.length) return done();
  setTimeout(() => {
    if (!parent.isConnected) return;
    append(first, items.length);
    done();
  });
}
